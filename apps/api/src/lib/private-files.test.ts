import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { privateFileStorageOf } from "../plugins/private-files";
import {
  checkDocument,
  DOCUMENT_MAX_BYTES,
  FILE_LINK_TTL_MS,
  issueFileLink,
  localPrivateFileStorage,
  newPrivateFileKey,
  ownerAudience,
  purgeExpiredFiles,
  removePrivateFiles,
  retentionCutoff,
  s3PrivateFileStorage,
  signFileLink,
  storedDocumentType,
  staffAudience,
  verifyFileLink,
} from "./private-files";
import { compressedPdf, ONE_PAGE_OBJECTS, pdfOf, scriptedPdf, tinyImage, tinyPdf } from "../test/documents";

const image = tinyImage;
/** The document's type when `checkDocument` accepts it, else null. */
const sniffDocument = (bytes: Uint8Array) => {
  const check = checkDocument(bytes);
  return check.ok ? check.type : null;
};

describe("checkDocument", () => {
  it("knows a real JPEG, PNG and PDF by their bytes and structure", async () => {
    expect(sniffDocument(await image("jpeg"))).toBe("image/jpeg");
    expect(sniffDocument(await image("png"))).toBe("image/png");
    expect(sniffDocument(tinyPdf())).toBe("application/pdf");
  });

  it("accepts a PDF's incremental update and a PDF whose objects are compressed in an object stream", () => {
    const pdf = tinyPdf();
    // An incremental update: a new version of object 3, its own cross-reference section, startxref.
    const update = "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] >> endobj\n";
    const xrefAt = pdf.length + update.length;
    const updated = Buffer.concat([
      pdf,
      Buffer.from(
        `${update}xref\n3 1\n${String(pdf.length).padStart(10, "0")} 00000 n \ntrailer << /Size 4 /Root 1 0 R /Prev ${pdf.lastIndexOf("xref")} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
        "latin1",
      ),
    ]);
    expect(sniffDocument(updated)).toBe("application/pdf");
    expect(sniffDocument(compressedPdf())).toBe("application/pdf");
    // Strings may hold any text; "(50%)" is no comment.
    const titled = pdfOf([
      "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n",
      ONE_PAGE_OBJECTS[1]!,
      ONE_PAGE_OBJECTS[2]!,
      "4 0 obj << /Title (Licence \\(50%\\) <html>) /Author <FEFF0041> >> endobj\n",
    ]);
    expect(sniffDocument(titled)).toBe("application/pdf");
  });

  it("refuses anything after an image's end: a JPEG after its EOI, a PNG after IEND", async () => {
    const jpeg = await image("jpeg");
    expect(
      checkDocument(Buffer.concat([jpeg, Buffer.from("<html><script>alert(1)</script></html>")])),
    ).toEqual({
      ok: false,
      reason: "trailing_data",
    });
    // Even when what follows ends with an EOI of its own.
    expect(sniffDocument(Buffer.concat([jpeg, Buffer.from("<html>"), Buffer.from([0xff, 0xd9])]))).toBeNull();
    const png = await image("png");
    expect(checkDocument(Buffer.concat([png, Buffer.from("<html></html>")]))).toEqual({
      ok: false,
      reason: "trailing_data",
    });
    expect(checkDocument(Buffer.concat([png, png]))).toEqual({ ok: false, reason: "trailing_data" });
  });

  it("refuses HTML under a PDF's header and what lacks a PDF's structure", () => {
    const html = "%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n";
    expect(checkDocument(Buffer.from(html))).toEqual({ ok: false, reason: "not_a_document" });
    expect(sniffDocument(Buffer.from(`%PDF-1.4\n<html></html>\nstartxref\n0\n%%EOF\n`))).toBeNull();
    // The header must open the file.
    expect(sniffDocument(Buffer.concat([Buffer.from("<html>\n"), tinyPdf()]))).toBeNull();
    const pdf = tinyPdf().toString("latin1");
    // No object, no cross-reference, no startxref, something after %%EOF: each refused.
    const noObjects = `%PDF-1.4\nxref\n0 1\n0000000000 65535 f \ntrailer << /Size 1 >>\nstartxref\n9\n%%EOF\n`;
    expect(sniffDocument(Buffer.from(noObjects))).toBeNull();
    expect(sniffDocument(Buffer.from(pdf.replace(/xref\n0 4\n[\s\S]*?trailer/, "trailer")))).toBeNull();
    expect(sniffDocument(Buffer.from(pdf.replace("startxref", "")))).toBeNull();
    expect(sniffDocument(Buffer.from(`${pdf}<script>alert(1)</script>\n`))).toBeNull();
    // HTML between the objects, where a reader would never look but a browser would.
    const between = pdf.replace("2 0 obj", "<html><script>alert(1)</script></html>\n2 0 obj");
    expect(sniffDocument(Buffer.from(between))).toBeNull();
  });

  it("refuses a PDF with JavaScript, an action on opening, additional actions or a launch", () => {
    expect(checkDocument(scriptedPdf())).toEqual({ ok: false, reason: "active_content" });
    const catalogWith = (entry: string) =>
      pdfOf([`1 0 obj << /Type /Catalog /Pages 2 0 R ${entry} >> endobj\n`, ...ONE_PAGE_OBJECTS.slice(1)]);
    for (const entry of [
      "/OpenAction [3 0 R /Fit]",
      "/AA << /O 3 0 R >>",
      "/Names << /JavaScript 3 0 R >>",
      "/OpenAction << /S /Launch /F (cmd.exe) >>",
      "/Extra << /S /JS >>",
      // The same names written with #xx escapes.
      "/Open#41ction [3 0 R /Fit]",
      "/Names << /J#61va#53cript 3 0 R >>",
      "/#41A << /O 3 0 R >>",
      "/Extra << /S /#4a#53 >>",
      "/Extra << /S /L#61unch >>",
    ]) {
      expect(checkDocument(catalogWith(entry)), entry).toEqual({ ok: false, reason: "active_content" });
    }
    // Inside a compressed object stream too.
    expect(
      checkDocument(
        compressedPdf("<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (x) >> >>"),
      ),
    ).toEqual({
      ok: false,
      reason: "active_content",
    });
    // A name that only starts like one of them is a plain name.
    expect(sniffDocument(catalogWith("/AAB 1 /JSON 2 /Launcher 3"))).toBe("application/pdf");
  });

  it("refuses a text file renamed, and what only borrows a document's first bytes", async () => {
    expect(checkDocument(Buffer.from("Name: Ada Obi\nLicence: ABC123\n"))).toEqual({
      ok: false,
      reason: "not_a_document",
    });
    const png = await image("png");
    expect(
      sniffDocument(Buffer.concat([png.subarray(0, 8), Buffer.from("<svg onload=alert(1)>")])),
    ).toBeNull();
    expect(sniffDocument(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBeNull();
    expect(sniffDocument(Buffer.from("%PDF-1.7\n<script>alert(1)</script>"))).toBeNull();
    // An SVG, HTML and a WebP are not among the accepted documents.
    expect(sniffDocument(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    const webp = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    expect(sniffDocument(webp)).toBeNull();
    expect(checkDocument(Buffer.alloc(0))).toEqual({ ok: false, reason: "empty" });
  });

  it("refuses a truncated PNG, JPEG or PDF", async () => {
    const png = await image("png");
    for (const cut of [png.length - 1, png.length - 12, 40])
      expect(sniffDocument(png.subarray(0, cut))).toBeNull();
    const jpeg = await image("jpeg");
    expect(sniffDocument(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    expect(sniffDocument(jpeg.subarray(0, 30))).toBeNull();
    const pdf = tinyPdf();
    expect(sniffDocument(pdf.subarray(0, pdf.length - 8))).toBeNull();
  });

  it("takes 10 MB exactly and refuses a byte more", () => {
    /** A PDF of exactly `size` bytes (the offsets' digits grow with the padding: measured, then fitted). */
    const pdfOf = (size: number) => {
      const padding = size - tinyPdf().length - 2;
      return tinyPdf(padding - (tinyPdf(padding).length - size));
    };
    const exact = pdfOf(DOCUMENT_MAX_BYTES);
    expect(exact.length).toBe(DOCUMENT_MAX_BYTES);
    expect(sniffDocument(exact)).toBe("application/pdf");
    const over = pdfOf(DOCUMENT_MAX_BYTES + 1);
    expect(over.length).toBe(DOCUMENT_MAX_BYTES + 1);
    expect(checkDocument(over)).toEqual({ ok: false, reason: "too_large" });
    expect(sniffDocument(over)).toBeNull();
  });
});

describe("storedDocumentType", () => {
  it("serves a stored file as its signature says, a file stored under an earlier, looser check included", async () => {
    const jpeg = await image("jpeg");
    // A phone's motion photo (a video after the JPEG's end), accepted before trailing data was refused.
    const motionPhoto = Buffer.concat([jpeg, Buffer.from("ftypmp42....video....")]);
    expect(checkDocument(motionPhoto)).toEqual({ ok: false, reason: "trailing_data" });
    expect(storedDocumentType(motionPhoto)).toBe("image/jpeg");
    expect(storedDocumentType(await image("png"))).toBe("image/png");
    expect(storedDocumentType(tinyPdf())).toBe("application/pdf");
    // Never what a stored name claims: bytes of no document are no type at all.
    expect(storedDocumentType(Buffer.from("<html><script>alert(1)</script></html>"))).toBeNull();
    expect(storedDocumentType(Buffer.from("%PDX-1.4"))).toBeNull();
    expect(storedDocumentType(Buffer.alloc(0))).toBeNull();
  });
});

describe("file links", () => {
  const secret = "a-test-secret-of-32-characters!!";
  const now = new Date("2026-06-01T10:00:00Z");
  const key = "vehicle-docs/12/0123456789abcdef0123456789abcdef.pdf";
  const owner = ownerAudience("6f1c7c1e-0d5c-4f43-9a44-3a2f1f0b7d11");
  const expires = new Date(now.getTime() + FILE_LINK_TTL_MS);

  it("serve their key to their audience until they expire, not a millisecond after", () => {
    const token = signFileLink(key, owner, expires, secret, "licence.pdf");
    expect(verifyFileLink(token, [owner], now, secret)).toEqual({
      key,
      audience: owner,
      expiresAt: expires,
      filename: "licence.pdf",
    });
    expect(verifyFileLink(token, [owner], new Date(expires.getTime() - 1), secret)).not.toBeNull();
    expect(verifyFileLink(token, [owner], expires, secret)).toBeNull();
    expect(verifyFileLink(token, [owner], new Date(expires.getTime() + 86_400_000), secret)).toBeNull();
  });

  it("name the permission a staff link was issued under, and only a staff link has one", () => {
    const staff = staffAudience("6f1c7c1e-0d5c-4f43-9a44-3a2f1f0b7d11");
    const token = signFileLink(key, staff, expires, secret, undefined, "vehicle_docs.view");
    expect(verifyFileLink(token, [staff], now, secret)?.permission).toBe("vehicle_docs.view");
    expect(verifyFileLink(signFileLink(key, owner, expires, secret), [owner], now, secret)?.permission).toBe(
      undefined,
    );
    expect(() => signFileLink(key, staff, expires, secret)).toThrow();
    expect(() => signFileLink(key, owner, expires, secret, undefined, "vehicle_docs.view")).toThrow();
  });

  it("are refused to another audience: another driver, or the same id as staff when issued as owner", () => {
    const token = signFileLink(key, owner, expires, secret);
    expect(verifyFileLink(token, [ownerAudience("someone-else")], now, secret)).toBeNull();
    expect(
      verifyFileLink(token, [staffAudience("6f1c7c1e-0d5c-4f43-9a44-3a2f1f0b7d11")], now, secret),
    ).toBeNull();
    expect(verifyFileLink(token, [], now, secret)).toBeNull();
  });

  it("are refused once anything in them is changed, or under another secret", () => {
    const token = signFileLink(key, owner, expires, secret);
    const [body, sig] = token.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as Record<string, unknown>;
    const forge = (change: Record<string, unknown>) =>
      `${Buffer.from(JSON.stringify({ ...claims, ...change })).toString("base64url")}.${sig}`;
    expect(
      verifyFileLink(
        forge({ k: "vehicle-docs/13/0123456789abcdef0123456789abcdef.pdf" }),
        [owner],
        now,
        secret,
      ),
    ).toBeNull();
    expect(verifyFileLink(forge({ x: expires.getTime() + 3_600_000 }), [owner], now, secret)).toBeNull();
    expect(
      verifyFileLink(forge({ a: ownerAudience("other") }), [ownerAudience("other")], now, secret),
    ).toBeNull();
    const flipped = sig.slice(0, -2) + (sig.at(-2) === "A" ? "B" : "A") + sig.at(-1);
    expect(verifyFileLink(`${body}.${flipped}`, [owner], now, secret)).toBeNull();
    expect(verifyFileLink(token, [owner], now, "another-secret-of-32-characters!")).toBeNull();
    for (const bad of ["", ".", body, `${token}.x`, "a.b", "x".repeat(5000)]) {
      expect(verifyFileLink(bad, [owner], now, secret)).toBeNull();
    }
  });

  it("are issued for five minutes as a path under /api/v1, and refuse a bad key, audience or name", () => {
    const link = issueFileLink(key, owner, now, secret, "id-card.pdf");
    expect(link.expires_at).toBe("2026-06-01T10:05:00.000Z");
    expect(link.url).toMatch(/^\/api\/v1\/files\?token=[\w-]+\.[\w-]+$/);
    expect(() => signFileLink("../etc/passwd.pdf", owner, expires, secret)).toThrow();
    expect(() => signFileLink(key, "anyone", expires, secret)).toThrow();
    expect(() => signFileLink(key, owner, expires, secret, 'a".pdf')).toThrow();
  });
});

describe("local private storage", () => {
  it("round-trips a file in its folder, readable by the owner only, and removes it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-private-"));
    const storage = localPrivateFileStorage(dir);
    const key = newPrivateFileKey("vehicle-docs/7", "application/pdf");
    expect(key).toMatch(/^vehicle-docs\/7\/[0-9a-f]{32}\.pdf$/);
    const pdf = tinyPdf();
    await storage.put(key, pdf, "application/pdf");
    expect(await storage.get(key)).toEqual({ body: pdf, contentType: "application/pdf" });
    expect(fs.statSync(path.join(dir, key)).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.join(dir, "vehicle-docs/7"))).toEqual([key.split("/").at(-1)]);

    expect(await storage.get("vehicle-docs/7/0123456789abcdef0123456789abcdef.pdf")).toBeNull();
    await expect(storage.put("../escape.pdf", pdf, "application/pdf")).rejects.toThrow();
    await expect(storage.put("vehicle-docs/7/../../x.pdf", pdf, "application/pdf")).rejects.toThrow();
    await expect(storage.put("vehicle-docs/7/a.pdf", pdf, "image/png")).rejects.toThrow();
    await expect(storage.get("/etc/passwd.pdf")).rejects.toThrow();
    expect(() => newPrivateFileKey("../x", "image/png")).toThrow();

    expect(await removePrivateFiles(storage, [key, key])).toBe(2);
    expect(await storage.get(key)).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps documents 90 days after completion, then the purge removes them in batches", async () => {
    expect(retentionCutoff(new Date("2026-06-01T10:00:00Z")).toISOString()).toBe("2026-03-03T10:00:00.000Z");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-private-"));
    const storage = localPrivateFileStorage(dir);
    // A feature's rows: a file's key and when its request was completed (null: still open).
    const rows: { key: string | null; completedAt: Date | null }[] = [];
    const completed = [
      new Date("2026-01-01T00:00:00Z"),
      new Date("2026-01-02T00:00:00Z"),
      new Date("2026-01-02T00:00:00Z"),
      new Date("2026-01-03T00:00:00Z"),
      null,
    ];
    for (const completedAt of completed) {
      const key = newPrivateFileKey("vehicle-docs/9", "application/pdf");
      await storage.put(key, tinyPdf(), "application/pdf");
      rows.push({ key, completedAt });
    }
    const files = {
      due: async (cutoff: Date, limit: number) =>
        rows
          .filter((r) => r.key && r.completedAt && r.completedAt <= cutoff)
          .slice(0, limit)
          .map((r) => r.key!),
      purged: async (keys: string[]) => {
        for (const r of rows) if (r.key && keys.includes(r.key)) r.key = null;
      },
    };
    const kept = rows.map((r) => r.key!);
    let now = new Date("2026-03-31T23:59:59Z");
    const clock = () => now;
    // 89 days and 23:59:59 after the first completion: nothing is due yet.
    expect(await purgeExpiredFiles(storage, clock, files, { batch: 2 })).toBe(0);
    now = new Date("2026-04-01T00:00:00Z");
    expect(await purgeExpiredFiles(storage, clock, files, { batch: 2 })).toBe(1);
    now = new Date("2026-04-01T12:00:00Z");
    expect(await purgeExpiredFiles(storage, clock, files, { batch: 2 })).toBe(0);
    now = new Date("2026-06-01T00:00:00Z");
    expect(await purgeExpiredFiles(storage, clock, files, { batch: 2 })).toBe(3);
    expect(rows.map((r) => r.key)).toEqual([null, null, null, null, kept[4]]);
    for (const key of kept.slice(0, 4)) expect(await storage.get(key)).toBeNull();
    expect(await storage.get(kept[4]!)).not.toBeNull();

    // A feature that fails to clear its keys does not make the purge loop forever.
    const stuck = { due: async () => [kept[4]!], purged: async () => {} };
    expect(await purgeExpiredFiles(storage, clock, stuck, { batch: 1 })).toBe(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

/**
 * The private bucket against a loopback server that answers as S3 does and records what it was
 * sent (no S3-compatible server is installed here).
 */
describe("S3 private storage", () => {
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
  const objects = new Map<string, Buffer>();
  let server: http.Server;
  let endpoint: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const url = req.url!.split("?")[0]!;
        seen.push({ method: req.method!, url, headers: req.headers });
        if (req.method === "PUT") {
          objects.set(url, Buffer.concat(chunks));
          res.writeHead(200, { etag: '"abc"' }).end();
        } else if (req.method === "GET") {
          const body = objects.get(url);
          if (body) res.writeHead(200, { "content-type": "application/pdf" }).end(body);
          else
            res
              .writeHead(404, { "content-type": "application/xml" })
              .end("<Error><Code>NoSuchKey</Code><Message>No such key</Message></Error>");
        } else {
          objects.delete(url);
          res.writeHead(204).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("puts a private object, reads it back through the API's client, and deletes it", async () => {
    const storage = s3PrivateFileStorage({
      bucket: "parkwell-private",
      region: "us-east-1",
      endpoint,
      accessKeyId: "test-key",
      secretAccessKey: "test-secret",
      forcePathStyle: true,
    });
    const key = "vehicle-docs/3/0123456789abcdef0123456789abcdef.pdf";
    const pdf = tinyPdf();
    await storage.put(key, pdf, "application/pdf");
    const put = seen.find((r) => r.method === "PUT")!;
    expect(put.url).toBe(`/parkwell-private/${key}`);
    expect(put.headers["content-type"]).toBe("application/pdf");
    expect(put.headers["cache-control"]).toBe("private, no-store");
    expect(put.headers["x-amz-acl"]).toBeUndefined();
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);

    expect(await storage.get(key)).toEqual({ body: pdf, contentType: "application/pdf" });
    await storage.remove(key);
    expect(seen.find((r) => r.method === "DELETE")!.url).toBe(`/parkwell-private/${key}`);
    expect(await storage.get(key)).toBeNull();
  });

  it("is chosen by S3_PRIVATE_BUCKET, never the public bucket; without it DATA_DIR/private", () => {
    expect(() =>
      loadConfig({ S3_BUCKET: "photos", S3_PRIVATE_BUCKET: "photos", S3_ENDPOINT: endpoint }),
    ).toThrow(/S3_PRIVATE_BUCKET/);
    const s3 = loadConfig({ S3_BUCKET: "photos", S3_PRIVATE_BUCKET: "documents", S3_ENDPOINT: endpoint });
    expect(privateFileStorageOf(s3).kind).toBe("s3");
    expect(privateFileStorageOf(loadConfig({ S3_BUCKET: "photos", S3_ENDPOINT: endpoint })).kind).toBe(
      "local",
    );
    expect(privateFileStorageOf(loadConfig({})).kind).toBe("local");
  });
});
