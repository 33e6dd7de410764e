// A vehicle document request's files (decision 032): the driver's uploads checked by their bytes,
// links that serve only their caller for five minutes, staff's issued scans seen by the driver,
// the upload that answers "more information needed", the limits, and the 90 days' retention.
import { addDays, dayOnClock } from "@parkwell/contract";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { userVehicles } from "../../db/schema/index";
import { QUEUES } from "../../feature-jobs";
import { FILE_LINK_TTL_MS, localPrivateFileStorage, type PrivateFileStorage } from "../../lib/private-files";
import { scriptedPdf, tinyImage, tinyPdf } from "../../test/documents";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { fund } from "../bookings/bookings.test-kit";
import { ngParks } from "../marketplace/marketplace.test-kit";
import { startSession } from "../sessions/sessions.service";

const SECRET = "vehicle-doc-files-test-secret-0123456789";
let now = new Date("2026-06-01T09:00:00Z");
const clock = () => now;
const DAY = 86_400_000;

let ctx: TestContext;
let db: Db;
let storage: PrivateFileStorage;
let staff: TestUser;
let park: number;

beforeAll(async () => {
  ctx = await createTestContext({ QR_SIGNING_SECRET: SECRET }, { clock });
  db = ctx.database.db;
  storage = localPrivateFileStorage(path.join(ctx.config.DATA_DIR, "private"));
  [park] = (await ngParks(db, 1)) as [number];
  staff = await createUser(db, { role: "admin" }, clock);
});
afterAll(async () => {
  await ctx?.close();
});

