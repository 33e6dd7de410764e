// Extending an airport booking from its wallet pass without signing in (decision 068): the pass
// carries a link signed for that booking and its owner; it reads, quotes and extends that booking
// only, charging the owner's wallet as their own extension would, and opens nothing else.
import type { Booking, BookingDetail, ExtensionQuote } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations } from "../../test/ledger-invariants";
import { openPkpass, saveLinkClaims, walletKeys, type WalletKeys } from "../../test/wallet-pass-kit";
import { at, book, fundedUser, HOUR, setStatus } from "./bookings.test-kit";

let ctx: TestContext;
let db: Db;
let keys: WalletKeys;
let airport: number;
let cityPark: number;
beforeAll(async () => {
  keys = walletKeys();
  ctx = await createTestContext(keys.env);
  db = ctx.database.db;
  const openPark = (type: string) =>
    queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM parks WHERE type = ${type} AND status = 'active' AND open_24h AND time_zone = 'Africa/Lagos'
            AND NOT EXISTS (SELECT 1 FROM park_rate_rules r WHERE r.park_id = parks.id AND r.active)
          ORDER BY id LIMIT 1`,
    );
  [{ id: airport }] = (await openPark("airport")) as [{ id: number }];
  [{ id: cityPark }] = (await openPark("city")) as [{ id: number }];
});
afterAll(async () => ctx?.close());
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
});

let plates = 0;
async function booked(user: TestUser, parkId: number): Promise<Booking> {
  plates += 1;
  const res = await book(ctx.app, user, {
    park_id: parkId,
    start: at(3 * HOUR),
    end: at(5 * HOUR),
    plate_number: `LOS${300 + plates}AP`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

/** The extension link on the booking's Apple pass (its back), checked against Google's. */
async function passLinks(user: TestUser, b: Booking) {
  const res = await ctx.app.inject({
    url: `/api/v1/bookings/${b.id}/wallet-pass.pkpass`,
    headers: bearer(user),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { pass } = openPkpass(res.rawPayload, keys.caPem);
  const apple = pass.generic.backFields.find((f) => f.key === "extend") ?? null;
  const shown = await ctx.app.inject({ url: `/api/v1/bookings/${b.booking_code}`, headers: bearer(user) });
  const claims = await saveLinkClaims(shown.json<BookingDetail>().wallet.google!, keys.googlePublicKey);
  const google = claims.payload.genericObjects[0]!.linksModuleData?.uris ?? [];
  return { apple, google };
}

/** The signed part of the booking's extension link. */
async function extensionLink(user: TestUser, b: Booking): Promise<string> {
  const { apple } = await passLinks(user, b);
  const m = new RegExp(`/extend/${b.id}\\?link=([\\w-]+\\.[\\w-]+)$`).exec(apple?.value ?? "");
  expect(m, apple?.value).not.toBeNull();
  return m![1]!;
}

const summary = (id: string, link?: string) =>
  ctx.app.inject({ url: `/api/v1/bookings/${id}/summary${link ? `?link=${link}` : ""}` });
const quote = (id: string, end: Date, link: string) =>
  ctx.app.inject({
    url: `/api/v1/bookings/${id}/extension?new_end_time=${encodeURIComponent(end.toISOString())}&link=${link}`,
  });
const extend = (id: string, end: Date, link?: string) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/v1/bookings/extend${link ? `?link=${link}` : ""}`,
    payload: { booking_id: id, new_end_time: end.toISOString() },
  });
const endOf = async (id: string) =>
  new Date(
    (await queryRows<{ end_time: string }>(db, sql`SELECT end_time FROM bookings WHERE id = ${id}`))[0]!
      .end_time,
  );
const balance = async (user: TestUser) =>
  Number(
    (
      await queryRows<{ balance_minor: string }>(
        db,
        sql`SELECT balance_minor FROM wallet_accounts WHERE owner_user_id = ${user.id} AND kind = 'user_wallet'`,
      )
    )[0]!.balance_minor,
  );

