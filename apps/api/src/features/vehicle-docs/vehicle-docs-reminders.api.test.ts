// The papers' expiry reminders (decision 031): 30 and 7 days before each recorded expiry date on
// Nigeria's calendar, once each however often the job runs, never for an expired paper or a date
// that was replaced, in the driver's language, with a link that starts the renewal. The clock is
// driven by the test: every run says what day it is in Lagos.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { userVehicles } from "../../db/schema/index";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { clockedApp } from "../../test/clocked-app";
import { readMailbox } from "../../test/mailbox";
import { recordExpiry } from "./vehicle-docs.test-kit";

let ctx: TestContext;
let db: Db;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-vd-remind-"));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

const EXPIRES = "2027-03-01";
const DAY = 86_400_000;
/** Noon in Lagos (11:00 UTC) `days` days before EXPIRES. */
const before = (days: number, date = EXPIRES) => new Date(Date.parse(`${date}T11:00:00Z`) - days * DAY);

/** An app on the test's database whose clock the test moves. */
async function appAt(start: Date) {
  const clocked = await clockedApp(ctx, start);
  const { app } = clocked;
  return {
    ...clocked,
    /** What the scheduled job does on its tick, then the mail jobs it queued. */
    remind: () => clocked.tick("vehicle-docs-remind", ["mail"]),
    async mailsTo(user: TestUser) {
      return (await readMailbox({ app, config: ctx.config })).filter((m) => m.to.includes(user.email));
    },
    /** What the driver's PUT .../expiries writes (the app's tokens are not valid on its clock). */
    record: (user: TestUser, vehicleId: number, document: string, expiresOn: string) =>
      recordExpiry(db, { userId: user.id, vehicleId, document, expiresOn, at: clocked.now() }),
  };
}
type Driven = Awaited<ReturnType<typeof appAt>>;

let plates = 0;
async function driverWithVehicle(language: "en" | "fr" = "en") {
  const driver = await createUser(db, { language });
  plates += 1;
  const plate = `RMD${plates}${Math.floor(Math.random() * 1e5)}`;
  const [row] = await db
    .insert(userVehicles)
    .values({
      userId: driver.id,
      plateNumber: plate,
      vehicleTypeId: 1,
      registrationStateId: 1,
      engineCc: 1800,
      vehicleUse: "private",
    })
    .returning({ id: userVehicles.id });
  return { driver, vehicleId: row!.id, plate };
}

const squeeze = (s: string) => s.replace(/\s+/g, "");

async function withApp(start: Date, run: (c: Driven) => Promise<void>) {
  const c = await appAt(start);
  try {
    await run(c);
  } finally {
    await c.app.close();
  }
}

