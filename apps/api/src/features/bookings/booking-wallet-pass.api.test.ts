import type { Booking, BookingDetail } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import {
  fieldValues,
  openPkpass,
  PASS_TYPE_ID,
  saveLinkClaims,
  TEAM_ID,
  walletKeys,
  type WalletKeys,
} from "../../test/wallet-pass-kit";
import { allDayParks, at, book, changeWindow, fundedUser, HOUR, setStatus } from "./bookings.test-kit";

let ctx: TestContext;
let db: Db;
let keys: WalletKeys;
let parkId: number;
beforeAll(async () => {
  keys = walletKeys();
  ctx = await createTestContext(keys.env);
  db = ctx.database.db;
  [parkId] = (await allDayParks(db, 1)) as [number];
});
afterAll(async () => ctx?.close());

const detail = async (user: TestUser, b: Pick<Booking, "booking_code">) => {
  const res = await ctx.app.inject({ url: `/api/v1/bookings/${b.booking_code}`, headers: bearer(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BookingDetail>();
};

const download = (app: TestContext["app"], user: TestUser, b: Pick<Booking, "id">) =>
  app.inject({ url: `/api/v1/bookings/${b.id}/wallet-pass.pkpass`, headers: bearer(user) });

async function pkpass(user: TestUser, b: Pick<Booking, "id">) {
  const res = await download(ctx.app, user, b);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/vnd.apple.pkpass");
  return { res, ...openPkpass(res.rawPayload, keys.caPem) };
}

async function upcoming(user: TestUser, plate = "LAG100WP") {
  const res = await book(ctx.app, user, {
    park_id: parkId,
    start: at(3 * HOUR),
    end: at(5 * HOUR),
    plate_number: plate,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

describe("GET /bookings/:id/wallet-pass.pkpass", () => {
  it("is a signed pass of the booking: its code, park, window, plate and the gate's QR", async () => {
    const user = await fundedUser(db);
    const b = await upcoming(user);
    const shown = await detail(user, b);
    expect(shown.wallet.apple).toMatch(
      new RegExp(`^/api/v1/bookings/${b.id}/wallet-pass\\.pkpass\\?link=[\\w-]+\\.[\\w-]+$`),
    );

    const { res, pass, files } = await pkpass(user, b);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${b.booking_code}.pkpass"`);
    expect(files).toEqual(expect.arrayContaining(["pass.json", "icon.png", "icon@2x.png"]));
    expect(pass).toMatchObject({
      serialNumber: `booking-${b.id}`,
      teamIdentifier: TEAM_ID,
      passTypeIdentifier: PASS_TYPE_ID,
      voided: false,
    });
    expect(pass.barcodes?.[0]).toMatchObject({ format: "PKBarcodeFormatQR", message: shown.qr });
    expect(shown.qr).toBeTruthy();
    const values = fieldValues(pass);
    expect(values).toEqual(
      expect.arrayContaining([b.booking_code, shown.park.name, shown.park.address, "LAG100WP"]),
    );
    expect(new Date(pass.relevantDate!).getTime()).toBe(new Date(b.start_time).getTime());
    expect(new Date(pass.expirationDate!).getTime()).toBe(new Date(b.end_time).getTime());
  });

  it("is made anew from the booking: a change of window or of vehicle shows, a cancellation voids it", async () => {
    const user = await fundedUser(db);
    const b = await upcoming(user);
    const before = (await pkpass(user, b)).pass;

    const moved = await changeWindow(ctx.app, user, b, at(6 * HOUR), at(8 * HOUR));
    expect(moved.statusCode, moved.body).toBe(200);
    const afterMove = (await pkpass(user, b)).pass;
    expect(afterMove.serialNumber).toBe(before.serialNumber);
    expect(new Date(afterMove.relevantDate!).getTime()).toBe(at(6 * HOUR).getTime());
    expect(new Date(afterMove.expirationDate!).getTime()).toBe(at(8 * HOUR).getTime());
    expect(afterMove.barcodes?.[0]?.message).not.toBe(before.barcodes?.[0]?.message);
    expect(afterMove.barcodes?.[0]?.message).toBe((await detail(user, b)).qr);

    const vehicle = await ctx.app.inject({
      method: "PUT",
      url: `/api/v1/bookings/${b.id}/vehicle`,
      headers: bearer(user),
      payload: { plate_number: "ABJ200WP" },
    });
    expect(vehicle.statusCode, vehicle.body).toBe(200);
    const afterVehicle = fieldValues((await pkpass(user, b)).pass);
    expect(afterVehicle).toContain("ABJ200WP");
    expect(afterVehicle).not.toContain("LAG100WP");

    expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(200);
    const cancelled = (await pkpass(user, b)).pass;
    expect(cancelled.voided).toBe(true);
    expect(cancelled.barcodes ?? []).toEqual([]);
  });

  it("is in the account's language", async () => {
    const user = await fundedUser(db);
    await db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${user.id}`);
    const b = await upcoming(user);
    const { pass } = await pkpass(user, b);
    expect(pass.description).toContain("Réservation de stationnement");
    expect(pass.generic.auxiliaryFields.map((f) => f.label)).toContain("Plaque");
  });

  it("is another user's booking's 404, as is a malformed id", async () => {
    const owner = await fundedUser(db);
    const other = await fundedUser(db);
    const b = await upcoming(owner);
    const res = await download(ctx.app, other, b);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "booking_not_found" });
    expect((await download(ctx.app, owner, { id: "not-a-uuid" })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/v1/bookings/${b.id}/wallet-pass.pkpass` })).statusCode).toBe(
      401,
    );
  });
});

describe("the .pkpass's plain link", () => {
  it("opens the owner's pass without a token, in their language, and nothing else", async () => {
    const owner = await fundedUser(db);
    await db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${owner.id}`);
    const b = await upcoming(owner);
    const link = (await detail(owner, b)).wallet.apple!;
    const res = await ctx.app.inject({ url: link });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.apple.pkpass");
    expect(res.headers["cache-control"]).toBe("no-store");
    const { pass } = openPkpass(res.rawPayload, keys.caPem);
    expect(pass.serialNumber).toBe(`booking-${b.id}`);
    expect(pass.description).toContain("Réservation de stationnement");

    // Its signature names this booking: on another one's address (even the owner's), a 404
    // that says the link no longer works; so is a link altered by a character.
    const second = await upcoming(owner, "LAG101WP");
    const token = link.split("?link=")[1]!;
    const refused = [
      `/api/v1/bookings/${second.id}/wallet-pass.pkpass?link=${token}`,
      `/api/v1/passes/${b.booking_code}/wallet-pass.pkpass?link=${token}`,
      `${link.slice(0, -2)}${link.at(-2) === "A" ? "B" : "A"}${link.slice(-1)}`,
      `/api/v1/bookings/${b.id}/wallet-pass.pkpass?link=${token.split(".")[0]}`,
    ];
    for (const url of refused) {
      const answer = await ctx.app.inject({ url, headers: { "accept-language": "fr" } });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({
        code: "wallet_pass_link_invalid",
        message: "Ce lien de passe a expiré\u00a0: rouvrez la page et ajoutez-le depuis celle-ci",
      });
    }
    // Too long to be one: the 422 of a bad query, before any check.
    const long = await ctx.app.inject({
      url: `/api/v1/bookings/${b.id}/wallet-pass.pkpass?link=${"a".repeat(600)}`,
    });
    expect(long.statusCode).toBe(422);
    // With a token, the token's owner is who asks, whatever the link says.
    const other = await fundedUser(db);
    expect((await ctx.app.inject({ url: link, headers: bearer(other) })).statusCode).toBe(404);
  });
});

describe("the booking's Google Wallet save link", () => {
  it("carries the gate's QR in a generic object signed by the issuer's key; a cancellation makes it INACTIVE", async () => {
    const user = await fundedUser(db);
    const b = await upcoming(user);
    const shown = await detail(user, b);
    const claims = await saveLinkClaims(shown.wallet.google!, keys.googlePublicKey);
    expect(claims.typ).toBe("savetowallet");
    const [object] = claims.payload.genericObjects;
    expect(object).toMatchObject({
      state: "ACTIVE",
      barcode: { value: shown.qr },
      subheader: { defaultValue: { value: b.booking_code } },
    });
    expect(object!.textModulesData.map((m) => m.body)).toContain("LAG100WP");

    expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(200);
    const after = await saveLinkClaims((await detail(user, b)).wallet.google!, keys.googlePublicKey);
    expect(after.payload.genericObjects[0]).toMatchObject({ id: object!.id, state: "INACTIVE" });
    expect(after.payload.genericObjects[0]!.barcode).toBeUndefined();
  });
});

describe("a server without wallet keys", () => {
  it("refuses the .pkpass and gives no wallet link", async () => {
    const bare = await createTestContext();
    try {
      const user = await fundedUser(bare.database.db);
      const [park] = (await allDayParks(bare.database.db, 1)) as [number];
      const made = await book(bare.app, user, { park_id: park, start: at(3 * HOUR), end: at(4 * HOUR) });
      expect(made.statusCode, made.body).toBe(201);
      const b = made.json<Booking>();
      const res = await download(bare.app, user, b);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "wallet_pass_unavailable" });
      const shown = await bare.app.inject({
        url: `/api/v1/bookings/${b.booking_code}`,
        headers: bearer(user),
      });
      expect(shown.json<BookingDetail>().wallet).toEqual({ apple: null, google: null });
    } finally {
      await bare.close();
    }
  });
});
