// Personal documents through GET /api/v1/files: a signed link serves its file to the caller it was
// issued to until it expires; anything else is a 404, and the private folder is never public.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FILE_LINK_TTL_MS,
  issueFileLink,
  localPrivateFileStorage,
  newPrivateFileKey,
  ownerAudience,
  staffAudience,
  type PrivateFileStorage,
} from "../lib/private-files";
import { tinyImage, tinyPdf } from "../test/documents";
import { bearer, createStaff, createUser, type TestUser } from "../test/factories";
import { createTestContext, type TestContext } from "../test/harness";

const SECRET = "private-files-test-secret-0123456789";
let now = new Date("2026-05-04T09:00:00Z");
const clock = () => now;

let ctx: TestContext;
let storage: PrivateFileStorage;
let owner: TestUser;
let other: TestUser;
let staff: TestUser;
let key: string;
const pdf = tinyPdf();

beforeAll(async () => {
  ctx = await createTestContext({ QR_SIGNING_SECRET: SECRET }, { clock });
  // The app's own storage: the folder it chose under DATA_DIR.
  storage = localPrivateFileStorage(path.join(ctx.config.DATA_DIR, "private"));
  owner = await createUser(ctx.database.db, {}, clock);
  other = await createUser(ctx.database.db, {}, clock);
  staff = await createStaff(ctx.database.db, "admin");
  key = newPrivateFileKey("vehicle-docs/1", "application/pdf");
  await storage.put(key, pdf, "application/pdf");
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, user?: TestUser) =>
  ctx.app.inject({ url, headers: user ? { ...bearer(user), "accept-language": "fr" } : {} });

describe("GET /api/v1/files", () => {
  it("serves the file to the caller the link was issued to, privately, as what its bytes are", async () => {
    const link = issueFileLink(key, ownerAudience(owner.id), now, SECRET, "current-papers.pdf");
    const res = await get(link.url, owner);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="current-papers.pdf"');
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");

    const image = await tinyImage("png");
    const imageKey = newPrivateFileKey("vehicle-docs/1", "image/png");
    await storage.put(imageKey, image, "image/png");
    const staffLink = issueFileLink(
      imageKey,
      staffAudience(staff.id),
      now,
      SECRET,
      undefined,
      "vehicle_docs.view",
    );
    const seen = await get(staffLink.url, staff);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/png");
    expect(seen.headers["content-disposition"]).toBe(`attachment; filename="${imageKey.split("/").at(-1)}"`);
    expect(seen.rawPayload.equals(image)).toBe(true);
  });

  it("stops serving it when the link expires (the app's clock, moved on)", async () => {
    const link = issueFileLink(key, ownerAudience(owner.id), now, SECRET);
    const issuedAt = now;
    try {
      now = new Date(issuedAt.getTime() + FILE_LINK_TTL_MS - 1000);
      expect((await get(link.url, owner)).statusCode).toBe(200);
      now = new Date(issuedAt.getTime() + FILE_LINK_TTL_MS);
      const res = await get(link.url, owner);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: "file_not_found",
        message: "Ce lien de fichier est invalide ou a expiré. Veuillez ouvrir le document à nouveau.",
      });
      expect(res.headers["cache-control"]).toBe("private, no-store");
    } finally {
      now = issuedAt;
    }
  });

  it("is the same 404 for a tampered link, another caller's link, a removed file and nonsense", async () => {
    const link = issueFileLink(key, ownerAudience(owner.id), now, SECRET);
    const token = link.url.split("token=")[1]!;
    const [body, sig] = token.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as Record<string, unknown>;
    const otherKey = newPrivateFileKey("vehicle-docs/2", "application/pdf");
    await storage.put(otherKey, pdf, "application/pdf");
    const forged = (change: Record<string, unknown>) =>
      `/api/v1/files?token=${Buffer.from(JSON.stringify({ ...claims, ...change })).toString("base64url")}.${sig}`;
    const attempts: [string, TestUser][] = [
      [forged({ k: otherKey }), owner],
      [forged({ a: ownerAudience(other.id) }), other],
      [forged({ x: now.getTime() + 86_400_000 }), owner],
      // A signature changed in its middle, or only in the last character's unused bits.
      [
        `/api/v1/files?token=${body}.${sig.slice(0, 20)}${sig[20] === "A" ? "B" : "A"}${sig.slice(21)}`,
        owner,
      ],
      [`/api/v1/files?token=${body}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`, owner],
      // A right link, used by another driver, or by its owner's id as staff.
      [link.url, other],
      [issueFileLink(key, staffAudience(staff.id), now, SECRET, undefined, "vehicle_docs.view").url, owner],
      // A link signed with another secret.
      [issueFileLink(key, ownerAudience(owner.id), now, "another-secret-0123456789abcdef").url, owner],
      ["/api/v1/files?token=abc", owner],
      ["/api/v1/files?token=a.b.c", owner],
    ];
    for (const [url, user] of attempts) {
      const res = await get(url, user);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ code: string }>().code).toBe("file_not_found");
    }
    const gone = issueFileLink(otherKey, ownerAudience(owner.id), now, SECRET);
    expect((await get(gone.url, owner)).statusCode).toBe(200);
    await storage.remove(otherKey);
    expect((await get(gone.url, owner)).statusCode).toBe(404);
  });

  it("needs the caller's session: without a token a link is a 401, and a missing token parameter a 422", async () => {
    const link = issueFileLink(key, ownerAudience(owner.id), now, SECRET);
    expect((await get(link.url)).statusCode).toBe(401);
    expect((await get("/api/v1/files", owner)).statusCode).toBe(422);
  });
});

describe("the private folder", () => {
  it("is not reachable through the public uploads route, however the path is written", async () => {
    // The public route does serve its own folder: the 404s below are about the path, not a dead route.
    const uploads = path.join(ctx.config.DATA_DIR, "uploads", "parks");
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, "public.png"), await tinyImage("png"));
    expect((await get("/api/v1/uploads/parks/public.png")).statusCode).toBe(200);

    const rel = key;
    const paths = [
      `/api/v1/uploads/../private/${rel}`,
      `/api/v1/uploads/%2e%2e/private/${rel}`,
      `/api/v1/uploads/%2E%2E%2Fprivate%2F${rel.replaceAll("/", "%2F")}`,
      `/api/v1/uploads/..%2fprivate/${rel}`,
      `/api/v1/uploads/..%5cprivate/${rel}`,
      `/api/v1/uploads/parks/../../private/${rel}`,
      `/api/v1/uploads/parks/%2e%2e/%2e%2e/private/${rel}`,
      `/api/v1/uploads//../private/${rel}`,
      `/api/v1/uploads/%252e%252e/private/${rel}`,
      `/api/v1/uploads/.%2e/private/${rel}`,
      `/api/v1/private/${rel}`,
      `/api/private/${rel}`,
      `/private/${rel}`,
      `/api/v1/files/${rel}`,
    ];
    for (const url of paths) {
      for (const user of [undefined, owner]) {
        const res = await get(url, user);
        expect(res.statusCode, url).toBe(404);
        expect(res.rawPayload.includes(pdf.subarray(0, 40)), url).toBe(false);
      }
    }
  });
});