describe("the extension link on an airport booking's wallet pass", () => {
  it("is on the Apple pass's back and among the Google pass's links, in the owner's words; a city booking's pass has none", async () => {
    const user = await fundedUser(db);
    const b = await booked(user, airport);
    const { apple, google } = await passLinks(user, b);
    expect(apple).toMatchObject({ label: "Extend your parking" });
    expect(apple!.value).toMatch(new RegExp(`^https?://[^/]+/extend/${b.id}\\?link=[\\w-]+\\.[\\w-]+$`));
    expect(apple!.dataDetectorTypes).toEqual(["PKDataDetectorTypeLink"]);
    expect(google).toEqual([{ id: "extend", uri: apple!.value, description: "Extend your parking" }]);

    await db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${user.id}`);
    expect((await passLinks(user, b)).apple).toMatchObject({ label: "Prolonger le stationnement" });

    const city = await booked(user, cityPark);
    expect(await passLinks(user, city)).toEqual({ apple: null, google: [] });
    // Once the booking is cancelled, its pass offers no extension.
    expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(200);
    expect(await passLinks(user, b)).toEqual({ apple: null, google: [] });
  });

  it("reads, quotes and extends its booking with no sign-in, paid from the owner's wallet as their own extension is", async () => {
    const user = await fundedUser(db);
    const b = await booked(user, airport);
    const link = await extensionLink(user, b);

    const read = await summary(b.id, link);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Booking>()).toMatchObject({
      id: b.id,
      booking_code: b.booking_code,
      end_time: b.end_time,
    });
    expect(read.headers["cache-control"]).toBe("no-store");

    const later = at(7 * HOUR);
    const priced = await quote(b.id, later, link);
    expect(priced.statusCode, priced.body).toBe(200);
    const due = priced.json<ExtensionQuote>().amount_due;
    expect(due).toBeGreaterThan(0);

    const before = await balance(user);
    const done = await extend(b.id, later, link);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Booking>()).toMatchObject({ id: b.id, paid: b.paid + due });
    expect(new Date(done.json<Booking>().end_time).getTime()).toBe(later.getTime());
    // Charged to the owner's wallet, as an extension of theirs.
    expect(before - (await balance(user))).toBe(Math.round(due * 100));
    // The same link still serves the moved booking: a stale pass is not locked out.
    expect((await quote(b.id, at(8 * HOUR), link)).statusCode).toBe(200);
  });

  it("opens no other booking, and no other link opens it; without a token or a link it is the sign-in's 401", async () => {
    const user = await fundedUser(db);
    const b = await booked(user, airport);
    const other = await booked(await fundedUser(db), airport);
    const link = await extensionLink(user, b);
    const refused = { code: "extension_link_invalid" };

    expect((await summary(other.id, link)).json()).toMatchObject(refused);
    const taken = await extend(other.id, at(7 * HOUR), link);
    expect(taken.statusCode).toBe(404);
    expect(taken.json()).toMatchObject(refused);
    expect((await endOf(other.id)).getTime()).toBe(new Date(other.end_time).getTime());

    // The .pkpass's plain link (another kind), an altered one, and one of another booking.
    const detail = await ctx.app.inject({ url: `/api/v1/bookings/${b.booking_code}`, headers: bearer(user) });
    const pkpassLink = /link=([\w-]+\.[\w-]+)$/.exec(detail.json<BookingDetail>().wallet.apple!)![1]!;
    const otherLink = await extensionLink(user, await booked(user, airport));
    for (const bad of [pkpassLink, `${link}x`, otherLink, "not-a-link"]) {
      const res = await extend(b.id, at(7 * HOUR), bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json(), bad).toMatchObject(refused);
    }
    expect((await endOf(b.id)).getTime()).toBe(new Date(b.end_time).getTime());

    // Neither: the 401 comes before the body is read.
    const anonymous = await ctx.app.inject({ method: "POST", url: "/api/v1/bookings/extend", payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await summary(b.id)).statusCode).toBe(401);
    // A signed-in driver is themselves, whatever link they hold: another's booking is a 404.
    const stranger = await fundedUser(db);
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/bookings/extend?link=${link}`,
      headers: bearer(stranger),
      payload: { booking_id: b.id, new_end_time: at(7 * HOUR).toISOString() },
    });
    expect(res.statusCode).toBe(404);
    expect((await endOf(b.id)).getTime()).toBe(new Date(b.end_time).getTime());
  });
});