describe("vehicle paper expiry reminders", () => {
  it("reminds 30 days and 7 days before, once each, with the plate, the date, days left and the renewal link", () =>
    withApp(before(60), async (c) => {
      const { driver, vehicleId, plate } = await driverWithVehicle();
      await c.record(driver, vehicleId, "roadworthiness", EXPIRES);

      c.set(before(31));
      await c.remind();
      expect(await c.mailsTo(driver)).toHaveLength(0);

      c.set(before(30));
      await c.remind();
      await c.remind(); // the next tick, and a second process: nothing more
      const first = await c.mailsTo(driver);
      expect(first.map((m) => squeeze(m.subject))).toEqual([
        squeeze(`The roadworthiness certificate of your vehicle ${plate} expires in 30 days`),
      ]);
      expect(first[0]!.body).toContain("1 March 2027");
      expect(first[0]!.body).toContain(
        `${ctx.config.PUBLIC_URL}/vehicle-docs-renewal?vehicle=${vehicleId}&documents=roadworthiness`,
      );

      c.set(before(20));
      await c.record(driver, vehicleId, "roadworthiness", EXPIRES); // the same date typed again
      const [mark] = await queryRows<{ reminded: boolean }>(
        db,
        sql`SELECT reminded_30_at IS NOT NULL AS reminded FROM vehicle_document_expiries
            WHERE vehicle_id = ${vehicleId} AND document_type = 'roadworthiness'`,
      );
      expect(mark).toEqual({ reminded: true }); // kept: not queued again once the delivery key is forgotten
      await c.remind();
      expect(await c.mailsTo(driver)).toHaveLength(1);

      c.set(before(7));
      await c.remind();
      await c.remind();
      const all = await c.mailsTo(driver);
      expect(all.slice(1).map((m) => squeeze(m.subject))).toEqual([
        squeeze(`The roadworthiness certificate of your vehicle ${plate} expires in 7 days`),
      ]);

      c.set(before(1));
      await c.remind();
      c.set(before(0));
      await c.remind();
      expect(await c.mailsTo(driver)).toHaveLength(2);
    }));

  it("gives a paper recorded 5 days before its expiry only the 7-day reminder", () =>
    withApp(before(5), async (c) => {
      const { driver, vehicleId } = await driverWithVehicle();
      await c.record(driver, vehicleId, "vehicle_licence", EXPIRES);
      await c.remind();
      await c.remind();
      c.set(before(2));
      await c.remind();
      const mails = await c.mailsTo(driver);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain("expires in 5 days");
    }));

  it("reminds nothing for an expired paper", () =>
    withApp(before(-1), async (c) => {
      const { driver, vehicleId } = await driverWithVehicle();
      await c.record(driver, vehicleId, "third_party_insurance", EXPIRES);
      await c.remind();
      c.set(before(-30));
      await c.remind();
      expect(await c.mailsTo(driver)).toHaveLength(0);
    }));

  it("never reminds a date that was replaced by a renewal; the new date is reminded in its turn", () =>
    withApp(before(40), async (c) => {
      const { driver, vehicleId } = await driverWithVehicle();
      await c.record(driver, vehicleId, "roadworthiness", EXPIRES);
      const renewed = "2028-03-01";
      c.set(before(35));
      await c.record(driver, vehicleId, "roadworthiness", renewed);
      for (const days of [30, 7, 0]) {
        c.set(before(days));
        await c.remind();
      }
      expect(await c.mailsTo(driver)).toHaveLength(0);

      // A reminder claimed for the old date whose mail had not gone yet when the renewal came.
      const other = await driverWithVehicle();
      c.set(before(40));
      await c.record(other.driver, other.vehicleId, "proof_of_ownership", EXPIRES);
      c.set(before(30));
      await c.app.jobs.send(db, "vehicle-docs-remind", {});
      await c.app.jobs.runDue(["vehicle-docs-remind"]);
      await c.record(other.driver, other.vehicleId, "proof_of_ownership", renewed);
      expect(await c.mailsTo(other.driver)).toHaveLength(0);

      c.set(before(30, renewed));
      await c.remind();
      const mails = await c.mailsTo(driver);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain("1 March 2028");
    }));

  it("counts the days on Nigeria's calendar: 23:30 UTC is already the next day in Lagos", () =>
    withApp(before(60), async (c) => {
      const { driver, vehicleId } = await driverWithVehicle();
      await c.record(driver, vehicleId, "roadworthiness", EXPIRES);
      // 2027-01-29 23:30 UTC: 31 days before on UTC's calendar, 30 on Lagos's (00:30, 30 January).
      c.set(new Date("2027-01-29T23:30:00Z"));
      await c.remind();
      const mails = await c.mailsTo(driver);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain("expires in 30 days");
    }));

  it("writes to a French driver in French, with the month in French and the same link", () =>
    withApp(before(30), async (c) => {
      const { driver, vehicleId, plate } = await driverWithVehicle("fr");
      await c.record(driver, vehicleId, "roadworthiness", EXPIRES);
      await c.remind();
      const mails = await c.mailsTo(driver);
      expect(mails.map((m) => squeeze(m.subject))).toEqual([
        squeeze(`Véhicule ${plate} : « Certificat de contrôle technique » expire dans 30 jours`),
      ]);
      expect(mails[0]!.body).toContain(
        `Le document « Certificat de contrôle technique » de votre véhicule ${plate} expire le 1 mars 2027`,
      );
      expect(mails[0]!.body).toContain("Renouveler maintenant");
      expect(mails[0]!.body).toContain(
        `${ctx.config.PUBLIC_URL}/vehicle-docs-renewal?vehicle=${vehicleId}&documents=roadworthiness`,
      );
    }));

  it("reminds the driver's licence typed by the driver, with a link to the licence renewal of its length", () =>
    withApp(before(45), async (c) => {
      const driver = await createUser(db, { language: "en" });
      const token = bearer(driver);
      // The route on the test's own app (its tokens are valid there), then the job on the moved clock.
      const put = (expires_on: string) =>
        ctx.app.inject({
          method: "PUT",
          url: "/api/v1/vehicle-docs/licence-expiry",
          headers: token,
          payload: { expires_on },
        });
      expect((await put("2027-02-01")).statusCode).toBe(200);
      expect((await put(EXPIRES)).json().licence.document_type).toBe("drivers_licence_5y");
      c.set(before(30));
      await c.remind();
      const mails = await c.mailsTo(driver);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Your driver's licence (5 years) expires in 30 days");
      expect(mails[0]!.body).toContain(
        `${ctx.config.PUBLIC_URL}/vehicle-docs-renewal?type=drivers_licence&licence=5y`,
      );
    }));

  it("reminds nobody whose account is disabled", () =>
    withApp(before(30), async (c) => {
      const { driver, vehicleId } = await driverWithVehicle();
      await c.record(driver, vehicleId, "roadworthiness", EXPIRES);
      await db.execute(sql`UPDATE users SET disabled_at = now() WHERE id = ${driver.id}::uuid`);
      await c.remind();
      expect(await c.mailsTo(driver)).toHaveLength(0);
    }));
});

