import {
  formatZonedDateTime,
  type Booking,
  type PassPurchase,
  type PushSubscription,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { clockedApp } from "../../test/clocked-app";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations } from "../../test/ledger-invariants";
import { readMailbox } from "../../test/mailbox";
import { startPushService, type PushService, type TestDevice } from "../../test/push-service";
import { mailTexts, fill } from "../../lib/texts";
import { at, book, fundedUser, HOUR } from "../bookings/bookings.test-kit";
import { passMailDate } from "../passes/passes.mail";
import { passPlans, passRequest, PASS_ZONE, type PassPlans } from "../passes/passes.test-kit";
import { recordExpiry } from "../vehicle-docs/vehicle-docs.test-kit";

const MINUTE = 60_000;
const vapid = webpush.generateVAPIDKeys();

let ctx: TestContext;
let db: Db;
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
  ctx = await createTestContext({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:ops@parkwell.test",
  });
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
  await service?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
});

/** An app whose clock the test moves; `remind` is the reminder job's tick, then its mail and push jobs. */
async function appAt(start: Date) {
  const clocked = await clockedApp(ctx, start);
  return { ...clocked, remind: () => clocked.tick("bookings-remind", ["mail", "push"]) };
}

const subscribe = (user: TestUser, device: TestDevice, reminders: string[]) =>
  ctx.app.inject({
    method: "PUT",
    url: "/api/v1/push-subscriptions",
    headers: bearer(user),
    payload: { endpoint: device.endpoint, keys: device.keys, reminders },
  });