async function driverWithRequest(): Promise<{ driver: TestUser; code: string }> {
  const driver = await createUser(db, {}, clock);
  await fund(db, driver.id, 10_000_000);
  const [vehicle] = await db
    .insert(userVehicles)
    .values({
      userId: driver.id,
      plateNumber: `LAG${Math.floor(Math.random() * 1e6)}`,
      vehicleTypeId: 1,
      make: "Toyota",
      model: "Corolla",
      color: "Silver",
      registrationStateId: 1,
      engineCc: 1800,
      vehicleUse: "private",
    })
    .returning({ id: userVehicles.id });
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/vehicle-docs/requests",
    headers: bearer(driver),
    payload: {
      type: "vehicle_papers",
      vehicle_id: vehicle!.id,
      documents: ["vehicle_licence"],
      delivery: { park_id: park },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { driver, code: res.json().code as string };
}

/** A multipart upload as a browser's FormData sends it: the text fields first, then the file. */
async function upload(
  user: TestUser,
  url: string,
  bytes: Uint8Array,
  fields: Record<string, string> = { label: "current papers" },
  lang = "en",
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new Blob([Buffer.from(bytes)]), "scan.bin");
  const request = new Request("http://parkwell.test/", { method: "POST", body: form });
  return ctx.app.inject({
    method: "POST",
    url: `/api/v1${url}`,
    headers: {
      ...bearer(user),
      "content-type": request.headers.get("content-type")!,
      "accept-language": lang,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ url: url.startsWith("/api") ? url : `/api/v1${url}`, headers: bearer(user) });
const post = (user: TestUser, url: string, payload?: object) =>
  ctx.app.inject({ method: "POST", url: `/api/v1${url}`, headers: bearer(user), payload });

interface FileItem {
  id: number;
  kind: string;
  label: string;
  content_type: string;
  uploaded_by: string;
  link: { url: string; expires_at: string } | null;
  purged_at: string | null;
}
const listOf = async (user: TestUser, url: string) => {
  const res = await get(user, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: FileItem[]; total: number }>();
};

async function stageOf(code: string): Promise<{ stage: string; answer: string | null }> {
  const [row] = await queryRows<{ stage: string; answer: string | null }>(
    db,
    sql`SELECT stage, answer FROM vehicle_doc_requests WHERE code = ${code}`,
  );
  return row!;
}

async function staffMove(code: string, ...stages: string[]) {
  for (const to of stages) {
    // Delivered takes the issued licence's new expiry date: a year after today on Nigeria's clock.
    const expiries = [
      { document_type: "vehicle_licence", expires_on: addDays(dayOnClock(clock(), "Africa/Lagos"), 365) },
    ];
    const res = await post(staff, `/admin/vehicle-docs/requests/${code}/stage`, {
      to,
      ...(to === "delivered" ? { expiries } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe("the driver's uploads", () => {
  it("takes a JPEG, a PNG and a PDF by their bytes, lists them with links that serve the owner only, for five minutes", async () => {
    const { driver, code } = await driverWithRequest();
    const other = await createUser(db, {}, clock);
    const jpeg = await tinyImage("jpeg");
    const png = await tinyImage("png");
    const pdf = tinyPdf();
    const url = `/vehicle-docs/requests/${code}/files`;
    const a = await upload(driver, url, jpeg, { label: "current papers" });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({
      kind: "driver_upload",
      content_type: "image/jpeg",
      uploaded_by: "driver",
    });
    expect((await upload(driver, url, png, { label: "means of identification" })).statusCode).toBe(201);
    expect((await upload(driver, url, pdf, { label: "  Insurance certificate 2025  " })).statusCode).toBe(
      201,
    );

    const list = await listOf(driver, url);
    expect(list.total).toBe(3);
    expect(list.items.map((f) => [f.label, f.content_type])).toEqual([
      ["current papers", "image/jpeg"],
      ["means of identification", "image/png"],
      ["Insurance certificate 2025", "application/pdf"],
    ]);
    // The answer carries links, never a storage key.
    expect(JSON.stringify(list)).not.toContain("vehicle-docs/");
    const link = list.items[2]!.link!;
    const served = await get(driver, link.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect((await get(other, link.url)).statusCode).toBe(404);
    expect((await get(driver, list.items[0]!.link!.url)).rawPayload.equals(jpeg)).toBe(true);

    const before = now;
    now = new Date(now.getTime() + FILE_LINK_TTL_MS + 1000);
    try {
      const late = await get(driver, link.url);
      expect(late.statusCode).toBe(404);
      expect(late.json().code).toBe("file_not_found");
    } finally {
      now = before;
    }
  });

  it("refuses a renamed text file (422), over 10 MB (413), a missing or long label (422), and stores nothing", async () => {
    const { driver, code } = await driverWithRequest();
    const url = `/vehicle-docs/requests/${code}/files`;
    const text = await upload(driver, url, Buffer.from("not a picture at all\n".repeat(20)), undefined, "fr");
    expect(text.statusCode).toBe(422);
    expect(text.json().code).toBe("document_type_refused");
    const big = Buffer.concat([await tinyImage("jpeg"), Buffer.alloc(10 * 1024 * 1024)]);
    const large = await upload(driver, url, big);
    expect(large.statusCode).toBe(413);
    expect(large.json().code).toBe("document_too_large");
    const pdf = tinyPdf();
    const noLabel = await upload(driver, url, pdf, {}, "fr");
    expect(noLabel.statusCode).toBe(422);
    expect(noLabel.json().fields.label).toContain("Dites ce qu'est ce fichier");
    expect((await upload(driver, url, pdf, { label: "x".repeat(61) })).statusCode).toBe(422);
    expect((await upload(driver, url, pdf, { label: "bad\u0000label" })).statusCode).toBe(422);
    expect((await listOf(driver, url)).total).toBe(0);
  });

  it("refuses HTML under a PDF's header, a PDF that runs JavaScript and an image with data after its end (422 in French), and stores nothing", async () => {
    const { driver, code } = await driverWithRequest();
    const url = `/vehicle-docs/requests/${code}/files`;
    const stored = () =>
      fs.readdirSync(path.join(ctx.config.DATA_DIR, "private"), { recursive: true }).length;
    const before = fs.existsSync(path.join(ctx.config.DATA_DIR, "private")) ? stored() : 0;
    const html = Buffer.from(
      "%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\nstartxref\n0\n%%EOF\n",
    );
    const polyglot = await upload(driver, url, html, undefined, "fr");
    expect(polyglot.statusCode).toBe(422);
    expect(polyglot.json()).toMatchObject({
      code: "document_type_refused",
      fields: { file: "Envoyez un fichier JPEG, PNG ou PDF (une photo ou un scan du document)" },
    });
    const scripted = await upload(driver, url, scriptedPdf(), undefined, "fr");
    expect(scripted.statusCode).toBe(422);
    expect(scripted.json()).toMatchObject({
      code: "document_active_content",
      message:
        "Ce PDF contient des scripts ou des actions automatiques\u00a0: envoyez un PDF simple, un scan ou une photo du document",
    });
    const english = await upload(driver, url, scriptedPdf());
    expect(english.json().message).toBe(
      "This PDF contains scripts or automatic actions: upload a plain PDF, a scan or a photo of the document",
    );
    const trailing = Buffer.concat([
      await tinyImage("jpeg"),
      Buffer.from("<html><script>alert(1)</script></html>"),
    ]);
    const image = await upload(driver, url, trailing, undefined, "fr");
    expect(image.statusCode).toBe(422);
    expect(image.json()).toMatchObject({
      code: "document_trailing_data",
      message:
        "Cette image contient des données après sa fin\u00a0: enregistrez-la en simple JPEG ou PNG et envoyez-la à nouveau",
    });
    expect((await listOf(driver, url)).total).toBe(0);
    expect(fs.existsSync(path.join(ctx.config.DATA_DIR, "private")) ? stored() : 0).toBe(before);
  });

  it("answers 404 for another driver's request, on the list and the upload, and 403 for an issued scan", async () => {
    const { driver, code } = await driverWithRequest();
    const other = await createUser(db, {}, clock);
    const url = `/vehicle-docs/requests/${code}/files`;
    expect((await get(other, url)).statusCode).toBe(404);
    const theirs = await upload(other, url, tinyPdf());
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe("request_not_found");
    expect((await get(driver, "/vehicle-docs/requests/VD-NOPE00/files")).statusCode).toBe(404);

    const scan = await upload(driver, url, tinyPdf(), { label: "licence", kind: "issued_scan" });
    expect(scan.statusCode).toBe(403);
    expect(scan.json().code).toBe("kind_refused");
    // The back office's route needs the permission.
    expect((await upload(driver, `/admin/vehicle-docs/requests/${code}/files`, tinyPdf())).statusCode).toBe(
      403,
    );
    expect((await get(driver, `/admin/vehicle-docs/requests/${code}/files`)).statusCode).toBe(403);
    expect((await listOf(driver, url)).total).toBe(0);
  });

  it("holds at most 10 uploads (409 after), and none once the request is closed", async () => {
    const { driver, code } = await driverWithRequest();
    const url = `/vehicle-docs/requests/${code}/files`;
    const pdf = tinyPdf();
    for (let i = 0; i < 10; i++)
      expect((await upload(driver, url, pdf, { label: `page ${i}` })).statusCode).toBe(201);
    const full = await upload(driver, url, pdf);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe("too_many_files");
    expect((await listOf(driver, url)).total).toBe(10);

    const second = await driverWithRequest();
    expect((await post(second.driver, `/vehicle-docs/requests/${second.code}/cancel`)).statusCode).toBe(200);
    const closed = await upload(second.driver, `/vehicle-docs/requests/${second.code}/files`, pdf);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe("request_closed");
  });

  it("answers the staff's question: the upload sends the request back to be checked", async () => {
    const { driver, code } = await driverWithRequest();
    const ask = await post(staff, `/admin/vehicle-docs/requests/${code}/question`, {
      question: "The photo of the licence is blurred: send a clearer one",
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const res = await upload(driver, `/vehicle-docs/requests/${code}/files`, await tinyImage("png"), {
      label: "clearer licence photo",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stageOf(code)).toEqual({ stage: "submitted", answer: "clearer licence photo" });
    // An upload at another stage moves nothing.
    await staffMove(code, "documents_checked");
    expect((await upload(driver, `/vehicle-docs/requests/${code}/files`, tinyPdf())).statusCode).toBe(201);
    expect((await stageOf(code)).stage).toBe("documents_checked");
  });
});

describe("the issued scans", () => {
  it("staff upload a scan the driver sees in their list, each with a link for its own caller", async () => {
    const { driver, code } = await driverWithRequest();
    const pdf = tinyPdf(40);
    await upload(driver, `/vehicle-docs/requests/${code}/files`, await tinyImage("jpeg"));
    const res = await upload(staff, `/admin/vehicle-docs/requests/${code}/files`, pdf, {
      label: "vehicle licence 2026",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: "issued_scan", uploaded_by: "staff" });

    const staffList = await listOf(staff, `/admin/vehicle-docs/requests/${code}/files`);
    expect(staffList.items.map((f) => f.kind)).toEqual(["driver_upload", "issued_scan"]);
    const staffLink = staffList.items[1]!.link!.url;
    expect((await get(staff, staffLink)).rawPayload.equals(pdf)).toBe(true);
    expect((await get(driver, staffLink)).statusCode).toBe(404);

    const mine = await listOf(driver, `/vehicle-docs/requests/${code}/files`);
    const scan = mine.items.find((f) => f.kind === "issued_scan")!;
    expect(scan).toMatchObject({ label: "vehicle licence 2026", uploaded_by: "staff" });
    expect((await get(driver, scan.link!.url)).rawPayload.equals(pdf)).toBe(true);
    expect((await get(staff, `/admin/vehicle-docs/requests/VD-NOPE00/files`)).statusCode).toBe(404);
  });

  it("a staff member's link stops working as soon as the permission is withdrawn, within its five minutes", async () => {
    const { driver, code } = await driverWithRequest();
    const image = await tinyImage("png");
    await upload(driver, `/vehicle-docs/requests/${code}/files`, image);
    const clerk = await createUser(db, { role: "admin" }, clock);
    const [file] = (await listOf(clerk, `/admin/vehicle-docs/requests/${code}/files`)).items;
    const link = file!.link!.url;
    expect((await get(clerk, link)).statusCode).toBe(200);

    // The role is taken away a minute later: the link, still unexpired, no longer serves them.
    now = new Date(now.getTime() + 60_000);
    await db.execute(sql`UPDATE users SET role = 'customer' WHERE id = ${clerk.id}`);
    const refused = await get(clerk, link);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe("file_not_found");
    // Their role given back (with the permission), the same link serves them again until it expires.
    await db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${clerk.id}`);
    expect((await get(clerk, link)).statusCode).toBe(200);
    // The driver's own link is not a staff link: it needs no permission.
    const [own] = (await listOf(driver, `/vehicle-docs/requests/${code}/files`)).items;
    expect((await get(driver, own!.link!.url)).rawPayload.equals(image)).toBe(true);
  });
});

describe("retention: the vehicle-docs-purge job", () => {
  it("runs daily, keeps files 89 days after delivery and deletes them at 91, marking them purged", async () => {
    expect(QUEUES["vehicle-docs-purge"].cron).toMatch(/^\d+ \d+ \* \* \*$/);
    const start = now;
    try {
      const { driver, code } = await driverWithRequest();
      const cancelled = await driverWithRequest();
      const url = `/vehicle-docs/requests/${code}/files`;
      await upload(driver, url, await tinyImage("jpeg"));
      await upload(staff, `/admin/vehicle-docs/requests/${code}/files`, tinyPdf(), { label: "licence" });
      await upload(cancelled.driver, `/vehicle-docs/requests/${cancelled.code}/files`, tinyPdf());
      await staffMove(code, "documents_checked", "at_office", "ready", "ready_for_pickup", "delivered");
      // The other request is cancelled 10 days later.
      now = new Date(start.getTime() + 10 * DAY);
      const later = await startSession(db, clock, cancelled.driver.id);
      const cancel = await post(
        { ...cancelled.driver, token: later.token },
        `/vehicle-docs/requests/${cancelled.code}/cancel`,
      );
      expect(cancel.statusCode, cancel.body).toBe(200);
      const keys = async () =>
        (
          await queryRows<{ key: string | null; purged_at: Date | null; code: string }>(
            db,
            sql`SELECT f.storage_key AS key, f.purged_at, r.code FROM vehicle_doc_files f
                JOIN vehicle_doc_requests r ON r.id = f.request_id
                WHERE r.code IN (${code}, ${cancelled.code}) ORDER BY f.id`,
          )
        ).map((r) => ({ ...r, purged: r.purged_at !== null }));
      const stored = await keys();
      expect(stored).toHaveLength(3);

      const run = async (at: Date) => {
        now = at;
        await ctx.app.jobs.send(db, "vehicle-docs-purge", {});
        expect(await ctx.app.jobs.runDue(["vehicle-docs-purge"])).toBe(1);
      };
      await run(new Date(start.getTime() + 89 * DAY));
      for (const f of stored) expect(await storage.get(f.key!)).not.toBeNull();
      expect((await keys()).every((f) => !f.purged)).toBe(true);

      await run(new Date(start.getTime() + 91 * DAY));
      for (const f of stored.filter((f) => f.code === code)) expect(await storage.get(f.key!)).toBeNull();
      const after = await keys();
      expect(after.filter((f) => f.code === code).every((f) => f.purged && f.key === null)).toBe(true);
      // Cancelled 81 days ago: kept.
      const kept = stored.find((f) => f.code === cancelled.code)!;
      expect(await storage.get(kept.key!)).not.toBeNull();

      // The driver's list still shows what was sent, without a link.
      const session = await startSession(db, clock, driver.id);
      const list = await listOf({ ...driver, token: session.token }, url);
      expect(list.total).toBe(2);
      expect(list.items.every((f) => f.link === null && f.purged_at !== null)).toBe(true);

      await run(new Date(start.getTime() + 101 * DAY));
      expect(await storage.get(kept.key!)).toBeNull();
      expect((await keys()).every((f) => f.purged)).toBe(true);
    } finally {
      now = start;
    }
  });
});
