// Booking an EV charger with a window (decision 048): one of a park's charger groups held for the
// window, counted against the group's `count` as a booking counts against the park's capacity.
import { formatZonedDateTime, type Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, overbookedChargers, receiptViolations } from "../../test/ledger-invariants";
import { decodedMail, MAIL_WAIT } from "../../test/mailbox";
import { startSmtpPeer } from "../../test/smtp-peer";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { addChargers, allDayParks, at, book, extend, fundedUser, HOUR, setStatus } from "./bookings.test-kit";

const MINUTE = 60_000;

/**
 * One part of a message a real SMTP peer received (`text/plain` or `text/html`), decoded, its
 * no-break spaces plain: both parts must say the same.
 */
function partOf(raw: string, type: "text/plain" | "text/html"): string {
  const part = raw.split(/^--[^\r\n]+$/m).find((p) => new RegExp(`^Content-Type: ${type}`, "mi").test(p));
  if (!part) throw new Error(`no ${type} part`);
  return decodedMail(part).text.replace(/\u00a0|\u202f/g, " ");
}

/** A subject without its spaces (of any kind). */
const squeeze = (s: string) => s.replace(/\s+/g, "");

describe("a window booked with an EV charger", () => {
  let ctx: TestContext;
  let db: Db;
  let parks: number[];
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  /** The app's clock runs this far ahead of the process's (a hold's expiry is tested by moving it). */
  let shift = 0;
  const clock = () => new Date(Date.now() + shift);

  beforeAll(async () => {
    peer = await startSmtpPeer();
    ctx = await createTestContext(
      { SMTP_URL: peer.url, MAIL_FROM: "Parkwell <hello@parkwell.test>" },
      { clock },
    );
    db = ctx.database.db;
    parks = await allDayParks(db, 9);
  });
  afterAll(async () => {
    await ctx?.close();
    await peer?.close();
  });
  afterEach(async () => {
    shift = 0;
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
    expect(await overbookedChargers(db)).toEqual([]);
  });

  const view = async (u: TestUser, code: string) =>
    (await ctx.app.inject({ url: `/api/v1/bookings/${code}`, headers: bearer(u) })).json<Booking>();
  const bookingsOf = async (userId: string) =>
    Number(
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM bookings WHERE user_id = ${userId}`,
        )
      )[0]!.n,
    );

  it("holds one of the group's chargers, shows it on the booking, and costs what the window costs", async () => {
    const park = parks[0]!;
    const charger = await addChargers(db, park, { count: 1, connector: "ccs2", powerKw: 60 });
    const u = await fundedUser(db);
    const start = at(3 * HOUR);
    const end = at(5 * HOUR);
    const res = await book(ctx.app, u, { park_id: park, start, end, charger_id: charger });
    expect(res.statusCode).toBe(201);
    const b = res.json<Booking>();
    expect(b.charger).toEqual({
      id: charger,
      connector: "ccs2",
      power_kw: 60,
      price_unit: "kwh",
      price: 150,
      currency: "NGN",
    });
    expect((await view(u, b.booking_code)).charger).toMatchObject({ id: charger });
    // The charging is paid at the charger: the booking's price is the window's, charger or not.
    const plain = (
      await book(ctx.app, u, { park_id: park, start: at(7 * HOUR), end: at(9 * HOUR) })
    ).json<Booking>();
    expect(plain.charger).toBeNull();
    expect(b.amount).toBe(plain.amount);
    // The park's page gives the group's id, what the checkout sends.
    const page = await ctx.app.inject({ url: `/api/v1/front/parks/${park}` });
    expect(page.json().chargers).toContainEqual(expect.objectContaining({ id: charger, count: 1 }));
  });

  it("the group's last charger: another driver is refused for an overlapping window, with nothing charged", async () => {
    const park = parks[1]!;
    const charger = await addChargers(db, park, { count: 1 });
    const a = await fundedUser(db);
    const b = await fundedUser(db);
    const start = at(3 * HOUR);
    expect(
      (await book(ctx.app, a, { park_id: park, start, end: at(5 * HOUR), charger_id: charger })).statusCode,
    ).toBe(201);
    const before = await walletBalanceMinor(db, b.id, "NGN");
    const refused = await book(ctx.app, b, {
      park_id: park,
      start: at(4 * HOUR),
      end: at(6 * HOUR),
      charger_id: charger,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "charger_full",
      message: "Every charger of this kind is booked for part of this window",
    });
    const fr = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings",
      headers: { ...bearer(b), "accept-language": "fr" },
      payload: {
        park_id: park,
        vehicle_type_id: 1,
        charger_id: charger,
        start_time: at(4 * HOUR).toISOString(),
        end_time: at(6 * HOUR).toISOString(),
      },
    });
    expect(fr.json().message).toBe(
      "Toutes les bornes de ce type sont réservées sur une partie de ce créneau",
    );
    expect(await walletBalanceMinor(db, b.id, "NGN")).toBe(before);
    expect(await bookingsOf(b.id)).toBe(0);
    // The space alone is free, and the charger is free once the first window ends.
    expect(
      (await book(ctx.app, b, { park_id: park, start: at(4 * HOUR), end: at(6 * HOUR) })).statusCode,
    ).toBe(201);
    expect(
      (
        await book(ctx.app, b, {
          park_id: park,
          start: at(5 * HOUR),
          end: at(6 * HOUR),
          charger_id: charger,
          plate_number: "LAG123AA",
        })
      ).statusCode,
    ).toBe(201);
  });

  it("a group of two takes two drivers at once, and the third is refused", async () => {
    const park = parks[2]!;
    const charger = await addChargers(db, park, { count: 2 });
    const start = at(3 * HOUR);
    const end = at(4 * HOUR);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const u = await fundedUser(db);
      statuses.push((await book(ctx.app, u, { park_id: park, start, end, charger_id: charger })).statusCode);
    }
    expect(statuses).toEqual([201, 201, 409]);
  });

  it("refuses a charger the park does not offer (another park's, out of service, unknown) and charges nothing", async () => {
    const park = parks[3]!;
    const elsewhere = await addChargers(db, parks[4]!);
    const inactive = await addChargers(db, park, { status: "inactive" });
    const u = await fundedUser(db);
    const before = await walletBalanceMinor(db, u.id, "NGN");
    for (const charger of [elsewhere, inactive, 999_999]) {
      const res = await book(ctx.app, u, {
        park_id: park,
        start: at(3 * HOUR),
        end: at(4 * HOUR),
        charger_id: charger,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual({ charger_id: "This charger is not offered at this park" });
    }
    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings",
      headers: bearer(u),
      payload: {
        park_id: park,
        vehicle_type_id: 1,
        charger_id: "ccs2",
        start_time: at(3 * HOUR).toISOString(),
        end_time: at(4 * HOUR).toISOString(),
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields)).toEqual(["charger_id"]);
    expect(await walletBalanceMinor(db, u.id, "NGN")).toBe(before);
    expect(await bookingsOf(u.id)).toBe(0);
  });

  it("an event's parking takes no charger: a 422 that names it", async () => {
    const park = parks[5]!;
    const charger = await addChargers(db, park);
    const u = await fundedUser(db);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings",
      headers: bearer(u),
      payload: { event_code: "EV-ABCD1234", park_id: park, vehicle_type_id: 1, charger_id: charger },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      charger_id: "A charger is booked with a parking window, not with an event's parking",
    });
  });

  it("an extension or a renewal needs its charger free too; a cancellation frees it", async () => {
    const park = parks[6]!;
    const charger = await addChargers(db, park, { count: 1 });
    const a = await fundedUser(db);
    const b = await fundedUser(db);
    const mine = (
      await book(ctx.app, a, { park_id: park, start: at(3 * HOUR), end: at(4 * HOUR), charger_id: charger })
    ).json<Booking>();
    await book(ctx.app, b, { park_id: park, start: at(5 * HOUR), end: at(6 * HOUR), charger_id: charger });
    const balance = await walletBalanceMinor(db, a.id, "NGN");
    const longer = await extend(ctx.app, a, mine, at(6 * HOUR));
    expect(longer.statusCode).toBe(409);
    expect(longer.json().code).toBe("charger_full");
    expect(await walletBalanceMinor(db, a.id, "NGN")).toBe(balance);
    expect((await view(a, mine.booking_code)).end_time).toBe(mine.end_time);
    expect((await extend(ctx.app, a, mine, at(5 * HOUR))).statusCode).toBe(200);

    // Cancelled, its charger is free for another driver; renewed, it would need it back.
    expect((await setStatus(ctx.app, a, mine.id, "cancelled")).statusCode).toBe(200);
    const c = await fundedUser(db);
    expect(
      (await book(ctx.app, c, { park_id: park, start: at(3 * HOUR), end: at(4 * HOUR), charger_id: charger }))
        .statusCode,
    ).toBe(201);
    const renewed = await setStatus(ctx.app, a, mine.id, "active");
    expect(renewed.statusCode).toBe(409);
    expect(renewed.json().code).toBe("charger_full");
    expect((await view(a, mine.booking_code)).status).toBe("cancelled");
  });

  describe("its e-mails, over SMTP", () => {
    /** The message whose subject is `subject`, once its mail job has run. */
    const mailed = (email: string, subject: string) =>
      vi.waitFor(async () => {
        await ctx.app.jobs.runDue(["mail"]);
        // Compared without spaces: a long subject is folded in encoded words, whose spaces the decoding loses.
        const raw = peer.received.find(
          (m) => m.to.includes(email) && squeeze(decodedMail(m.raw).subject) === squeeze(subject),
        )?.raw;
        if (!raw) throw new Error(`no "${subject}" to ${email}`);
        return { text: partOf(raw, "text/plain"), html: partOf(raw, "text/html") };
      }, MAIL_WAIT);

    it("name the charger held and say its charging is paid at the charger: booked, extended, renewed, not once cancelled", async () => {
      const park = parks[8]!;
      const charger = await addChargers(db, park, { count: 2, connector: "type2", powerKw: 7.4 });
      const u = await fundedUser(db);
      const b = (
        await book(ctx.app, u, { park_id: park, start: at(3 * HOUR), end: at(4 * HOUR), charger_id: charger })
      ).json<Booking>();
      const line = "Type 2 · 7.4 kW — ₦150 per kWh, paid at the charger";
      const booked = await mailed(u.email, `Your Parkwell booking ${b.booking_code} is confirmed`);
      expect(booked.text).toContain(`EV charger: ${line}`);
      expect(booked.html).toMatch(new RegExp(`EV charger</th>\\s*<td[^>]*>${line}</td>`));

      expect((await extend(ctx.app, u, b, at(5 * HOUR))).statusCode).toBe(200);
      const extended = await mailed(u.email, `Your Parkwell booking ${b.booking_code} is extended`);
      expect(extended.text).toContain(`EV charger: ${line}`);
      expect(extended.html).toContain(line);

      expect((await setStatus(ctx.app, u, b.id, "cancelled")).statusCode).toBe(200);
      const cancelled = await mailed(u.email, `Your Parkwell booking ${b.booking_code} is cancelled`);
      expect(cancelled.text).not.toContain("EV charger");
      expect(cancelled.html).not.toContain("EV charger");

      expect((await setStatus(ctx.app, u, b.id, "active")).statusCode).toBe(200);
      const renewed = await mailed(u.email, `Your Parkwell booking ${b.booking_code} is active again`);
      expect(renewed.text).toContain(`EV charger: ${line}`);
      expect(renewed.html).toContain(line);
    });

    it("say a charger priced per hour is paid with the booking (decision 048), in English and French", async () => {
      const park = parks[8]!;
      const charger = await addChargers(db, park, {
        count: 2,
        connector: "j1772",
        powerKw: 7.2,
        priceUnit: "hour",
        priceMinor: 500_00,
      });
      for (const [language, subject, line] of [
        [
          "en",
          "Your Parkwell booking {code} is confirmed",
          "EV charger: J1772 · 7.2 kW — ₦500 per hour, paid with the booking",
        ],
        [
          "fr",
          "Votre réservation Parkwell {code} est confirmée",
          "Borne de recharge : J1772 · 7,2 kW — 500 ₦ l'heure, payable avec la réservation",
        ],
      ] as const) {
        const u = await fundedUser(db);
        const profile = await ctx.app.inject({
          method: "PATCH",
          url: "/api/v1/users/profile",
          headers: bearer(u),
          payload: { language },
        });
        expect(profile.statusCode).toBe(200);
        const res = await book(ctx.app, u, {
          park_id: park,
          start: at(20 * HOUR),
          end: at(21 * HOUR),
          charger_id: charger,
        });
        expect(res.statusCode, res.body).toBe(201);
        const b = res.json<Booking>();
        const booked = await mailed(u.email, subject.replace("{code}", b.booking_code));
        expect(booked.text).toContain(line);
      }
    });

    /** What the scheduled reminder job does each minute, at the app's clock (jobs.api.test.ts's). */
    const remind = async () => {
      await ctx.app.jobs.send(db, "bookings-remind", {});
      await ctx.app.jobs.runDue(["bookings-remind"]);
    };

    it("name the charger held in the reminders before the start and the end, in English and French; none without one", async () => {
      const park = parks[7]!;
      const charger = await addChargers(db, park, { count: 2, connector: "type2", powerKw: 7.4 });
      const en = await fundedUser(db);
      const fr = await fundedUser(db);
      const toFrench = await ctx.app.inject({
        method: "PATCH",
        url: "/api/v1/users/profile",
        headers: bearer(fr),
        payload: { language: "fr" },
      });
      expect(toFrench.statusCode).toBe(200);
      const window = { park_id: park, start: at(3 * HOUR), end: at(4 * HOUR) };
      const booked = async (u: TestUser, chargerId?: number) => {
        const res = await book(ctx.app, u, { ...window, ...(chargerId ? { charger_id: chargerId } : {}) });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<Booking>();
      };
      const withEn = await booked(en, charger);
      const withFr = await booked(fr, charger);
      const without = await booked(en);
      const when = (b: Booking, edge: "start" | "end", language: string) =>
        formatZonedDateTime(edge === "start" ? b.start_time : b.end_time, language, b.park.time_zone);
      const subjects = {
        start: {
          en: (b: Booking) => `Your Parkwell booking ${b.booking_code} starts at ${when(b, "start", "en")}`,
          fr: (b: Booking) =>
            `Votre réservation Parkwell ${b.booking_code} commence à ${when(b, "start", "fr")}`,
        },
        end: {
          en: (b: Booking) => `Your Parkwell booking ${b.booking_code} ends at ${when(b, "end", "en")}`,
          fr: (b: Booking) =>
            `Votre réservation Parkwell ${b.booking_code} se termine à ${when(b, "end", "fr")}`,
        },
      };
      const line = {
        en: "Type 2 · 7.4 kW — ₦150 per kWh, paid at the charger",
        fr: "Type 2 · 7,4 kW — 150 ₦ le kWh, payable à la borne",
      };

      // 55 minutes before the start, then 10 minutes before the end (the leads are 60 and 15).
      for (const [edge, shiftTo] of [
        ["start", 2 * HOUR + 5 * MINUTE],
        ["end", 4 * HOUR - 10 * MINUTE],
      ] as const) {
        shift = shiftTo;
        await remind();
        const mine = await mailed(en.email, subjects[edge].en(withEn));
        expect(mine.text, edge).toContain(`EV charger: ${line.en}`);
        expect(mine.html, edge).toMatch(new RegExp(`EV charger</th>\\s*<td[^>]*>${line.en}</td>`));
        const french = await mailed(fr.email, subjects[edge].fr(withFr));
        expect(french.text, edge).toContain(`Borne de recharge : ${line.fr}`);
        expect(french.html, edge).toMatch(new RegExp(`Borne de recharge</th>\\s*<td[^>]*>${line.fr}</td>`));
        const plain = await mailed(en.email, subjects[edge].en(without));
        expect(plain.text, edge).toContain(`Car park: `);
        expect(plain.text, edge).not.toMatch(/EV charger|paid at the charger/);
        expect(plain.html, edge).not.toMatch(/EV charger|paid at the charger/);
      }
    });

    it("in French, and without a charger row when the booking holds none", async () => {
      const park = parks[8]!;
      const charger = await addChargers(db, park, { count: 1, connector: "ccs2", powerKw: 60 });
      const u = await fundedUser(db);
      const fr = await ctx.app.inject({
        method: "PATCH",
        url: "/api/v1/users/profile",
        headers: bearer(u),
        payload: { language: "fr" },
      });
      expect(fr.statusCode).toBe(200);
      const b = (
        await book(ctx.app, u, { park_id: park, start: at(7 * HOUR), end: at(8 * HOUR), charger_id: charger })
      ).json<Booking>();
      const mail = await mailed(u.email, `Votre réservation Parkwell ${b.booking_code} est confirmée`);
      const line = "CCS2 · 60 kW — 150 ₦ le kWh, payable à la borne";
      expect(mail.text).toContain(`Borne de recharge : ${line}`);
      expect(mail.html).toMatch(new RegExp(`Borne de recharge</th>\\s*<td[^>]*>${line}</td>`));

      const plain = (
        await book(ctx.app, u, { park_id: park, start: at(9 * HOUR), end: at(10 * HOUR) })
      ).json<Booking>();
      const without = await mailed(u.email, `Votre réservation Parkwell ${plain.booking_code} est confirmée`);
      expect(without.text).not.toMatch(/Borne de recharge|payable à la borne/);
      expect(without.html).not.toMatch(/Borne de recharge|payable à la borne/);
    });
  });

  describe("paying the difference", () => {
    const hold = (u: TestUser, parkId: number, start: Date, end: Date, chargerId: number) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v1/bookings/hold",
        headers: bearer(u),
        payload: {
          park_id: parkId,
          vehicle_type_id: 1,
          charger_id: chargerId,
          start_time: start.toISOString(),
          end_time: end.toISOString(),
        },
      });
    const verify = (u: TestUser, reference: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v1/wallet/verify-payment",
        headers: bearer(u),
        query: { payment_reference: reference, payment_provider: "demo" },
      });

    it("a live hold keeps its charger; paid, the booking holds it", async () => {
      const park = parks[7]!;
      const charger = await addChargers(db, park, { count: 1 });
      const a = await createUser(db);
      const b = await fundedUser(db);
      const start = at(3 * HOUR);
      const end = at(4 * HOUR);
      const h = await hold(a, park, start, end, charger);
      expect(h.statusCode).toBe(201);
      const refused = await book(ctx.app, b, { park_id: park, start, end, charger_id: charger });
      expect(refused.json().code).toBe("charger_full");
      expect((await hold(await createUser(db), park, start, end, charger)).json().code).toBe("charger_full");
      const paid = await verify(a, h.json().payment.reference);
      expect(paid.json().data.booking).toEqual({ booking_code: h.json().booking_code, status: "booked" });
      expect((await view(a, h.json().booking_code)).charger).toMatchObject({ id: charger });
    });

    it("a hold paid after its expiry, its charger taken since: nothing is booked and the money stays", async () => {
      const park = parks[7]!;
      const charger = await addChargers(db, park, { count: 1, connector: "type2", powerKw: 22 });
      const a = await createUser(db);
      const b = await fundedUser(db);
      const start = at(10 * HOUR);
      const end = at(11 * HOUR);
      const h = (await hold(a, park, start, end, charger)).json();
      shift = 31 * MINUTE;
      expect((await book(ctx.app, b, { park_id: park, start, end, charger_id: charger })).statusCode).toBe(
        201,
      );
      const late = await verify(a, h.payment.reference);
      expect(late.json()).toMatchObject({
        status: "success",
        data: { credited: true, booking: { status: "not_booked", reason: "charger_full" } },
      });
      expect(late.json().message).toMatch(/every charger you chose was booked/);
      expect(await bookingsOf(a.id)).toBe(0);
      expect(await walletBalanceMinor(db, a.id, "NGN")).toBe(Math.round(h.top_up_amount * 100));
    });
  });
});