const storedFor = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${userId}`,
    )
  )[0]!.n;

const squeeze = (s: string) => s.replace(/\s+/g, "");

describe("push subscriptions", () => {
  it("gives the server's VAPID key to anyone, and null from a server without keys, which takes no subscription", async () => {
    const config = await ctx.app.inject({ method: "GET", url: "/api/v1/push-subscriptions/config" });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({ public_key: vapid.publicKey });

    const bare = await buildApp({
      database: ctx.database,
      config: {
        ...ctx.config,
        VAPID_PUBLIC_KEY: undefined,
        VAPID_PRIVATE_KEY: undefined,
        VAPID_SUBJECT: undefined,
      },
      logger: false,
    });
    try {
      expect((await bare.inject({ method: "GET", url: "/api/v1/push-subscriptions/config" })).json()).toEqual(
        {
          public_key: null,
        },
      );
      const user = await fundedUser(db, 0);
      const device = await service.subscribe(vapid.publicKey);
      const res = await bare.inject({
        method: "PUT",
        url: "/api/v1/push-subscriptions",
        headers: bearer(user),
        payload: { endpoint: device.endpoint, keys: device.keys, reminders: ["booking_start"] },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: "push_unavailable",
        message: "Push notifications are not available",
      });
      expect(await storedFor(user.id)).toBe(0);
    } finally {
      await bare.close();
    }
  });

  it("subscribes a device with its reminders, changes them, and keeps it the owner's: 401, 422 and 404 change nothing", async () => {
    const ada = await fundedUser(db, 0);
    const bola = await fundedUser(db, 0);
    const device = await service.subscribe(vapid.publicKey);

    const anonymous = await ctx.app.inject({
      method: "PUT",
      url: "/api/v1/push-subscriptions",
      payload: { endpoint: device.endpoint, keys: device.keys, reminders: [] },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const [payload, field] of [
      [{ endpoint: "ftp://push.example/x", keys: device.keys, reminders: [] }, "endpoint"],
      [{ endpoint: "http://push.example/x", keys: device.keys, reminders: [] }, "endpoint"],
      [
        { endpoint: device.endpoint, keys: { p256dh: "short", auth: device.keys.auth }, reminders: [] },
        "keys",
      ],
      [{ endpoint: device.endpoint, keys: device.keys, reminders: ["parking_fine"] }, "reminders"],
      [
        { endpoint: device.endpoint, keys: device.keys, reminders: ["booking_end", "booking_end"] },
        "reminders",
      ],
    ] as const) {
      const res = await ctx.app.inject({
        method: "PUT",
        url: "/api/v1/push-subscriptions",
        headers: bearer(ada),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields).join()).toContain(field);
    }
    expect(await storedFor(ada.id)).toBe(0);

    const first = await subscribe(ada, device, ["booking_start"]);
    expect(first.statusCode).toBe(200);
    const sub = first.json<PushSubscription>();
    expect(sub).toMatchObject({ endpoint: device.endpoint, reminders: ["booking_start"] });
    const changed = await subscribe(ada, device, ["booking_start", "booking_end"]);
    expect(changed.json<PushSubscription>()).toMatchObject({
      id: sub.id,
      reminders: ["booking_start", "booking_end"],
    });

    const mine = await ctx.app.inject({
      method: "GET",
      url: `/api/v1/push-subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`,
      headers: bearer(ada),
    });
    expect(mine.json()).toMatchObject({ items: [{ id: sub.id }], total: 1, page: 1, pages: 1 });
    const theirs = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/push-subscriptions",
      headers: bearer(bola),
    });
    expect(theirs.json()).toMatchObject({ items: [], total: 0 });
    const taken = await ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/push-subscriptions/${sub.id}`,
      headers: bearer(bola),
    });
    expect(taken.statusCode).toBe(404);
    expect(taken.json()).toMatchObject({ code: "push_subscription_not_found" });
    expect(await storedFor(ada.id)).toBe(1);

    // The phone signed in as another driver: the device is theirs from now on.
    expect((await subscribe(bola, device, ["booking_end"])).statusCode).toBe(200);
    expect(await storedFor(ada.id)).toBe(0);
    expect(await storedFor(bola.id)).toBe(1);
    const off = await ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/push-subscriptions/${sub.id}`,
      headers: bearer(bola),
    });
    expect(off.statusCode).toBe(204);
    expect(await storedFor(bola.id)).toBe(0);
  });
});

describe("push reminders", () => {
  it("reach a French driver's device once, in French, for the reminders it chose, with e-mail reminders off", async () => {
    const t0 = at(0);
    const clock = await appAt(t0);
    try {
      const driver = await fundedUser(db);
      await db.execute(
        sql`UPDATE users SET language = 'fr', booking_reminders = false WHERE id = ${driver.id}`,
      );
      const phone = await service.subscribe(vapid.publicKey);
      const laptop = await service.subscribe(vapid.publicKey);
      expect((await subscribe(driver, phone, ["booking_start", "booking_end"])).statusCode).toBe(200);
      expect((await subscribe(driver, laptop, ["booking_end"])).statusCode).toBe(200);
      const res = await book(clock.app, driver, { start: at(3 * HOUR), end: at(5 * HOUR) });
      expect(res.statusCode).toBe(201);
      const b = res.json<Booking>();
      const mails = (await readMailbox({ app: clock.app, config: ctx.config })).filter((m) =>
        m.to.includes(driver.email),
      ).length;

      clock.set(new Date(t0.getTime() + 2 * HOUR + MINUTE)); // 59 minutes before the start
      await clock.remind();
      await clock.remind(); // the next minute's run, or a second process's: nothing more
      const start = (await service.received(phone)).map((m) => JSON.parse(m) as Record<string, string>);
      expect(start).toHaveLength(1);
      expect(squeeze(start[0]!.title!)).toBe(
        squeeze(
          `Votre réservation Parkwell ${b.booking_code} commence à ${formatZonedDateTime(b.start_time, "fr", b.park.time_zone)}`,
        ),
      );
      expect(start[0]!.url).toBe(`${ctx.config.PUBLIC_URL}/booking-details/${b.booking_code}`);
      expect(await service.received(laptop)).toEqual([]); // it chose the end only

      clock.set(new Date(t0.getTime() + 4 * HOUR + 50 * MINUTE)); // 10 minutes before the end
      await clock.remind();
      const ends = [...(await service.received(phone)).slice(1), ...(await service.received(laptop))];
      expect(ends).toHaveLength(2);
      for (const end of ends) {
        const message = JSON.parse(end) as Record<string, string>;
        expect(message.title).toContain(`${b.booking_code} se termine`);
        expect(message.url).toBe(`${ctx.config.PUBLIC_URL}/booking-details/${b.booking_code}#extend`);
      }
      // E-mail reminders off: the push came, no e-mail did.
      const after = (await readMailbox({ app: clock.app, config: ctx.config })).filter((m) =>
        m.to.includes(driver.email),
      ).length;
      expect(after).toBe(mails);
    } finally {
      await clock.app.close();
    }
  });

  it("sends a push job run twice once per device, and forgets a device its push service reports gone", async () => {
    const t0 = at(0);
    const clock = await appAt(t0);
    try {
      const driver = await fundedUser(db);
      const kept = await service.subscribe(vapid.publicKey);
      const gone = await service.subscribe(vapid.publicKey);
      expect((await subscribe(driver, kept, ["booking_start"])).statusCode).toBe(200);
      expect((await subscribe(driver, gone, ["booking_start"])).statusCode).toBe(200);
      await service.expire(gone);
      const b = (await book(clock.app, driver, { start: at(3 * HOUR), end: at(5 * HOUR) })).json<Booking>();
      clock.set(new Date(t0.getTime() + 2 * HOUR + MINUTE));
      const job = {
        key: `reminder:start:${b.id}:${new Date(b.start_time).toISOString()}`,
        type: "reminder" as const,
        edge: "start" as const,
        bookingId: b.id,
        at: new Date(b.start_time).toISOString(),
      };
      // The same job twice (a retry after a lost acknowledgement), as the queue may run it.
      await clock.app.jobs.send(db, "push", job);
      await clock.app.jobs.send(db, "push", job);
      await clock.app.jobs.runDue(["push"]);
      expect(await service.received(kept)).toHaveLength(1);
      expect(await storedFor(driver.id)).toBe(1);
      const [left] = await queryRows<{ endpoint: string }>(
        db,
        sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${driver.id}`,
      );
      expect(left!.endpoint).toBe(kept.endpoint);
    } finally {
      await clock.app.close();
    }
  });
});

describe("a subscription its push service replaced", () => {
  const renew = (old: TestDevice | string, device: TestDevice) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/v1/push-subscriptions/renewal",
      payload: {
        old_endpoint: typeof old === "string" ? old : old.endpoint,
        endpoint: device.endpoint,
        keys: device.keys,
      },
    });

  it("is renewed by the service worker without a sign-in: the account and reminders stay, and reminders reach the new one", async () => {
    const t0 = at(0);
    const clock = await appAt(t0);
    try {
      const driver = await fundedUser(db);
      const replaced = await service.subscribe(vapid.publicKey);
      expect((await subscribe(driver, replaced, ["booking_start", "pass_renewal"])).statusCode).toBe(200);
      const [before] = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM push_subscriptions WHERE endpoint = ${replaced.endpoint}`,
      );
      await service.expire(replaced);
      const renewed = await service.subscribe(vapid.publicKey);

      // Refused, changing nothing: an address no record has, and a body that is not a subscription.
      const unknown = await renew(`${replaced.endpoint}-guessed`, renewed);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: "push_subscription_not_found" });
      for (const payload of [
        { endpoint: renewed.endpoint, keys: renewed.keys },
        { old_endpoint: replaced.endpoint, endpoint: "ftp://push.example/x", keys: renewed.keys },
        { old_endpoint: replaced.endpoint, endpoint: renewed.endpoint, keys: { p256dh: "x", auth: "y" } },
      ]) {
        const res = await ctx.app.inject({
          method: "POST",
          url: "/api/v1/push-subscriptions/renewal",
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      }
      const [still] = await queryRows<{ endpoint: string }>(
        db,
        sql`SELECT endpoint FROM push_subscriptions WHERE id = ${before!.id}`,
      );
      expect(still!.endpoint).toBe(replaced.endpoint);

      // Renewed, and the same renewal again (a worker that retried) is answered alike.
      expect((await renew(replaced, renewed)).statusCode).toBe(204);
      expect((await renew(replaced, renewed)).statusCode).toBe(204);
      const rows = await queryRows<{ id: string; user_id: string; reminders: string[]; endpoint: string }>(
        db,
        sql`SELECT id, user_id, reminders, endpoint FROM push_subscriptions WHERE user_id = ${driver.id}`,
      );
      expect(rows).toEqual([
        {
          id: before!.id,
          user_id: driver.id,
          reminders: ["booking_start", "pass_renewal"],
          endpoint: renewed.endpoint,
        },
      ]);

      const b = (await book(clock.app, driver, { start: at(3 * HOUR), end: at(5 * HOUR) })).json<Booking>();
      clock.set(new Date(t0.getTime() + 2 * HOUR + MINUTE));
      await clock.remind();
      expect((await service.received(renewed)).map((m) => JSON.parse(m) as { url: string })).toMatchObject([
        { url: `${ctx.config.PUBLIC_URL}/booking-details/${b.booking_code}` },
      ]);
      expect(await service.received(replaced)).toEqual([]);
    } finally {
      await clock.app.close();
    }
  });

  it("takes the new address from a stale record that held it, which gives way", async () => {
    const ada = await fundedUser(db, 0);
    const bola = await fundedUser(db, 0);
    const adaPhone = await service.subscribe(vapid.publicKey);
    const stale = await service.subscribe(vapid.publicKey);
    expect((await subscribe(ada, adaPhone, ["booking_end"])).statusCode).toBe(200);
    expect((await subscribe(bola, stale, ["booking_start"])).statusCode).toBe(200);
    expect((await renew(adaPhone, stale)).statusCode).toBe(204);
    expect(await storedFor(bola.id)).toBe(0);
    const [row] = await queryRows<{ endpoint: string; reminders: string[] }>(
      db,
      sql`SELECT endpoint, reminders FROM push_subscriptions WHERE user_id = ${ada.id}`,
    );
    expect(row).toEqual({ endpoint: stale.endpoint, reminders: ["booking_end"] });
  });
});

