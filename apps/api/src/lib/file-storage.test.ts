import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { localFileStorage, s3FileStorage, UPLOADS_URL_PREFIX } from "./file-storage";

describe("local storage", () => {
  it("writes under its folder, gives the served URL, and removes only what it gave", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-files-"));
    const storage = localFileStorage(dir);
    const url = await storage.put("parks/3/abc.webp", Buffer.from("x"), "image/webp");
    expect(url).toBe(`${UPLOADS_URL_PREFIX}parks/3/abc.webp`);
    expect(fs.readFileSync(path.join(dir, "parks/3/abc.webp"), "utf8")).toBe("x");
    await expect(storage.put("../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();
    await storage.remove("/elsewhere/parks/3/abc.webp");
    await storage.remove(`${UPLOADS_URL_PREFIX}../../etc/passwd.webp`);
    expect(fs.existsSync(path.join(dir, "parks/3/abc.webp"))).toBe(true);
    await storage.remove(url);
    expect(fs.existsSync(path.join(dir, "parks/3/abc.webp"))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

/**
 * The S3 storage against a loopback server that answers as S3 does and records what it was sent
 * (no S3-compatible server is installed here): the SDK's requests, path-style, signed.
 */
describe("S3 storage", () => {
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  let server: http.Server;
  let endpoint: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        if (req.method === "PUT") res.writeHead(200, { etag: '"abc"' }).end();
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("puts an object with its type and a year's cache, returns its public URL, and deletes it", async () => {
    const storage = s3FileStorage({
      bucket: "park-photos",
      region: "us-east-1",
      endpoint,
      accessKeyId: "test-key",
      secretAccessKey: "test-secret",
      publicUrl: "https://cdn.parkwell.test/photos/",
      forcePathStyle: true,
    });
    const url = await storage.put("parks/9/f00.webp", Buffer.from("webp-bytes"), "image/webp");
    expect(url).toBe("https://cdn.parkwell.test/photos/parks/9/f00.webp");
    const put = seen.find((r) => r.method === "PUT")!;
    expect(put.url.split("?")[0]).toBe("/park-photos/parks/9/f00.webp");
    expect(put.headers["content-type"]).toBe("image/webp");
    expect(put.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);
    expect(put.body).toBe("webp-bytes");

    await storage.remove("https://elsewhere.test/parks/9/f00.webp");
    expect(seen.filter((r) => r.method === "DELETE")).toHaveLength(0);
    await storage.remove(url);
    const del = seen.find((r) => r.method === "DELETE")!;
    expect(del.url.split("?")[0]).toBe("/park-photos/parks/9/f00.webp");
  });

  it("is configured by S3_* variables; a bucket on AWS needs its public URL", () => {
    expect(() => loadConfig({ S3_BUCKET: "park-photos" })).toThrow(/S3_PUBLIC_URL/);
    expect(() => loadConfig({ S3_BUCKET: "Bad_Bucket", S3_ENDPOINT: endpoint })).toThrow(/S3_BUCKET/);
    const config = loadConfig({ S3_BUCKET: "park-photos", S3_ENDPOINT: endpoint });
    expect(config).toMatchObject({
      S3_BUCKET: "park-photos",
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
    });
  });
});
