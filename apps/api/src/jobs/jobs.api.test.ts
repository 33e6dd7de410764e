import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { formatZonedDateTime, type Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { queryRows, type Db } from "../db/client";
import { at, book, extend, fundedUser, HOUR } from "../features/bookings/bookings.test-kit";
import type { MailMessage } from "../lib/mailer";
import { bearer, type TestUser } from "../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../test/harness";
import { ledgerViolations } from "../test/ledger-invariants";
import { readMailbox } from "../test/mailbox";
import { clockedApp } from "../test/clocked-app";
import { deliverOnce } from "./mail-job";

const MINUTE = 60_000;

let ctx: TestContext;
let db: Db;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-jobs-"));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
});

/** An app on the test's database whose clock the test moves: reminders are timed by it, never by sleeps. */
async function appAt(start: Date) {
  const clocked = await clockedApp(ctx, start);
  return { ...clocked, remind: () => clocked.tick("bookings-remind", ["mail"]) };
}

/** Subjects without their spaces: a folded header's spaces do not survive the test mailbox's decoding. */
const squeeze = (s: string) => s.replace(/\s+/g, "");

const mailsTo = async (box: { app: FastifyInstance; config: TestContext["config"] }, user: TestUser) =>
  (await readMailbox(box)).filter((m) => m.to.includes(user.email));

