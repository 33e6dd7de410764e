import { dayOnClock, type Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { allDayPark, book, fundedUser, HOUR, setStatus } from "../../bookings/bookings.test-kit";

/**
 * The dashboard and the reports against figures computed by hand: two bookings made through the
 * API at a Harbourview park with a rate set here (one cancelled, so refunded by the policy), and
 * drive-up sales written with SQL (closed, parked, void), plus one sale at a Citypark park that a
 * Harbourview manager must never see.
 */
let ctx: TestContext;
let admin: TestUser;
let hvManager: TestUser;
let cpManager: TestUser;
let attendant: TestUser;
let driver: TestUser;
let parkA: number;
let parkCP: number;
let zone: string;
let capacityA: number;
let fees: { service: number; bookingBps: number; taxBps: number };
let b1: Booking;
let b2: Booking;
let now: number;
const HOURLY = 50_000; // ₦500.00 an hour, in kobo
const bps = (amount: number, b: number) => Math.round((amount * b) / 10_000);

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(user) });

/** The date of an instant on a park's clock (YYYY-MM-DD), by the product's own zone rules. */
const dayIn = (ms: number, tz: string) => dayOnClock(new Date(ms), tz);

/**
 * The park's days that hold the sales fixtures (closed an hour before they were made, bookings
 * made then): one day, or two when the fixtures were made in the first hour of the park's day.
 */
const fixtureDays = () => ({ from: dayIn(now - HOUR, zone), to: dayIn(now, zone) });

async function sale(
  parkId: number,
  code: string,
  status: "parked" | "closed" | "void",
  startMs: number,
  endMs: number,
  amountMinor: number | null,
  closedMs: number | null,
) {
  await ctx.database.db.execute(sql`INSERT INTO pos_sales
    (sale_code, park_id, vehicle_type_id, plate_number, start_time, end_time, status, currency, amount_minor,
     payment_method, closed_at)
    VALUES (${code}, ${parkId}, 1, ${`P${code.length}X`}, ${new Date(startMs).toISOString()}::timestamptz,
      ${new Date(endMs).toISOString()}::timestamptz, ${status}, 'NGN', ${amountMinor},
      ${status === "closed" ? "cash" : null}, ${closedMs === null ? null : new Date(closedMs).toISOString()}::timestamptz)`);
}