/**
 * Two processes (two pools) run the job at the same moment on PostgreSQL: each reminder is
 * claimed by one of them, so one mail job per paper. PGlite runs one query at a time.
 */
describe.skipIf(TEST_ENGINE !== "postgres")("expiry reminders under concurrency (PostgreSQL only)", () => {
  it("queues each reminder once when two processes run the job at once", async () => {
    const now = before(30);
    const a = await anotherApp(ctx, { clock: () => now }, 10);
    const b = await anotherApp(ctx, { clock: () => now }, 10);
    try {
      const drivers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => driverWithVehicle()));
      for (const d of drivers) {
        await db.execute(sql`INSERT INTO vehicle_document_expiries
          (user_id, vehicle_id, document_type, expires_on, source, created_at, updated_at)
          VALUES (${d.driver.id}::uuid, ${d.vehicleId}, 'roadworthiness', ${EXPIRES}::date, 'driver', now(), now()),
                 (${d.driver.id}::uuid, ${d.vehicleId}, 'vehicle_licence', ${"2027-02-05"}::date, 'driver', now(), now())`);
      }
      const run = async (x: typeof a) => {
        for (let i = 0; i < 3; i++) {
          await x.app.jobs.send(db, "vehicle-docs-remind", {});
          await x.app.jobs.runDue(["vehicle-docs-remind"]);
        }
      };
      await Promise.all([run(a), run(b)]);
      const [row] = await queryRows<{ n: number; keys: number }>(
        db,
        sql`SELECT count(*)::int AS n, count(DISTINCT data->>'key')::int AS keys FROM pgboss.job
            WHERE name = 'mail' AND data->>'type' = 'vehicle_doc_expiry'
              AND (data->>'expiryId')::int IN (SELECT id FROM vehicle_document_expiries
                WHERE user_id IN (${sql.join(
                  drivers.map((d) => sql`${d.driver.id}::uuid`),
                  sql`, `,
                )}))`,
      );
      // Each driver: the 30-day reminder of one paper, the 7-day one of the other (4 days away).
      expect(row).toEqual({ n: 12, keys: 12 });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
