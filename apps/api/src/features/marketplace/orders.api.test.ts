import { bpsOf, type Order, type Quote } from "@parkwell/contract";
import {
  ADDRESS_PIN_UNCONFIRMED_MESSAGE,
  DELIVERY_OUT_OF_AREA_MESSAGE,
  ORDER_CART_PROBLEM_MESSAGE,
  ORDERING_OFF_MESSAGE,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Db } from "../../db/client";
import { bearer, createUser } from "../../test/factories";
import type { TestContext } from "../../test/harness";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { allDayParks, at, book, fund, fundedUser, HOUR } from "../bookings/bookings.test-kit";
import {
  createAddress,
  createItem,
  offerAtPark,
  placeOrder,
  quote,
  setSwitches,
  stockOf,
  type Body,
} from "./marketplace.test-kit";
import { minor, ordersKit } from "./orders.test-kit";

const kit = ordersKit();
const { takeaway } = kit;
let ctx: TestContext;
let db: Db;
let category: { id: number; slug: string };
let slot: { slot_id: number; date: string };
let park: number;
let taxBps: number;
const DAY = 86_400_000;

beforeAll(() => {
  ({ ctx, db, category, slot, park, taxBps } = kit.suite);
});

describe("placing orders", () => {
  it("replays the same key and body, and refuses the same key with another body", async () => {
    const item = await createItem(db, { categoryId: category.id, priceMinor: 15_000, stock: 10 });
    const user = await fundedUser(db);
    const start = await walletBalanceMinor(db, user.id, "NGN");
    const body = takeaway([{ item_id: item.id, quantity: 2 }]);
    const first = await placeOrder(ctx.app, user, body, "key-1");
    const second = await placeOrder(ctx.app, user, body, "key-1");
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json<Order>().order_code).toBe(first.json<Order>().order_code);
    expect(start - (await walletBalanceMinor(db, user.id, "NGN"))).toBe(minor(first.json<Order>().total));
    expect(await stockOf(db, "item", item.id)).toBe(8);
    const other = await placeOrder(ctx.app, user, takeaway([{ item_id: item.id, quantity: 1 }]), "key-1");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: "idempotency_key_reused" });
    // Another driver's key of the same name is theirs.
    expect((await placeOrder(ctx.app, await fundedUser(db), body, "key-1")).statusCode).toBe(201);
  });

  it("refuses a stale cart with 409 cart_changed and each line's problem, charging nothing", async () => {
    const item = await createItem(db, { categoryId: category.id, priceMinor: 15_000, stock: 10 });
    const user = await fundedUser(db);
    const start = await walletBalanceMinor(db, user.id, "NGN");
    const body = takeaway([{ item_id: item.id, quantity: 1 }]);
    const shown = (await quote(ctx.app, user, body)).json<Quote>();
    await db.execute(sql`UPDATE market_items SET price_minor = 16000 WHERE id = ${item.id}`);
    const changed = await placeOrder(ctx.app, user, { ...body, expected_total: shown.total.amount });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: "cart_changed", message: ORDER_CART_PROBLEM_MESSAGE });
    await db.execute(sql`UPDATE market_items SET status = 'inactive' WHERE id = ${item.id}`);
    const inactive = await placeOrder(ctx.app, user, body);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().lines[0]).toMatchObject({ item_id: item.id, problem: { code: "inactive" } });
    const fr = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/orders",
      headers: { ...bearer(user), "accept-language": "fr" },
      payload: body,
    });
    expect(fr.json().message).toBe(
      "Certains articles de votre panier ont changé\u00a0: vérifiez-les et réessayez",
    );
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(start);
    expect(await stockOf(db, "item", item.id)).toBe(10);
  });

  it("answers a short wallet with 402 and the amount missing, as bookings do", async () => {
    const item = await createItem(db, { categoryId: category.id, priceMinor: 50_000, stock: 10 });
    const user = await fundedUser(db, 0);
    await fund(db, user.id, 10_000);
    const res = await placeOrder(ctx.app, user, takeaway([{ item_id: item.id, quantity: 1 }]));
    expect(res.statusCode, res.body).toBe(402);
    const total = 50_000 + bpsOf(50_000, taxBps);
    const missing = (total - 10_000) / 100;
    expect(res.json()).toMatchObject({
      code: "insufficient_funds",
      fields: { amount_missing: String(missing), currency: "NGN" },
      message: `Your wallet balance is too low: add ${missing} NGN to pay for this order`,
    });
    expect(await stockOf(db, "item", item.id)).toBe(10);
  });

  it("says ordering is off, refuses a type that is off, and an address outside the area", async () => {
    const item = await createItem(db, { categoryId: category.id, stock: 10 });
    const user = await fundedUser(db);
    const body = takeaway([{ item_id: item.id, quantity: 1 }]);
    await setSwitches(db, false, false);
    try {
      const q = (await quote(ctx.app, user, body)).json<Quote>();
      expect(q.problems).toContainEqual({ field: "order_type", message: ORDERING_OFF_MESSAGE });
      const res = await placeOrder(ctx.app, user, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: "ordering_off", message: ORDERING_OFF_MESSAGE });
      const fr = (await quote(ctx.app, user, body, "fr")).json<Quote>();
      expect(fr.problems[0]!.message).not.toBe(ORDERING_OFF_MESSAGE);
      const options = await ctx.app.inject({ method: "GET", url: "/api/v1/marketplace/options?country=NG" });
      expect(options.json()).toMatchObject({
        delivery_enabled: false,
        takeaway_enabled: false,
        message: ORDERING_OFF_MESSAGE,
      });
      await setSwitches(db, true, false);
      expect((await placeOrder(ctx.app, user, body)).json().fields).toMatchObject({
        order_type: "Takeaway is not available now: choose delivery",
      });
    } finally {
      await setSwitches(db, true, true);
    }
    const far = await createAddress(db, user.id, 9.0, 7.5);
    const out = {
      country: "NG",
      order_type: "delivery",
      address_id: far.id,
      time_slot: slot,
      lines: body.lines,
    } as Body;
    expect((await quote(ctx.app, user, out)).json<Quote>().problems).toContainEqual({
      field: "address_id",
      message: DELIVERY_OUT_OF_AREA_MESSAGE,
    });
    const none = (await quote(ctx.app, user, { ...out, address_id: undefined })).json<Quote>();
    expect(none.problems).toContainEqual({ field: "address_id", message: "Choose a delivery address" });
    const stale = {
      ...body,
      time_slot: { slot_id: slot.slot_id, date: new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10) },
    };
    expect((await placeOrder(ctx.app, user, stale)).json().fields).toMatchObject({
      time_slot: "This time slot is not available: choose another",
    });
  });

  it("refuses delivery to an address whose pin the driver has not placed, never pricing it", async () => {
    const item = await createItem(db, { categoryId: category.id, stock: 10 });
    const user = await fundedUser(db);
    const address = {
      label: "home",
      address: "12 Admiralty Way, Lekki Phase 1",
      city: "Lagos",
      lat: 6.5244,
      lng: 3.3792,
      phone: "+234 801 234 5678",
      pin_confirmed: false,
    };
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/addresses",
      headers: bearer(user),
      payload: address,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ pin_confirmed: false });
    const id = created.json().id as number;
    const body = {
      country: "NG",
      order_type: "delivery",
      address_id: id,
      time_slot: slot,
      lines: [{ item_id: item.id, quantity: 1 }],
    } as Body;
    const q = (await quote(ctx.app, user, body)).json<Quote>();
    expect(q.problems).toContainEqual({ field: "address_id", message: ADDRESS_PIN_UNCONFIRMED_MESSAGE });
    expect(q.delivery_charge.amount).toBe(0);
    const fr = (await quote(ctx.app, user, body, "fr")).json<Quote>();
    expect(fr.problems.find((p) => p.field === "address_id")!.message).toBe(
      "Placez cette adresse sur la carte avant la livraison",
    );
    const res = await placeOrder(ctx.app, user, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields).toMatchObject({ address_id: ADDRESS_PIN_UNCONFIRMED_MESSAGE });
    expect(await stockOf(db, "item", item.id)).toBe(10);
    // The driver places the pin (moving it confirms it): delivery is priced from there.
    const placed = await ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/addresses/${id}`,
      headers: bearer(user),
      payload: { lat: 6.4474, lng: 3.4723 },
    });
    expect(placed.json()).toMatchObject({ pin_confirmed: true, lat: 6.4474 });
    const ok = (await quote(ctx.app, user, body)).json<Quote>();
    expect(ok.problems).toEqual([]);
    expect(ok.delivery_charge.amount).toBeGreaterThan(0);
  });

  it("answers bad bodies with 400 or 422, never 500, and needs a token", async () => {
    const user = await fundedUser(db);
    const bad: unknown[] = [
      {},
      { country: "NG", order_type: "takeaway", lines: [] },
      { country: "NG", order_type: "takeaway", lines: [{ item_id: "x", quantity: 1 }] },
      { country: "NG", order_type: "takeaway", lines: [{ item_id: 1, quantity: 0 }] },
      { country: "NG", order_type: "takeaway", lines: [{ item_id: 1, quantity: 21 }] },
      { country: "NG", order_type: "boat", lines: [{ item_id: 1, quantity: 1 }] },
      { country: "Nigeria", order_type: "takeaway", lines: [{ item_id: 1, quantity: 1 }] },
      { country: "ZZ", order_type: "takeaway", lines: [{ item_id: 1, quantity: 1 }] },
      { country: "NG", order_type: "takeaway", lines: [{ item_id: 1, quantity: 1, addon_ids: [1, 1] }] },
      {
        country: "NG",
        order_type: "takeaway",
        time_slot: { slot_id: 1, date: "tomorrow" },
        lines: [{ item_id: 1, quantity: 1 }],
      },
      { country: "CA", order_type: "takeaway", lines: [{ item_id: 1, quantity: 1 }] },
      {
        country: "NG",
        order_type: "delivery",
        address_id: 9_999_999_999,
        park_id: 9_999_999_999,
        time_slot: { slot_id: 9_999_999_999, date: slot.date },
        lines: [
          { item_id: 9_999_999_999, variation_id: 9_999_999_999, addon_ids: [9_999_999_999], quantity: 1 },
        ],
      },
      "not json",
      [1, 2],
    ];
    for (const payload of bad) {
      const urls = ["/api/v1/orders", "/api/v1/marketplace/quote"];
      // A Canadian cart is a fine quote, but not an order for a Nigerian driver.
      for (const url of JSON.stringify(payload).includes('"CA"') ? urls.slice(0, 1) : urls) {
        const res = await ctx.app.inject({
          method: "POST",
          url,
          headers: { ...bearer(user), "content-type": "application/json" },
          payload: typeof payload === "string" ? payload : JSON.stringify(payload),
        });
        // A quote of a stale cart is a 200 that cannot be ordered; anything else is a 4xx.
        const fine =
          res.statusCode === 200 && url.endsWith("/quote") && res.json<Quote>().orderable === false;
        expect(
          fine || [400, 409, 422].includes(res.statusCode),
          `${url} ${JSON.stringify(payload)} ${res.body}`,
        ).toBe(true);
      }
    }
    const anonymous = await ctx.app.inject({ method: "POST", url: "/api/v1/orders", payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("services during a booking", () => {
  it("does a service during the driver's active booking at the park, and only theirs", async () => {
    const [bookedPark] = await allDayParks(db, 1);
    const service = await createItem(db, { categoryId: category.id, kind: "service", priceMinor: 25_000 });
    await offerAtPark(db, service.id, bookedPark!);
    const user = await fundedUser(db);
    const booked = await book(ctx.app, user, { park_id: bookedPark, start: at(2 * HOUR), end: at(5 * HOUR) });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingCode = booked.json<{ booking_code: string }>().booking_code;
    const body: Body = {
      country: "NG",
      order_type: "takeaway",
      park_id: bookedPark,
      booking_code: bookingCode.toLowerCase(),
      lines: [{ item_id: service.id, quantity: 1 }],
    };
    const q = (await quote(ctx.app, user, body)).json<Quote>();
    expect(q.problems).toEqual([]);
    const placed = await placeOrder(ctx.app, user, body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>()).toMatchObject({
      booking_code: bookingCode,
      time_slot: null,
      park: { id: bookedPark },
    });
    // Another driver cannot name it; nor can a cart without a service.
    const stranger = await fundedUser(db);
    expect((await quote(ctx.app, stranger, body)).json<Quote>().problems).toContainEqual({
      field: "booking_code",
      message: "This booking is not an active booking of yours at this park",
    });
    const product = await createItem(db, { categoryId: category.id, stock: 5 });
    const noService = { ...body, lines: [{ item_id: product.id, quantity: 1 }] };
    expect((await quote(ctx.app, user, noService)).json<Quote>().orderable).toBe(false);
  });
});

describe("a driver's orders", () => {
  it("lists and shows only the driver's own orders; another's is 404 everywhere", async () => {
    const item = await createItem(db, { categoryId: category.id, stock: 10 });
    const owner = await fundedUser(db);
    const other = await fundedUser(db);
    const code = (
      await placeOrder(ctx.app, owner, takeaway([{ item_id: item.id, quantity: 1 }]))
    ).json<Order>().order_code;
    const mine = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/orders?stage=placed",
      headers: bearer(owner),
    });
    // Its times are read on its country's clock, the one the back office shows them on.
    expect(mine.json()).toMatchObject({
      total: 1,
      items: [{ order_code: code, items: 1, time_zone: "Africa/Lagos" }],
    });
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/v1/orders", headers: bearer(other) })).json().total,
    ).toBe(0);
    const shown = await ctx.app.inject({
      method: "GET",
      url: `/api/v1/orders/${code.toLowerCase()}`,
      headers: bearer(owner),
    });
    expect(shown.json<Order>()).toMatchObject({
      order_code: code,
      can_cancel: true,
      park: { id: park },
      time_zone: "Africa/Lagos",
    });
    expect(shown.json<Order>().time_slot).toEqual({
      date: slot.date,
      start_time: "08:00",
      end_time: "20:00",
    });
    for (const [method, url] of [
      ["GET", `/api/v1/orders/${code}`],
      ["POST", `/api/v1/orders/${code}/cancel`],
      ["GET", "/api/v1/orders/OR-NOPE22"],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(other) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "order_not_found" });
    }
  });

  it("keeps addresses per driver in their country", async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    const body = {
      label: "work",
      address: "1 Marina Road",
      city: "Lagos",
      lat: 6.45,
      lng: 3.39,
      phone: "+234 801 234 5678",
    };
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/addresses",
      headers: bearer(a),
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ ...body, country_code: "NG" });
    const patched = await ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/addresses/${id}`,
      headers: bearer(a),
      payload: { city: "Ikeja" },
    });
    expect(patched.json()).toMatchObject({ city: "Ikeja", address: "1 Marina Road" });
    for (const [method, payload] of [
      ["PATCH", { city: "Abuja" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url: `/api/v1/addresses/${id}`,
        headers: bearer(b),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/v1/addresses", headers: bearer(b) })).json(),
    ).toEqual([]);
    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/addresses",
      headers: bearer(a),
      payload: { ...body, phone: "x" },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (await ctx.app.inject({ method: "DELETE", url: `/api/v1/addresses/${id}`, headers: bearer(a) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/v1/addresses", headers: bearer(a) })).json(),
    ).toEqual([]);
  });
});