const windows: {
  start: number;
  end: number;
  kind: "booking" | "parked" | "closed" | "void" | "cancelled";
}[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const hv = await operatorId(db, "Harbourview Parking Ltd");
  const cp = await operatorId(db, "Citypark Nigeria");
  parkA = await allDayPark(db, { operatorId: hv, minCapacity: 5 });
  parkCP = await allDayPark(db, { operatorId: cp, minCapacity: 5 });
  admin = await createStaff(db, "admin");
  hvManager = await createStaff(db, "branch_manager", { operatorId: hv });
  cpManager = await createStaff(db, "branch_manager", { operatorId: cp });
  attendant = await createStaff(db, "employee", { operatorId: hv, parkIds: [parkA] });
  driver = await fundedUser(db);

  const [p] = await queryRows<{ time_zone: string; capacity: number }>(
    db,
    sql`SELECT p.time_zone, (SELECT sum(capacity) FROM park_capacities WHERE park_id = p.id)::int AS capacity
      FROM parks p WHERE p.id = ${parkA}`,
  );
  zone = p!.time_zone;
  capacityA = Number(p!.capacity);
  const [f] = await queryRows<{ service_fee_minor: string; booking_fee_bps: number; tax_bps: number }>(
    db,
    sql`SELECT service_fee_minor, booking_fee_bps, tax_bps FROM fees WHERE country_id = 1`,
  );
  fees = { service: Number(f!.service_fee_minor), bookingBps: f!.booking_fee_bps, taxBps: f!.tax_bps };
  await db.execute(sql`UPDATE park_rates SET hourly_minor = ${HOURLY}, daily_max_minor = ${HOURLY * 10}
    WHERE park_id = ${parkA} AND vehicle_type_id = 1 AND kind = 'standard'`);

  now = Date.now();
  const start = Math.ceil(now / 60_000) * 60_000 + 2 * HOUR;
  const r1 = await book(ctx.app, driver, {
    park_id: parkA,
    start: new Date(start),
    end: new Date(start + 2 * HOUR),
  });
  expect(r1.statusCode).toBe(201);
  b1 = r1.json<Booking>();
  const r2 = await book(ctx.app, driver, {
    park_id: parkA,
    start: new Date(start + 5 * HOUR),
    end: new Date(start + 8 * HOUR),
  });
  expect(r2.statusCode).toBe(201);
  b2 = r2.json<Booking>();
  expect((await setStatus(ctx.app, driver, b2.id, "cancelled")).statusCode).toBe(200);
  windows.push({ start, end: start + 2 * HOUR, kind: "booking" });
  windows.push({ start: start + 5 * HOUR, end: start + 8 * HOUR, kind: "cancelled" });

  await sale(parkA, "DU-CLOSED", "closed", now - 3 * HOUR, now - HOUR, 250_000, now - HOUR);
  windows.push({ start: now - 3 * HOUR, end: now - HOUR, kind: "closed" });
  await sale(parkA, "DU-PARKED", "parked", now - HOUR, now + 2 * HOUR, null, null);
  windows.push({ start: now - HOUR, end: now + 2 * HOUR, kind: "parked" });
  await sale(parkA, "DU-VOID", "void", now - HOUR, now + HOUR, null, null);
  windows.push({ start: now - HOUR, end: now + HOUR, kind: "void" });
  // Last week, at this very time: inside "the same span of last week".
  await sale(
    parkA,
    "DU-LASTWEEK",
    "closed",
    now - 7 * 24 * HOUR - 2 * HOUR,
    now - 7 * 24 * HOUR,
    100_000,
    now - 7 * 24 * HOUR,
  );
  // Formula-looking codes, for the CSV.
  await sale(
    parkA,
    `=HYPERLINK("http://evil.test","x")`,
    "closed",
    now - 2 * HOUR,
    now - HOUR,
    1_000,
    now - HOUR,
  );
  await sale(parkA, `-2+3,"x"`, "closed", now - 2 * HOUR, now - HOUR, 2_000, now - HOUR);
  windows.push(
    { start: now - 2 * HOUR, end: now - HOUR, kind: "closed" },
    { start: now - 2 * HOUR, end: now - HOUR, kind: "closed" },
  );
  // Another operator's sale.
  await sale(parkCP, "CP-SECRET", "closed", now - 2 * HOUR, now - HOUR, 777_700, now - HOUR);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

/** The price of b1 (2 hours) and b2 (3 hours) by the rate set above and the country's fees. */
function priced(hours: number) {
  const parking = hours * HOURLY;
  const service = fees.service;
  const booking = bps(parking, fees.bookingBps);
  const tax = bps(service + booking, fees.taxBps);
  return { parking, fees: service + booking, tax, total: parking + service + booking + tax };
}

describe("sales report", () => {
  it("lists online bookings and drive-up sales with price parts, refunds and net, per currency", async () => {
    const { from, to } = fixtureDays();
    const res = await get(hvManager, `/admin/reports/sales?park_id=${parkA}&from=${from}&to=${to}&size=25`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const p1 = priced(2);
    const p2 = priced(3);
    const online1 = body.items.find((r: { code: string }) => r.code === b1.booking_code);
    expect(online1).toMatchObject({
      channel: "online",
      park_id: parkA,
      status: "active",
      currency: "NGN",
      parking: p1.parking / 100,
      fees: p1.fees / 100,
      discount: 0,
      vat: p1.tax / 100,
      // The operator's share of the parking at the country's default commission (15 %).
      operator_share: (p1.parking - bps(p1.parking, 1500)) / 100,
      commission: bps(p1.parking, 1500) / 100,
      total: p1.total / 100,
      refunds: 0,
      net: p1.total / 100,
    });
    // Cancelled more than an hour before its start: the parking amount comes back, the fees do not.
    const online2 = body.items.find((r: { code: string }) => r.code === b2.booking_code);
    expect(online2).toMatchObject({
      status: "cancelled",
      // Each part net of the refund: the parking (and the operator's share of it) went back.
      parking: 0,
      fees: p2.fees / 100,
      vat: p2.tax / 100,
      operator_share: 0,
      commission: 0,
      total: p2.total / 100,
      refunds: p2.parking / 100,
      net: (p2.total - p2.parking) / 100,
    });
    const pos = body.items.find((r: { code: string }) => r.code === "DU-CLOSED");
    expect(pos).toMatchObject({
      channel: "pos",
      parking: 2500,
      fees: 0,
      vat: 0,
      total: 2500,
      refunds: 0,
      net: 2500,
    });
    const codes = body.items.map((r: { code: string }) => r.code);
    expect(codes).not.toContain("DU-PARKED");
    expect(codes).not.toContain("DU-VOID");
    expect(codes).not.toContain("CP-SECRET");
    expect(body.total).toBe(5);
    const totalMinor = p1.total + p2.total + 250_000 + 1_000 + 2_000;
    expect(body.totals).toMatchObject([
      {
        currency: "NGN",
        count: 5,
        total: totalMinor / 100,
        refunds: p2.parking / 100,
        net: (totalMinor - p2.parking) / 100,
      },
    ]);
    expect(body).toMatchObject({ page: 1, size: 25, pages: 1, from, to });
  });

  it("filters by status: closed is the drive-up sales only", async () => {
    const { from, to } = fixtureDays();
    const res = await get(
      hvManager,
      `/admin/reports/sales?park_id=${parkA}&from=${from}&to=${to}&status=closed`,
    );
    expect(res.json().items.every((r: { channel: string }) => r.channel === "pos")).toBe(true);
    expect(res.json().total).toBe(3);
    const cancelled = await get(
      hvManager,
      `/admin/reports/sales?park_id=${parkA}&from=${from}&to=${to}&status=cancelled`,
    );
    expect(cancelled.json().items.map((r: { code: string }) => r.code)).toEqual([b2.booking_code]);
  });
});

describe("bookings report", () => {
  it("shows each booking's code, park, vehicle, window, status, gate times, total and paid", async () => {
    const today = dayIn(Date.now(), zone);
    const later = dayIn(Date.now() + 3 * 24 * HOUR, zone);
    const res = await get(hvManager, `/admin/reports/bookings?park_id=${parkA}&from=${today}&to=${later}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    const p2 = priced(3);
    expect(body.items[0]).toMatchObject({
      code: b1.booking_code,
      park_id: parkA,
      vehicle_type_id: 1,
      vehicle_type: expect.any(String),
      status: "active",
      checked_in_at: null,
      checked_out_at: null,
      start_time: new Date(windows[0]!.start).toISOString(),
      end_time: new Date(windows[0]!.end).toISOString(),
    });
    expect(body.items[1]).toMatchObject({
      code: b2.booking_code,
      status: "cancelled",
      total: p2.total / 100,
      paid: (p2.total - p2.parking) / 100,
    });
  });
});

describe("occupancy report", () => {
  it("counts the spaces held per hour of the park's day against its capacity", async () => {
    const today = dayIn(Date.now(), zone);
    const res = await get(
      hvManager,
      `/admin/reports/occupancy?park_id=${parkA}&from=${today}&to=${today}&size=25`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(24);
    expect(body.items).toHaveLength(24);
    for (const row of body.items as { hour: string; held: number; capacity: number; percent: number }[]) {
      const h = Date.parse(row.hour);
      const expected = windows.filter(
        (w) => w.kind !== "cancelled" && w.kind !== "void" && w.start < h + HOUR && w.end > h,
      ).length;
      expect(row.held, row.hour).toBe(expected);
      expect(row.capacity).toBe(capacityA);
      expect(row.percent).toBe(Math.round((expected / capacityA) * 1000) / 10);
    }
    expect(dayIn(Date.parse(body.items[0].hour), zone)).toBe(today);
    expect(dayIn(Date.parse(body.items[23].hour) + HOUR - 1, zone)).toBe(today);
  });
});

describe("dashboard", () => {
  it("gives today's bookings and arrivals, occupancy now and by hour, and this week's revenue", async () => {
    const res = await get(hvManager, `/admin/dashboard?park_id=${parkA}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    const t = Date.parse(d.now);
    const today = dayIn(t, zone);
    expect(d.bookings_today).toBe(dayIn(now, zone) === today ? 2 : 0);
    expect(d.arrivals_today).toBe(dayIn(windows[0]!.start, zone) === today ? 1 : 0);
    expect(d.arrivals_checked_in).toBe(0);
    expect(d.occupancy_now).toEqual({
      held: 1,
      capacity: capacityA,
      percent: Math.round((1 / capacityA) * 1000) / 10,
    });
    expect(d.parks).toHaveLength(1);
    expect(d.parks_total).toBe(1);
    const park = d.parks[0];
    expect(park).toMatchObject({ park_id: parkA, capacity: capacityA });
    expect(park.hours).toHaveLength(24);
    const hour0 = Math.floor(t / HOUR) * HOUR;
    park.hours.forEach((h: { hour: string; held: number }, i: number) => {
      const from = hour0 + i * HOUR;
      expect(Date.parse(h.hour)).toBe(from);
      const expected = windows.filter(
        (w) =>
          (w.kind === "booking" || w.kind === "parked") && w.start < from + HOUR && w.end > Math.max(from, t),
      ).length;
      expect(h.held, h.hour).toBe(expected);
    });
    const p1 = priced(2);
    const p2 = priced(3);
    const thisWeek = p1.total + (p2.total - p2.parking) + 250_000 + 1_000 + 2_000;
    expect(d.revenue).toEqual([
      {
        currency: "NGN",
        this_week: thisWeek / 100,
        last_week: 1000,
        change_percent: Math.round(((thisWeek - 100_000) / 100_000) * 1000) / 10,
      },
    ]);
    expect(d.top_parks).toEqual([
      { park_id: parkA, park: expect.any(String), currency: "NGN", revenue: thisWeek / 100 },
    ]);
  });

  it("is scoped: a manager's dashboard never counts another operator's parks", async () => {
    const cp = (await get(cpManager, "/admin/dashboard")).json();
    const cpParks = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM parks p JOIN operators o ON o.id = p.operator_id
        WHERE o.name = 'Citypark Nigeria' AND p.status = 'active'`,
    );
    expect(cp.parks_total).toBe(cpParks[0]!.n);
    expect(cp.parks.length).toBe(Math.min(12, cpParks[0]!.n));
    expect(cp.parks.map((p: { park_id: number }) => p.park_id)).not.toContain(parkA);
    expect(cp.top_parks.map((p: { park_id: number }) => p.park_id)).toContain(parkCP);
    const hv = (await get(hvManager, "/admin/dashboard")).json();
    expect(hv.top_parks.map((p: { park_id: number }) => p.park_id)).not.toContain(parkCP);
    expect((await get(hvManager, `/admin/dashboard?park_id=${parkCP}`)).statusCode).toBe(404);
    expect((await get(hvManager, "/admin/dashboard?park_id=99999999")).statusCode).toBe(404);
    // An attendant sees the dashboard of their park, not the reports.
    expect((await get(attendant, `/admin/dashboard?park_id=${parkA}`)).statusCode).toBe(200);
    expect((await get(attendant, "/admin/reports/sales")).statusCode).toBe(403);
  });
});

describe("scope and permissions", () => {
  it("never shows another operator's rows; a park outside the scope is a 404", async () => {
    const hv = (await get(hvManager, "/admin/reports/sales?size=1000")).json();
    const hvCodes = hv.items.map((r: { code: string }) => r.code);
    expect(hvCodes).toContain("DU-CLOSED");
    expect(hvCodes).not.toContain("CP-SECRET");
    const cp = (await get(cpManager, "/admin/reports/sales?size=1000")).json();
    const cpCodes = cp.items.map((r: { code: string }) => r.code);
    expect(cpCodes).toContain("CP-SECRET");
    expect(cpCodes).not.toContain("DU-CLOSED");
    const all = (await get(admin, "/admin/reports/sales?size=1000")).json();
    expect(all.items.map((r: { code: string }) => r.code)).toEqual(
      expect.arrayContaining(["CP-SECRET", "DU-CLOSED"]),
    );
    for (const kind of ["sales", "bookings", "occupancy"]) {
      const res = await get(hvManager, `/admin/reports/${kind}?park_id=${parkCP}`);
      expect(res.statusCode, kind).toBe(404);
      expect(res.json()).toEqual({ message: "Park not found", code: "park_not_found" });
      const csv = await get(hvManager, `/admin/reports/${kind}?park_id=${parkCP}&format=csv`);
      expect(csv.statusCode, kind).toBe(404);
    }
    const occ = (await get(hvManager, "/admin/reports/occupancy?size=1000")).json();
    expect(occ.items.some((r: { park_id: number }) => r.park_id === parkCP)).toBe(false);
  });

  it("offers the user's own parks in the park filter", async () => {
    // The dashboard's and the reports' filter: every status (a report reads a closed park's past).
    const filter = (permission: string) => `/admin/parks/choices?permission=${permission}&status=any`;
    for (const permission of ["dashboard.view", "reports.view"]) {
      const hv = (await get(hvManager, filter(permission))).json();
      const ids = hv.items.map((p: { id: number }) => p.id);
      expect(ids, permission).toContain(parkA);
      expect(ids, permission).not.toContain(parkCP);
      expect(hv.complete, permission).toBe(true);
    }
    const own = (await get(attendant, filter("dashboard.view"))).json();
    expect(own.items).toEqual([
      expect.objectContaining({
        id: parkA,
        name: expect.any(String),
        city: expect.any(String),
        time_zone: zone,
      }),
    ]);
  });

  it("keeps the ledger and the wallet balances for admins", async () => {
    for (const kind of ["transactions", "credit-balance"]) {
      expect((await get(hvManager, `/admin/reports/${kind}`)).statusCode, kind).toBe(403);
      expect((await get(admin, `/admin/reports/${kind}`)).statusCode, kind).toBe(200);
    }
  });
});

describe("transactions and credit balance", () => {
  it("lists the ledger's entries with kind, reference, account, amount and currency", async () => {
    // Ledger entries are read on UTC's days; b2's refund was written when the fixtures were.
    const today = dayIn(now, "UTC");
    const res = await get(
      admin,
      `/admin/reports/transactions?status=refund&from=${today}&to=${today}&size=1000`,
    );
    expect(res.statusCode).toBe(200);
    const lines = res.json().items.filter((r: { reference: string }) => r.reference === b2.booking_code);
    const p2 = priced(3);
    expect(lines).toHaveLength(2);
    expect(lines.map((l: { amount: number }) => l.amount).sort((a: number, b: number) => a - b)).toEqual([
      -p2.parking / 100,
      p2.parking / 100,
    ]);
    expect(lines.find((l: { amount: number }) => l.amount > 0)).toMatchObject({
      kind: "refund",
      currency: "NGN",
      account: `user:${driver.id}:NGN`,
    });
  });

  it("gives each wallet's balance with the user's name and e-mail, and totals per currency", async () => {
    const res = await get(admin, "/admin/reports/credit-balance?size=1000");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const p1 = priced(2);
    const p2 = priced(3);
    const expected = (10_000_000 - p1.total - p2.total + p2.parking) / 100;
    expect(body.items.find((r: { user_id: string }) => r.user_id === driver.id)).toMatchObject({
      name: "Ada Obi",
      email: driver.email,
      currency: "NGN",
      balance: expected,
    });
    const [sum] = await queryRows<{ currency: string; total: string }>(
      ctx.database.db,
      sql`SELECT currency, sum(balance_minor) AS total FROM wallet_accounts WHERE kind = 'user_wallet' AND currency = 'NGN' GROUP BY currency`,
    );
    expect(body.totals.find((t: { currency: string }) => t.currency === "NGN").balance).toBe(
      Number(sum!.total) / 100,
    );
    expect(new Set(body.totals.map((t: { currency: string }) => t.currency)).size).toBe(body.totals.length);
  });
});

describe("queries", () => {
  it("offers exactly the back office's page sizes", async () => {
    for (const size of [10, 25, 50, 100, 500, 1000]) {
      expect((await get(hvManager, `/admin/reports/bookings?size=${size}`)).statusCode, String(size)).toBe(
        200,
      );
    }
    for (const size of ["7", "20", "2000", "abc"]) {
      const res = await get(hvManager, `/admin/reports/bookings?size=${size}`);
      expect(res.statusCode, size).toBe(422);
      expect(res.json().fields.size).toBeTruthy();
    }
  });

  it("checks the date range and the status", async () => {
    const bad = async (query: string, field: string, message: string) => {
      const res = await get(hvManager, `/admin/reports/sales?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().fields[field], query).toBe(message);
    };
    await bad("from=2026-02-30", "from", "Use a date as YYYY-MM-DD");
    await bad("to=26-01-01", "to", "Use a date as YYYY-MM-DD");
    await bad("from=2026-03-02&to=2026-03-01", "from", "The start date must be on or before the end date");
    await bad("from=2025-01-01&to=2026-03-01", "to", "The range may cover at most 366 days");
    await bad("from=2999-01-01", "from", "The start date must be on or before the end date");
    await bad("status=lost", "status", "Unknown status");
    const occ = await get(hvManager, "/admin/reports/occupancy?status=active");
    expect(occ.json().fields.status).toBe("This report has no status filter");
    const fr = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/admin/reports/sales?from=2026-03-02&to=2026-03-01",
      headers: { ...bearer(hvManager), "accept-language": "fr" },
    });
    expect(fr.json().fields.from).toBe("La date de début doit être antérieure ou égale à la date de fin");
    expect((await get(hvManager, "/admin/reports/sales?from=2025-03-02&to=2026-03-02")).statusCode).toBe(200);
  });

  it("pages with offsets: the pages together are the whole range, in order", async () => {
    const today = dayIn(Date.now(), zone);
    const q = `park_id=${parkA}&from=${today}&to=${today}`;
    const whole = (await get(hvManager, `/admin/reports/occupancy?${q}&size=25`)).json();
    const p1 = (await get(hvManager, `/admin/reports/occupancy?${q}&size=10&page=1`)).json();
    const p3 = (await get(hvManager, `/admin/reports/occupancy?${q}&size=10&page=3`)).json();
    expect(p1).toMatchObject({ total: 24, pages: 3, page: 1, size: 10 });
    expect(p1.items).toEqual(whole.items.slice(0, 10));
    expect(p3.items).toEqual(whole.items.slice(20));
  });
});