describe("booking reminders", () => {
  it("reminds once before the start and once before the end, in the park's time, with a link to extend", async () => {
    const t0 = at(0);
    const clock = await appAt(t0);
    try {
      const user = await fundedUser(db);
      const res = await book(clock.app, user, { start: at(3 * HOUR), end: at(5 * HOUR) });
      expect(res.statusCode).toBe(201);
      const b = res.json<Booking>();
      const before = (await mailsTo(clock.mailbox, user)).length; // the confirmation

      clock.set(new Date(t0.getTime() + 2 * HOUR - MINUTE)); // 61 minutes before the start
      await clock.remind();
      expect(await mailsTo(clock.mailbox, user)).toHaveLength(before);

      clock.set(new Date(t0.getTime() + 2 * HOUR + MINUTE)); // 59 minutes before
      await clock.remind();
      await clock.remind(); // the next minute's run, and a second process's: nothing more
      const start = (await mailsTo(clock.mailbox, user)).slice(before);
      const zone = b.park.time_zone;
      expect(start.map((m) => squeeze(m.subject))).toEqual([
        squeeze(
          `Your Parkwell booking ${b.booking_code} starts at ${formatZonedDateTime(b.start_time, "en", zone)}`,
        ),
      ]);
      expect(start[0]!.body).toContain(`/booking-details/${b.booking_code}`);

      clock.set(new Date(t0.getTime() + 4 * HOUR + 50 * MINUTE)); // 10 minutes before the end
      await clock.remind();
      await clock.remind();
      const end = (await mailsTo(clock.mailbox, user)).slice(before + 1);
      expect(end.map((m) => squeeze(m.subject))).toEqual([
        squeeze(
          `Your Parkwell booking ${b.booking_code} ends at ${formatZonedDateTime(b.end_time, "en", zone)}`,
        ),
      ]);
      expect(end[0]!.body).toContain(`/booking-details/${b.booking_code}#extend`);
      expect(end[0]!.body).toContain("Extend my booking");
    } finally {
      await clock.app.close();
    }
  });

  it("moves the end's reminder with an extension: the old end never, the new end once", async () => {
    const t0 = at(0);
    const clock = await appAt(t0);
    try {
      const user = await fundedUser(db);
      const b = (await book(clock.app, user, { start: at(2 * HOUR), end: at(4 * HOUR) })).json<Booking>();
      clock.set(new Date(t0.getTime() + 3 * HOUR));
      expect((await extend(clock.app, user, b, at(6 * HOUR))).statusCode).toBe(200);
      const before = (await mailsTo(clock.mailbox, user)).length;

      clock.set(new Date(t0.getTime() + 4 * HOUR - 10 * MINUTE)); // the old end is near: no reminder
      await clock.remind();
      expect(await mailsTo(clock.mailbox, user)).toHaveLength(before);

      clock.set(new Date(t0.getTime() + 6 * HOUR - 10 * MINUTE));
      await clock.remind();
      await clock.remind();
      const sent = (await mailsTo(clock.mailbox, user)).slice(before).map((m) => m.subject);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain(`${b.booking_code} ends at`);
    } finally {
      await clock.app.close();
    }
  });

  it("writes in the driver's language, skips a start booked inside the lead, and stops when turned off", async () => {
    const t0 = at(0);
    const clock = await appAt(t0);
    try {
      const french = await fundedUser(db);
      await db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${french.id}`);
      const late = await fundedUser(db);
      const off = await fundedUser(db);
      const profile = await clock.app.inject({
        method: "PATCH",
        url: "/api/v1/users/profile",
        headers: bearer(off),
        payload: { booking_reminders: false },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json<{ booking_reminders: boolean }>().booking_reminders).toBe(false);

      const fr = (await book(clock.app, french, { start: at(2 * HOUR), end: at(3 * HOUR) })).json<Booking>();
      expect((await book(clock.app, late, { start: at(30 * MINUTE), end: at(3 * HOUR) })).statusCode).toBe(
        201,
      );
      expect((await book(clock.app, off, { start: at(2 * HOUR), end: at(3 * HOUR) })).statusCode).toBe(201);
      const count = async (u: TestUser) => (await mailsTo(clock.mailbox, u)).length;
      const before = { late: await count(late), off: await count(off) };

      clock.set(new Date(t0.getTime() + HOUR + 5 * MINUTE));
      await clock.remind();
      const subject = (await mailsTo(clock.mailbox, french)).at(-1)!.subject;
      expect(squeeze(subject)).toBe(
        squeeze(
          `Votre réservation Parkwell ${fr.booking_code} commence à ${formatZonedDateTime(fr.start_time, "fr", fr.park.time_zone)}`,
        ),
      );
      expect(await count(late)).toBe(before.late);
      expect(await count(off)).toBe(before.off);
    } finally {
      await clock.app.close();
    }
  });

  it.skipIf(TEST_ENGINE !== "postgres")(
    "queues each reminder once when two processes run the job at the same moment (PostgreSQL)",
    async () => {
      const t0 = at(0);
      const clock = await appAt(t0);
      const other = await anotherApp(ctx, { clock: () => new Date(t0.getTime() + HOUR + 5 * MINUTE) });
      try {
        const users = await Promise.all([1, 2, 3, 4, 5].map(() => fundedUser(db)));
        for (const u of users) {
          expect((await book(clock.app, u, { start: at(2 * HOUR), end: at(3 * HOUR) })).statusCode).toBe(201);
        }
        await clock.app.jobs.runDue(["mail"]);
        clock.set(new Date(t0.getTime() + HOUR + 5 * MINUTE));
        const queued = async () =>
          (
            await queryRows<{ n: number }>(
              db,
              sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail' AND data->>'type' = 'reminder'
                  AND data->>'bookingId' IN (SELECT id::text FROM bookings
                  WHERE user_id IN (${sql.join(
                    users.map((u) => sql`${u.id}::uuid`),
                    sql`, `,
                  )}))`,
            )
          )[0]!.n;
        await Promise.all([
          clock.app.jobs.runDue(["bookings-remind"]).then(async () => {
            await clock.app.jobs.send(db, "bookings-remind", {});
            return clock.app.jobs.runDue(["bookings-remind"]);
          }),
          other.app.jobs
            .send(db, "bookings-remind", {})
            .then(() => other.app.jobs.runDue(["bookings-remind"])),
        ]);
        expect(await queued()).toBe(5);
      } finally {
        await other.close();
        await clock.app.close();
      }
    },
  );
});

