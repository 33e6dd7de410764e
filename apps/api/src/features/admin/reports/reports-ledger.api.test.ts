import { dayOnClock, type Booking, type Order } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createEvent } from "../../../test/events";
import { createTestContext, type TestContext } from "../../../test/harness";
import { allDayPark, at, book, extend, fundedUser, HOUR, setStatus } from "../../bookings/bookings.test-kit";
import { caller, newItem, openDelivery, tomorrowInLagos, unique } from "../marketplace/test-kit";

/**
 * A mixed day, every kind of money movement (book, extend, cancel, renew, a drive-up sale, an event
 * booking, a marketplace order and its return), and every report's columns against each other
 * (net = total − refunds, per row and in the totals) and against the ledger's movements.
 */
let ctx: TestContext;
let admin: TestUser;
let driver: TestUser;
let parkA: number;
let zone: string;
const codes: string[] = [];
let order: Order;
let itemId: number;
const call = caller(() => ctx);
const cents = (n: number) => Math.round(n * 100);

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  parkA = await allDayPark(db, {
    operatorId: await operatorId(db, "Harbourview Parking Ltd"),
    minCapacity: 5,
  });
  zone = (await queryRows<{ tz: string }>(db, sql`SELECT time_zone AS tz FROM parks WHERE id = ${parkA}`))[0]!
    .tz;
  admin = await createStaff(db, "admin");
  driver = await fundedUser(db);
  const ok = (r: { statusCode: number; body: string }, status = 200) =>
    expect(r.statusCode, r.body).toBe(status);
  const booked = async (start: number, hours: number) => {
    const r = await book(ctx.app, driver, {
      park_id: parkA,
      start: at(start),
      end: at(start + hours * HOUR),
    });
    ok(r, 201);
    const b = r.json<Booking>();
    codes.push(b.booking_code);
    return b;
  };
  // Booked, then extended by an hour.
  const b1 = await booked(2 * HOUR, 2);
  ok(await extend(ctx.app, driver, b1, at(5 * HOUR)));
  // Booked, cancelled (the parking comes back), renewed (charged again).
  const b2 = await booked(6 * HOUR, 3);
  ok(await setStatus(ctx.app, driver, b2.id, "cancelled"));
  ok(await setStatus(ctx.app, driver, b2.id, "active"));
  // Booked and cancelled inside the last hour (half the parking back).
  const b3 = await booked(30 * 60_000, 2);
  ok(await setStatus(ctx.app, driver, b3.id, "cancelled"));
  // An event's booking.
  const ev = await createEvent(db, {
    start: at(10 * HOUR),
    end: at(13 * HOUR),
    parks: [{ parkId: parkA, offers: [{ priceMinor: 500_000, allocation: 5 }] }],
  });
  const e = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/bookings",
    headers: bearer(driver),
    payload: { event_code: ev.code, park_id: parkA, vehicle_type_id: 1 },
  });
  ok(e, 201);
  codes.push(e.json<Booking>().booking_code);
  // A drive-up sale closed now, paid at the gate.
  const now = Date.now();
  await db.execute(sql`INSERT INTO pos_sales
    (sale_code, park_id, vehicle_type_id, plate_number, start_time, end_time, status, currency, amount_minor,
     payment_method, closed_at)
    VALUES ('DU-MIXED', ${parkA}, 1, 'MIX123', ${new Date(now - 2 * HOUR).toISOString()}::timestamptz,
      ${new Date(now).toISOString()}::timestamptz, 'closed', 'NGN', 150000, 'cash',
      ${new Date(now).toISOString()}::timestamptz)`);
  // A takeaway order of two units, delivered, one unit returned.
  const slotDate = tomorrowInLagos();
  const setup = await openDelivery(ctx, admin);
  const category = await call(admin, "POST", "/admin/marketplace/categories", {
    slug: unique("mixed"),
    name: { en: "Mixed", fr: "Divers" },
  });
  const item = await newItem(ctx, admin, {
    category_id: category.json<{ id: number }>().id,
    price: 12345.67,
    stock: 10,
  });
  itemId = item.id;
  const o = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/orders",
    headers: { ...bearer(driver), "idempotency-key": unique("mixed") },
    payload: {
      country: "NG",
      lines: [{ item_id: item.id, quantity: 2 }],
      order_type: "takeaway",
      park_id: parkA,
      time_slot: { slot_id: setup.slots.find((s) => s.day === slotDate.day)!.id, date: slotDate.date },
    },
  });
  ok(o, 201);
  order = o.json<Order>();
  for (const to of ["confirmed", "processing", "being_prepared", "delivered"]) {
    ok(await call(admin, "POST", `/admin/orders/${order.order_code}/stage`, { to }));
  }
  ok(
    await call(admin, "POST", `/admin/orders/${order.order_code}/stage`, {
      to: "returned",
      returns: [{ position: 0, quantity: 1 }],
    }),
  );
});
afterAll(async () => {
  await ctx?.close();
});