describe("push reminders of a monthly pass and a vehicle document", () => {
  let plans: PassPlans;
  beforeAll(async () => {
    plans = await passPlans(ctx);
  });
  const DAY = 24 * HOUR;
  const messages = async (device: TestDevice) =>
    (await service.received(device)).map((m) => JSON.parse(m) as Record<string, string>);

  it("remind a French driver's device of a pass's renewal once, in French, until the renewal", async () => {
    const driver = await fundedUser(db);
    await db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${driver.id}`);
    const phone = await service.subscribe(vapid.publicKey);
    const laptop = await service.subscribe(vapid.publicKey);
    expect((await subscribe(driver, phone, ["pass_renewal"])).statusCode).toBe(200);
    expect((await subscribe(driver, laptop, ["booking_start", "booking_end"])).statusCode).toBe(200);
    const plan = await plans.planAt();
    const bought = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/passes",
      headers: bearer(driver),
      payload: passRequest(plan.id),
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const pass = bought.json<PassPurchase>();
    const renews = new Date(pass.paid_until);

    const clock = await clockedApp(ctx, new Date(renews.getTime() - 2 * DAY));
    try {
      await clock.tick("passes-renew", ["mail", "push"]);
      await clock.tick("passes-renew", ["mail", "push"]); // the next minute's run: nothing more
      const got = await messages(phone);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({
        title: fill(mailTexts("fr").passes.reminder.subject, {
          code: pass.pass_code,
          date: passMailDate(renews, "fr", PASS_ZONE),
        }),
        url: `${ctx.config.PUBLIC_URL}/passes/${pass.pass_code}`,
      });
      expect(got[0]!.body).toContain(pass.park.name);
      expect(await service.received(laptop)).toEqual([]); // it chose the bookings' reminders only
    } finally {
      await clock.app.close();
    }
  });

  it("remind a device of a vehicle document's expiry, 30 and 7 days before, once each", async () => {
    const driver = await fundedUser(db, 0);
    const phone = await service.subscribe(vapid.publicKey);
    expect((await subscribe(driver, phone, ["document_expiry"])).statusCode).toBe(200);
    const expires = "2031-03-01";
    const noonInLagos = (daysBefore: number) =>
      new Date(Date.parse(`${expires}T11:00:00Z`) - daysBefore * DAY);
    await recordExpiry(db, {
      userId: driver.id,
      vehicleId: null,
      document: "drivers_licence_5y",
      expiresOn: expires,
      at: noonInLagos(40),
    });
    const clock = await clockedApp(ctx, noonInLagos(40));
    try {
      await clock.tick("vehicle-docs-remind", ["mail", "push"]);
      expect(await messages(phone)).toEqual([]); // 40 days ahead: not yet
      clock.set(noonInLagos(30));
      await clock.tick("vehicle-docs-remind", ["mail", "push"]);
      await clock.tick("vehicle-docs-remind", ["mail", "push"]);
      clock.set(noonInLagos(7));
      await clock.tick("vehicle-docs-remind", ["mail", "push"]);
      const got = await messages(phone);
      expect(got.map((m) => m.title)).toEqual([
        "Your driver's licence (5 years) expires in 30 days",
        "Your driver's licence (5 years) expires in 7 days",
      ]);
      expect(got[0]!.body).toBe("Your driver's licence (5 years) expires on 1 March 2031 (in 30 days).");
      expect(got[0]!.url).toBe(
        `${ctx.config.PUBLIC_URL}/vehicle-docs-renewal?type=drivers_licence&licence=5y`,
      );
    } finally {
      await clock.app.close();
    }
  });
});