describe("mail jobs", () => {
  it("send once per key however often they run, also at the same moment", async () => {
    const sent: string[] = [];
    const mailer = { send: async (m: MailMessage) => void sent.push(m.subject), close: () => {} };
    const message = async (): Promise<MailMessage> => ({
      to: "a@parkwell.test",
      subject: "once",
      text: "",
      html: "",
    });
    const key = `test:${Date.now()}`;
    const clock = () => new Date();
    const runs = await Promise.allSettled([
      deliverOnce(db, mailer, clock, key, message),
      deliverOnce(db, mailer, clock, key, message),
    ]);
    await deliverOnce(db, mailer, clock, key, message);
    expect(sent).toEqual(["once"]);
    // The run that found the other's claim fresh asks to be retried rather than sending.
    expect(runs.filter((r) => r.status === "fulfilled")).not.toHaveLength(0);
  });

  it("retry a failing mail with growing delays, then dead-letter it for an admin", async () => {
    let fail = true;
    const sent: string[] = [];
    const mailer = {
      send: async (m: MailMessage) => {
        if (fail) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
        sent.push(m.subject);
      },
      close: () => {},
    };
    const app = await buildApp({ database: ctx.database, config: ctx.config, logger: false, mailer });
    try {
      await app.jobs.runDue(["mail"]);
      const user = await fundedUser(db);
      const b = (await book(app, user, { start: at(2 * HOUR), end: at(3 * HOUR) })).json<Booking>();
      const job = async () =>
        (
          await queryRows<{ id: string; state: string; retry_count: number; delay: number }>(
            db,
            sql`SELECT id, state, retry_count, extract(epoch FROM start_after - now())::float AS delay
                FROM pgboss.job WHERE name = 'mail' AND data->>'bookingId' = ${b.id}`,
          )
        )[0]!;
      await app.jobs.runDue(["mail"]);
      const first = await job();
      // retry_count counts the claims after the first.
      expect(first).toMatchObject({ state: "retry", retry_count: 0 });
      expect(first.delay).toBeGreaterThan(1);
      // Its next tries come due (the test moves the queue's clock, not the wall's).
      await db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${first.id}`);
      await app.jobs.runDue(["mail"]);
      const second = await job();
      expect(second).toMatchObject({ state: "retry", retry_count: 1 });
      expect(second.delay).toBeGreaterThan(first.delay / 2);
      // The last allowed try fails too: the job fails for good and an admin sees it dead-lettered.
      await db.execute(
        sql`UPDATE pgboss.job SET start_after = now(), retry_limit = retry_count WHERE id = ${first.id}`,
      );
      await app.jobs.runDue(["mail"]);
      expect((await job()).state).toBe("failed");
      const dead = (await app.jobs.deadLetters()).items;
      expect(dead.find((d) => (d.data as { bookingId?: string }).bookingId === b.id)).toMatchObject({
        queue: "mail",
      });
      // The mail server is back: an admin's retry of the dead letter sends it, once.
      fail = false;
      await app.jobs.boss.redrive("dead-letter");
      await app.jobs.runDue(["mail"]);
      expect(sent).toEqual([`Your Parkwell booking ${b.booking_code} is confirmed`]);
    } finally {
      await app.close();
    }
  });

  it("receipt: a settled top-up mails one receipt, in the user's language", async () => {
    const user = await fundedUser(db, 0);
    const start = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/add-funds",
      headers: { ...bearer(user), "idempotency-key": randomUUID() },
      payload: { amount: 5000 },
    });
    expect(start.statusCode).toBe(200);
    const reference = start.json<{ data: { reference: string } }>().data.reference;
    for (let i = 0; i < 2; i++) {
      const verified = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/wallet/verify-payment",
        headers: bearer(user),
        query: { payment_reference: reference, payment_provider: "demo", amount: "5000" },
      });
      expect(verified.statusCode).toBe(200);
    }
    const receipts = (await mailsTo(ctx, user)).filter((m) => m.subject.includes("top-up"));
    expect(receipts.map((m) => m.subject)).toEqual(["Your Parkwell wallet top-up of ₦5,000 is received"]);
    expect(receipts[0]!.body).toContain(reference);
  });
});