/** The ledger's movements of the references (`booking:<id>:…`, `order:<id>:…`): charges and refunds. */
async function ledgerOf(prefix: string) {
  const rows = await queryRows<{ charges: string; refunds: string }>(
    ctx.database.db,
    sql`SELECT COALESCE(sum(e.amount_minor) FILTER (WHERE t.kind <> 'refund'), 0) AS charges,
        COALESCE(sum(e.amount_minor) FILTER (WHERE t.kind = 'refund'), 0) AS refunds
      FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount_minor > 0
      WHERE t.idempotency_key LIKE ${`${prefix}:%`}`,
  );
  return { charges: Number(rows[0]!.charges), refunds: Number(rows[0]!.refunds) };
}

const days = () => ({
  from: dayOnClock(new Date(Date.now() - 3 * HOUR), zone),
  to: dayOnClock(new Date(), zone),
});

describe("the reports of a mixed day add up, and agree with the ledger", () => {
  it("sales: parking + fees + discount + VAT = net = total − refunds, per row and in the totals; online = the ledger", async () => {
    const { from, to } = days();
    const res = await call(
      admin,
      "GET",
      `/admin/reports/sales?park_id=${parkA}&from=${from}&to=${to}&size=100`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      items: {
        id: string;
        code: string;
        channel: string;
        parking: number;
        fees: number;
        discount: number;
        vat: number;
        total: number;
        refunds: number;
        net: number;
      }[];
      totals: { currency: string; total: number; refunds: number; net: number }[];
    }>();
    expect(body.items.map((r) => r.code).sort()).toEqual([...codes, "DU-MIXED"].sort());
    for (const r of body.items) {
      // Each part is net of its refunds (issue #65: the columns add up to what was kept).
      expect(cents(r.parking) + cents(r.fees) + cents(r.discount) + cents(r.vat), r.code).toBe(cents(r.net));
      expect(cents(r.total) - cents(r.refunds), r.code).toBe(cents(r.net));
      if (r.channel === "online") {
        const l = await ledgerOf(`booking:${r.id}`);
        expect({ total: cents(r.total), refunds: cents(r.refunds) }, r.code).toEqual({
          total: l.charges,
          refunds: l.refunds,
        });
      } else expect(r).toMatchObject({ total: 1500, refunds: 0, net: 1500 });
    }
    const sum = (k: "total" | "refunds" | "net") => body.items.reduce((s, r) => s + cents(r[k]), 0);
    expect(body.totals).toHaveLength(1);
    const t = body.totals[0]!;
    expect({ total: cents(t.total), refunds: cents(t.refunds), net: cents(t.net) }).toEqual({
      total: sum("total"),
      refunds: sum("refunds"),
      net: sum("total") - sum("refunds"),
    });
  });

  it("bookings: each booking's paid is the ledger's charges less its refunds", async () => {
    const { from, to } = days();
    const late = dayOnClock(new Date(Date.now() + 14 * HOUR), zone);
    const res = await call(
      admin,
      "GET",
      `/admin/reports/bookings?park_id=${parkA}&from=${from}&to=${late}&size=100`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: { id: string; code: string; paid: number }[] }>().items;
    expect(items.map((r) => r.code).sort()).toEqual([...codes].sort());
    for (const r of items) {
      const l = await ledgerOf(`booking:${r.id}`);
      expect(cents(r.paid), r.code).toBe(l.charges - l.refunds);
    }
    void to;
  });

  it("marketplace sales: net = total − refunded, per order and per day; both equal the ledger", async () => {
    const [o] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`SELECT id::text FROM orders WHERE order_code = ${order.order_code}`,
    );
    const l = await ledgerOf(`order:${o!.id}`);
    expect(l.refunds).toBeGreaterThan(0);
    for (const group of ["order", "day"]) {
      const res = await call(admin, "GET", `/admin/orders/reports/sales?group=${group}&country=NG&size=100`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{
        items: {
          order_code: string | null;
          total: number;
          refunded: number;
          net: number;
        }[];
      }>();
      for (const r of body.items) {
        expect(cents(r.total) - cents(r.refunded)).toBe(cents(r.net));
      }
      if (group === "order") {
        const row = body.items.find((r) => r.order_code === order.order_code)!;
        expect({ total: cents(row.total), refunded: cents(row.refunded) }).toEqual({
          total: l.charges,
          refunded: l.refunds,
        });
      }
    }
    // The item's revenue (no delivery on a takeaway): what the ledger kept of the order.
    const items = await call(admin, "GET", `/admin/orders/reports/items?country=NG&size=100`);
    expect(items.statusCode, items.body).toBe(200);
    const line = items
      .json<{ items: { item_id: number; units_sold: number; units_returned: number; revenue: number }[] }>()
      .items.find((r) => r.item_id === itemId)!;
    expect(line).toMatchObject({ units_sold: 2, units_returned: 1 });
    expect(cents(line.revenue)).toBe(l.charges - l.refunds);
  });
});
