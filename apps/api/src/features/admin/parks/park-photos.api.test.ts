import fs from "node:fs";
import path from "node:path";
import type { AdminPark, ParkDetail } from "@parkwell/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";

let ctx: TestContext;
let manager: TestUser;
let park: number;
let foreign: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
  [park] = (await parksOf(db, harbourview)) as [number];
  [foreign] = (await parksOf(db, await operatorId(db, "Citypark Nigeria"))) as [number];
});
afterAll(async () => {
  await ctx?.close();
});

/** A multipart upload as a browser's FormData sends it. */
async function upload(parkId: number, bytes: Uint8Array, filename: string, alt?: string, user = manager) {
  const form = new FormData();
  if (alt !== undefined) form.append("alt", alt);
  form.append("photo", new Blob([Buffer.from(bytes)]), filename);
  const request = new Request("http://parkwell.test/", { method: "POST", body: form });
  return ctx.app.inject({
    method: "POST",
    url: `/api/v1/admin/parks/${parkId}/photos`,
    headers: { ...bearer(user), "content-type": request.headers.get("content-type")! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });

const uploadsDir = () => path.join(ctx.config.DATA_DIR, "uploads", "parks");
const storedFiles = () =>
  fs.existsSync(uploadsDir())
    ? (fs.readdirSync(uploadsDir(), { recursive: true }) as string[]).filter((f) => f.endsWith(".webp"))
    : [];

describe("POST /admin/parks/{id}/photos", () => {
  it("takes a PNG named .jpg (the content decides), re-encodes it resized as WebP, and serves it with a year's cache", async () => {
    const png = await picture(2400, 1200).png().toBuffer();
    const res = await upload(park, png, "entrance.jpg", "The entrance on Marina Road");
    expect(res.statusCode, res.body).toBe(201);
    const photos = res.json<AdminPark>().photos;
    const photo = photos[photos.length - 1]!;
    expect(photo).toMatchObject({ alt: "The entrance on Marina Road" });
    expect(photo.url).toMatch(new RegExp(`^/api/v1/uploads/parks/${park}/[0-9a-f-]{36}\\.webp$`));

    const served = await ctx.app.inject({ url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 800 });
    const thumb = await ctx.app.inject({ url: photo.thumb_url! });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);

    // The driver's park page shows it.
    const page = (await ctx.app.inject({ url: `/api/v1/front/parks/${park}` })).json<ParkDetail>();
    expect(page.photos).toContainEqual({ url: photo.url, alt: "The entrance on Marina Road" });
  });

  it("strips EXIF (the GPS position above all) from a JPEG", async () => {
    const jpeg = await picture(800, 600)
      .jpeg()
      .withExif({
        IFD0: { Make: "Spycam", Model: "X1" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "6/1 27/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "3/1 23/1 0/1",
        },
      })
      .toBuffer();
    const original = await sharp(jpeg).metadata();
    expect(original.exif?.toString("latin1")).toContain("Spycam");
    expect(original.exif?.length).toBeGreaterThan(50);

    const res = await upload(park, jpeg, "phone.jpeg");
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json<AdminPark>().photos.at(-1)!;
    const file = path.join(ctx.config.DATA_DIR, "uploads", photo.url.replace("/api/v1/uploads/", ""));
    const stored = fs.readFileSync(file);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.toString("latin1")).not.toContain("Spycam");
    expect(stored.toString("latin1")).not.toContain("GPS");
    // Named by the park's name when no alt text is given.
    expect(photo.alt.length).toBeGreaterThan(0);
  });

  it("refuses a text file named .jpg, an SVG and a broken image with 422, storing nothing", async () => {
    const before = storedFiles().length;
    const count = (await ctx.app.inject({ url: `/api/v1/front/parks/${park}` })).json<ParkDetail>().photos
      .length;
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const cases: [Uint8Array, string][] = [
      [Buffer.from("just some text, not a picture"), "notes.jpg"],
      [Buffer.from(svg), "logo.svg"],
      [Buffer.from(svg), "logo.png"],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), "broken.jpg"],
    ];
    for (const [bytes, name] of cases) {
      const res = await upload(park, bytes, name);
      expect(res.statusCode, name).toBe(422);
      expect(res.json()).toEqual({
        message: "The photo must be a JPEG, PNG or WebP image",
        code: "validation_error",
        fields: { photo: "The photo must be a JPEG, PNG or WebP image" },
      });
    }
    const fr = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/admin/parks/${park}/photos`,
      headers: { ...bearer(manager), "content-type": "application/json", "accept-language": "fr" },
      payload: {},
    });
    expect(fr.statusCode).toBe(422);
    expect(fr.json().fields.photo).toBe(
      "Choisissez une photo à envoyer (un champ multipart/form-data nommé photo)",
    );
    expect(storedFiles().length).toBe(before);
    expect(
      (await ctx.app.inject({ url: `/api/v1/front/parks/${park}` })).json<ParkDetail>().photos,
    ).toHaveLength(count);
  });

  it("stops reading a file past 5 MB and refuses it with 413", async () => {
    const before = storedFiles().length;
    // A real PNG header followed by 6 MB: refused for its size, before any decoding.
    const big = Buffer.concat([await picture(10, 10).png().toBuffer(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload(park, big, "huge.png");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: "photo_too_large", message: "The photo is larger than 5 MB" });
    expect(storedFiles().length).toBe(before);
  });

  it("deletes a photo and its files, reorders, and keeps another operator's park out of reach", async () => {
    const current = (await ctx.app.inject({ url: `/api/v1/front/parks/${park}` })).json<ParkDetail>().photos;
    expect(current.length).toBeGreaterThanOrEqual(2);
    const order = current.map((_, i) => i).reverse();
    const reordered = await ctx.app.inject({
      method: "PUT",
      url: `/api/v1/admin/parks/${park}/photos/order`,
      headers: bearer(manager),
      payload: { order },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<AdminPark>().photos.map((p) => p.url)).toEqual(
      [...current].reverse().map((p) => p.url),
    );
    const badOrder = await ctx.app.inject({
      method: "PUT",
      url: `/api/v1/admin/parks/${park}/photos/order`,
      headers: bearer(manager),
      payload: { order: [0, 0] },
    });
    expect(badOrder.statusCode).toBe(422);

    const first = reordered.json<AdminPark>().photos[0]!;
    const del = await ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/admin/parks/${park}/photos/0`,
      headers: bearer(manager),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json<AdminPark>().photos.map((p) => p.url)).not.toContain(first.url);
    expect((await ctx.app.inject({ url: first.url })).statusCode).toBe(404);
    const none = await ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/admin/parks/${park}/photos/40`,
      headers: bearer(manager),
    });
    expect(none.statusCode).toBe(404);

    const png = await picture(100, 100).png().toBuffer();
    const theirs = await upload(foreign, png, "a.png");
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: "Park not found", code: "park_not_found" });
  });
});