describe("CSV", () => {
  /** A minimal RFC 4180 reader, for checking what the export wrote. */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = "";
    let quoted = false;
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ",") {
        row.push(cell);
        cell = "";
      } else if (c === "\r" && text[i + 1] === "\n") {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = "";
        i += 1;
      } else cell += c;
    }
    return rows;
  }

  it("exports the whole filtered range with a header, quoting and formulas neutralised", async () => {
    const { from, to } = fixtureDays();
    const res = await get(
      hvManager,
      `/admin/reports/sales?park_id=${parkA}&from=${from}&to=${to}&format=csv&size=10&page=3`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="parkwell-sales-${from}-to-${to}.csv"`,
    );
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      "Channel",
      "Code",
      "Park ID",
      "Park",
      "Status",
      "Time",
      "Currency",
      "Parking",
      "Fees",
      "Discount",
      "VAT",
      "Operator share",
      "Commission",
      "Busy-time prices",
      "Total",
      "Refunds",
      "Net",
    ]);
    // Every row of the range, whatever page and size the query named.
    expect(rows).toHaveLength(1 + 5);
    const codes = rows.slice(1).map((r) => r[1]);
    expect(codes).toContain(`'=HYPERLINK("http://evil.test","x")`);
    expect(codes).toContain(`'-2+3,"x"`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(res.body).toContain(`"'-2+3,""x"""`);
    const closed = rows.find((r) => r[1] === "DU-CLOSED")!;
    // A sale written without its commission line: all of it the operator's; no busy-time price.
    expect(closed.slice(6)).toEqual(["NGN", "2500", "0", "0", "0", "2500", "0", "0", "2500", "0", "2500"]);
    expect(codes).not.toContain("CP-SECRET");
  });

  it("checks the query before anything is sent", async () => {
    const res = await get(hvManager, "/admin/reports/sales?format=csv&from=2026-03-02&to=2026-03-01");
    expect(res.statusCode).toBe(422);
    expect(res.headers["content-type"]).toContain("application/json");
    expect((await get(hvManager, "/admin/reports/sales?format=xls")).statusCode).toBe(422);
  });
});
