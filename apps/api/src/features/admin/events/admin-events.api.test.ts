import type {
  AdminEvent,
  AdminEventBookingList,
  AdminEventList,
  AdminEventReport,
  AllocationConflict,
} from "@parkwell/contract";
import { EVENT_CODE_PATTERN } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { lagosEventForm } from "../../../test/events";
import { ledgerViolations, receiptViolations } from "../../../test/ledger-invariants";
import { book, fundedUser, HOUR, setCapacity } from "../../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../../wallet/ledger.service";
import { nextSpringForward } from "../../../test/dates";

let ctx: TestContext;
let manager: TestUser;
let cityManager: TestUser;
let admin: TestUser;
let employee: TestUser;
/** Harbourview's Nigerian parks that sell Car spaces, open all day; and one of Citypark's. */
let parks: number[];
let cityPark: number;

const DAY = 24 * HOUR;

/** Lagos keeps UTC+1 all year: the wall clock of an instant there, as the form writes it. */
const lagos = (ms: number) => new Date(ms + HOUR).toISOString().slice(0, 16);
/** A whole minute `offset` from now. */
const soon = (offset: number) => Math.ceil(Date.now() / 60_000) * 60_000 + offset;

async function nigerianCarParks(operator: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`SELECT p.id FROM parks p JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1
      JOIN countries k ON k.id = p.country_id
      WHERE p.operator_id = ${operator} AND k.code = 'NG' AND p.status = 'active' AND p.open_24h
      ORDER BY p.id`,
  );
  return rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  const citypark = await operatorId(db, "Citypark Nigeria");
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
  cityManager = await createStaff(db, "branch_manager", { operatorId: citypark });
  admin = await createStaff(db, "admin");
  parks = await nigerianCarParks(harbourview);
  employee = await createStaff(db, "employee", { operatorId: harbourview, parkIds: parks.slice(0, 1) });
  cityPark = (await nigerianCarParks(citypark))[0]!;
  expect(parks.length).toBeGreaterThan(3);
});
afterAll(async () => {
  await ctx?.close();
});

type Method = "GET" | "POST" | "PATCH";
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? bearer(user) : {},
    ...(payload ? { payload } : {}),
  });

/** An event in Lagos starting `startIn` from now for `hours`, at the given parks (Car spaces). */
const newEvent = (
  parkList: { park_id: number; allocation?: number; price?: number }[],
  extra: object = {},
  startIn = 3 * DAY,
  hours = 3,
) => ({ ...lagosEventForm(soon(startIn), parkList, hours), ...extra });

async function created(user: TestUser, body: object): Promise<AdminEvent> {
  const res = await call(user, "POST", "/admin/events", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminEvent>();
}

async function published(user: TestUser, body: object): Promise<AdminEvent> {
  const event = await created(user, body);
  const res = await call(user, "POST", `/admin/events/${event.event_code}/publish`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminEvent>();
}

const audits = (code: string) =>
  queryRows<{ action: string; actor_id: string }>(
    ctx.database.db,
    sql`SELECT action, actor_id FROM audit_log WHERE entity = 'event' AND entity_id = ${code} ORDER BY id`,
  );

const bookEvent = (driver: TestUser, code: string, parkId: number, plate: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/bookings",
    headers: bearer(driver),
    payload: { event_code: code, park_id: parkId, vehicle_type_id: 1, plate_number: plate },
  });

describe("creating and editing an event", () => {
  it("creates a draft with its windows on the venue's clock and an audit entry", async () => {
    const body = newEvent([{ park_id: parks[0]! }]);
    const event = await created(manager, body);
    expect(event.event_code).toMatch(EVENT_CODE_PATTERN);
    expect(event.status).toBe("draft");
    expect(event.start_local).toBe(body.start_local);
    expect(event.venue.country_code).toBe("NG");
    expect(event.currency).toBe("NGN");
    const park = event.parks[0]!;
    expect(park.arrive_before_minutes).toBe(120);
    expect(park.depart_after_minutes).toBe(60);
    expect(Date.parse(event.start_time) - Date.parse(park.window_start)).toBe(2 * HOUR);
    expect(Date.parse(park.window_end) - Date.parse(event.end_time)).toBe(HOUR);
    expect(park.prices).toEqual([
      { vehicle_type_id: 1, vehicle_type: expect.any(String), price: 2500, allocation: 5, booked: 0 },
    ]);
    expect(event.operator?.name).toBe("Harbourview Parking Ltd");
    expect(await audits(event.event_code)).toEqual([{ action: "event.create", actor_id: manager.id }]);
  });

  it("converts the local times across a daylight-saving change (New York, spring forward)", async () => {
    // The next spring-forward (the second Sunday of March) that is at least two days ahead, so the
    // event is in the future whenever the suite runs: 20:00 EST the evening before it to 04:00 EDT.
    const { year, day } = nextSpringForward(new Date());
    const date = (d: number) => `${year}-03-${String(d).padStart(2, "0")}`;
    const res = await call(admin, "POST", "/admin/events", {
      ...newEvent([{ park_id: parks[0]! }]),
      time_zone: "America/New_York",
      start_local: `${date(day - 1)}T20:00`,
      end_local: `${date(day)}T04:00`,
    });
    // A Nigerian park at a New York-zoned venue in Nigeria is allowed: the zone is the venue's clock.
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json<AdminEvent>();
    expect(event.start_time).toBe(`${date(day)}T01:00:00.000Z`);
    expect(event.end_time).toBe(`${date(day)}T08:00:00.000Z`);
    expect(event.end_local).toBe(`${date(day)}T04:00`);
    // The buffers are elapsed time: 2 hours before 20:00 EST is 18:00 EST, 1 hour after 04:00 EDT is
    // 05:00 EDT, so the window lasts 7 + 3 = 10 hours, not the 11 the wall clock suggests.
    expect((await call(admin, "POST", `/admin/events/${event.event_code}/publish`)).statusCode).toBe(200);
    const page = await ctx.app.inject({ url: `/api/v1/events/${event.event_code}` });
    expect(page.json().parks[0].window).toEqual({
      start_time: `${date(day - 1)}T23:00:00.000Z`,
      end_time: `${date(day)}T09:00:00.000Z`,
    });
    const driver = await fundedUser(ctx.database.db);
    const booked = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings",
      headers: bearer(driver),
      payload: {
        event_code: event.event_code,
        park_id: parks[0]!,
        vehicle_type_id: 1,
        plate_number: "DST 27 NY",
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({
      start_time: `${date(day - 1)}T23:00:00.000Z`,
      end_time: `${date(day)}T09:00:00.000Z`,
    });
  });

  it("edits a draft: fields, parks and buffers, audited with before and after", async () => {
    const event = await created(manager, newEvent([{ park_id: parks[0]! }]));
    const res = await call(manager, "PATCH", `/admin/events/${event.event_code}`, {
      name: "Lagos Derby (replay)",
      parks: [
        {
          park_id: parks[1]!,
          arrive_before_minutes: 30,
          prices: [{ vehicle_type_id: 1, price: 1000, allocation: 2 }],
        },
        { park_id: parks[0]!, prices: [{ vehicle_type_id: 1, price: 2000.5, allocation: 3 }] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<AdminEvent>();
    expect(after.name).toBe("Lagos Derby (replay)");
    expect(after.parks.map((p) => p.park_id)).toEqual([parks[1], parks[0]]);
    expect(after.parks[0]!.arrive_before_minutes).toBe(30);
    expect(after.parks[1]!.prices[0]!.price).toBe(2000.5);
    expect(after.start_local).toBe(event.start_local);
    const [row] = await queryRows<{ before: { name: string }; after: { name: string } }>(
      ctx.database.db,
      sql`SELECT before, after FROM audit_log WHERE entity_id = ${event.event_code} AND action = 'event.update'`,
    );
    expect(row?.before.name).toBe("Lagos Derby");
    expect(row?.after.name).toBe("Lagos Derby (replay)");
  });

  it("keeps a private event's access code only as a hash; an edit without one keeps it", async () => {
    const event = await created(
      manager,
      newEvent([{ park_id: parks[0]! }], { visibility: "private", access_code: "gold-2026" }),
    );
    expect(event.has_access_code).toBe(true);
    const [row] = await queryRows<{ access_code_hash: string }>(
      ctx.database.db,
      sql`SELECT access_code_hash FROM events WHERE event_code = ${event.event_code}`,
    );
    expect(row?.access_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.access_code_hash).not.toContain("GOLD");
    // An edit without a code keeps the one it has.
    const kept = await call(manager, "PATCH", `/admin/events/${event.event_code}`, { name: "VIP night" });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<AdminEvent>().has_access_code).toBe(true);
    const pub = await call(manager, "PATCH", `/admin/events/${event.event_code}`, { visibility: "public" });
    expect(pub.json<AdminEvent>().has_access_code).toBe(false);
  });

  it("tells nobody whether another event uses an access code: any code is saved, and opens only its own event", async () => {
    const ours = await published(
      manager,
      newEvent([{ park_id: parks[0]!, allocation: 1 }], {
        visibility: "private",
        access_code: "PLATINUM-77",
      }),
    );
    // Another operator choosing the same code (typed differently), on a new event and on an edit:
    // saved like any other code, nothing said about the first event.
    const theirs = await call(
      cityManager,
      "POST",
      "/admin/events",
      newEvent([{ park_id: cityPark, allocation: 1 }], { visibility: "private", access_code: "platinum 77" }),
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirCode = theirs.json<AdminEvent>().event_code;
    const draft = await created(cityManager, newEvent([{ park_id: cityPark, allocation: 1 }]));
    const edited = await call(cityManager, "PATCH", `/admin/events/${draft.event_code}`, {
      visibility: "private",
      access_code: "PLATINUM-77",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call(cityManager, "POST", `/admin/events/${theirCode}/publish`)).statusCode).toBe(200);
    // Each event opens with the code entered for it, and its grant shows that event only.
    const open = (eventCode: string, remoteAddress: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v1/events/access",
        payload: { event_code: eventCode, access_code: "Platinum-77" },
        remoteAddress,
      });
    const mine = await open(ours.event_code, "10.41.3.1");
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().event_code).toBe(ours.event_code);
    const grant = { "x-event-access": mine.json().access_token };
    expect(
      (await ctx.app.inject({ url: `/api/v1/events/${ours.event_code}`, headers: grant })).statusCode,
    ).toBe(200);
    expect((await ctx.app.inject({ url: `/api/v1/events/${theirCode}`, headers: grant })).statusCode).toBe(
      404,
    );
    const other = await open(theirCode, "10.41.3.2");
    expect(other.json().event_code).toBe(theirCode);
  });

  it("answers bad input with 422 and its fields, never 500", async () => {
    const ok = newEvent([{ park_id: parks[0]! }]);
    const cases: [object, string][] = [
      [{ ...ok, end_local: ok.start_local }, "end_local"],
      [{ ...ok, time_zone: "Mars/Olympus" }, "time_zone"],
      [{ ...ok, start_local: "2020-01-01T10:00", end_local: "2020-01-01T12:00" }, "start_local"],
      [{ ...ok, start_local: "2027-02-30T10:00" }, "start_local"],
      [{ ...ok, start_local: "tomorrow" }, "start_local"],
      [newEvent([{ park_id: parks[0]! }], {}, 3 * DAY, 15 * 24), "end_local"],
      [{ ...ok, visibility: "private" }, "access_code"],
      [{ ...ok, visibility: "private", access_code: "ab-12" }, "access_code"],
      [newEvent([{ park_id: parks[0]!, price: 10.123 }]), "parks.0.prices.0.price"],
      [newEvent([{ park_id: parks[0]!, allocation: 0 }]), "parks.0.prices.0.allocation"],
      [{ ...ok, parks: [] }, "parks"],
      [{ ...ok, parks: [...ok.parks, ...ok.parks] }, "parks"],
      [{ ...ok, parks: [{ ...ok.parks[0], arrive_before_minutes: 721 }] }, "parks.0.arrive_before_minutes"],
      [
        { ...ok, parks: [{ ...ok.parks[0], prices: [{ vehicle_type_id: 9999, price: 10, allocation: 1 }] }] },
        "parks.0.prices.0.vehicle_type_id",
      ],
      [{ ...ok, venue: { ...ok.venue, country_code: "ZZ" } }, "venue.country_code"],
      [{ ...ok, venue: { ...ok.venue, country_code: "CA" } }, "parks.0.park_id"],
      [{ ...ok, venue: { ...ok.venue, lat: "north" } }, "venue.lat"],
      [{ ...ok, category: "opera" }, "category"],
      [{ ...ok, name: "" }, "name"],
    ];
    for (const [body, field] of cases) {
      const res = await call(manager, "POST", "/admin/events", body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields), res.body).toContain(field);
    }
    for (const body of [null, [], "x", { parks: "all" }]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/admin/events",
        headers: { ...bearer(manager), "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe("scope", () => {
  it("keeps each operator's events and parks to itself; an admin sees all", async () => {
    const event = await created(manager, newEvent([{ park_id: parks[0]! }], { name: "Harbour Jazz Night" }));
    expect((await call(cityManager, "GET", `/admin/events/${event.event_code}`)).statusCode).toBe(404);
    expect(
      (await call(cityManager, "PATCH", `/admin/events/${event.event_code}`, { name: "Mine" })).statusCode,
    ).toBe(404);
    expect((await call(cityManager, "POST", `/admin/events/${event.event_code}/publish`)).statusCode).toBe(
      404,
    );
    expect((await call(cityManager, "POST", `/admin/events/${event.event_code}/cancel`)).statusCode).toBe(
      404,
    );
    expect((await call(cityManager, "GET", `/admin/events/${event.event_code}/report`)).statusCode).toBe(404);
    const theirs = await call(cityManager, "GET", "/admin/events?size=1000");
    expect(theirs.json<AdminEventList>().items.map((e) => e.event_code)).not.toContain(event.event_code);
    const ours = await call(manager, "GET", "/admin/events?search=jazz");
    expect(ours.json<AdminEventList>().items.map((e) => e.event_code)).toEqual([event.event_code]);
    const all = await call(admin, "GET", "/admin/events?search=harbour%20jazz&status=draft");
    expect(all.json<AdminEventList>().items.map((e) => e.event_code)).toEqual([event.event_code]);
    // Another operator's park is the same 404 as a missing one.
    const foreign = await call(manager, "POST", "/admin/events", newEvent([{ park_id: cityPark }]));
    expect(foreign.statusCode).toBe(404);
    expect((await call(manager, "POST", "/admin/events", newEvent([{ park_id: 999_999 }]))).statusCode).toBe(
      404,
    );
    // An employee sees the operator's events and changes none of them.
    expect((await call(employee, "GET", `/admin/events/${event.event_code}`)).statusCode).toBe(200);
    expect((await call(employee, "POST", `/admin/events/${event.event_code}/publish`)).statusCode).toBe(403);
    expect(
      (await call(employee, "POST", "/admin/events", newEvent([{ park_id: parks[0]! }]))).statusCode,
    ).toBe(403);
    expect((await call(null, "GET", "/admin/events")).statusCode).toBe(401);
  });

  it("shows staff scoped to some parks only their parks' part of an event, and an event elsewhere as a 404", async () => {
    // Harbourview's employee works at parks[0] only. One event spans parks[0] and parks[2], another
    // is at parks[2] alone.
    const db = ctx.database.db;
    const both = await published(
      manager,
      newEvent(
        [
          { park_id: parks[0]!, allocation: 2, price: 3000 },
          { park_id: parks[2]!, allocation: 3, price: 5000 },
        ],
        { name: "Split Derby" },
        20 * DAY,
      ),
    );
    const elsewhere = await published(
      manager,
      newEvent([{ park_id: parks[2]!, allocation: 1 }], { name: "Far Gala" }, 20 * DAY),
    );
    const drivers = [await fundedUser(db, 1_000_000), await fundedUser(db, 1_000_000)];
    const mine = await bookEvent(drivers[0]!, both.event_code, parks[0]!, "SCP001AA");
    expect(mine.statusCode, mine.body).toBe(201);
    for (const [code, plate] of [
      [both.event_code, "SCP002AA"],
      [elsewhere.event_code, "SCP003AA"],
    ] as const) {
      const res = await bookEvent(drivers[1]!, code, parks[2]!, plate);
      expect(res.statusCode, res.body).toBe(201);
    }

    // The event with nothing at the employee's parks: the same 404 as a missing event, everywhere.
    for (const url of ["", "/bookings", "/report"]) {
      const res = await call(employee, "GET", `/admin/events/${elsewhere.event_code}${url}`);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: "event_not_found" });
    }
    const list = (await call(employee, "GET", "/admin/events?size=1000")).json<AdminEventList>();
    expect(list.items.map((e) => e.event_code)).not.toContain(elsewhere.event_code);
    expect(list.items.find((e) => e.event_code === both.event_code)).toMatchObject({
      parks: 1,
      allocation: 2,
      booked: 1,
    });

    // The shared event: only the employee's park, its bookings and its money.
    const detail = (await call(employee, "GET", `/admin/events/${both.event_code}`)).json<AdminEvent>();
    expect(detail.parks.map((p) => p.park_id)).toEqual([parks[0]]);
    expect(detail.booked).toBe(1);
    const bookings = (
      await call(employee, "GET", `/admin/events/${both.event_code}/bookings?size=10`)
    ).json<AdminEventBookingList>();
    expect(bookings.total).toBe(1);
    expect(bookings.items.map((b) => [b.plate_number, b.park.id])).toEqual([["SCP001AA", parks[0]]]);
    const report = (
      await call(employee, "GET", `/admin/events/${both.event_code}/report`)
    ).json<AdminEventReport>();
    expect(report.bookings).toEqual({ total: 1, active: 1, completed: 0, cancelled: 0 });
    expect(report.revenue).toEqual([{ currency: "NGN", amount: bookings.items[0]!.paid }]);
    expect(report.parks.map((p) => p.park_id)).toEqual([parks[0]]);

    // Its branch manager and an admin see the whole event.
    for (const user of [manager, admin]) {
      const whole = (
        await call(user, "GET", `/admin/events/${both.event_code}/report`)
      ).json<AdminEventReport>();
      expect(whole.bookings.total).toBe(2);
      expect(whole.parks.map((p) => p.park_id)).toEqual([parks[0], parks[2]]);
      const all = (
        await call(user, "GET", `/admin/events/${both.event_code}/bookings?size=10`)
      ).json<AdminEventBookingList>();
      expect(all.items.map((b) => b.plate_number).sort()).toEqual(["SCP001AA", "SCP002AA"]);
    }
  });

  it("lets staff scoped to some parks change only an event wholly at their parks", async () => {
    const db = ctx.database.db;
    // Given the rights to edit and cancel, the employee still changes nothing at another park.
    await db.execute(sql`INSERT INTO role_permissions (role, permission)
      VALUES ('employee', 'events.update'), ('employee', 'events.delete') ON CONFLICT DO NOTHING`);
    try {
      const shared = await created(
        manager,
        newEvent([{ park_id: parks[0]! }, { park_id: parks[2]! }], { name: "Shared Draft" }, 21 * DAY),
      );
      const attempts: [Method, string, object?][] = [
        ["PATCH", "", { name: "Mine now" }],
        [
          "PATCH",
          "",
          { parks: [{ park_id: parks[0]!, prices: [{ vehicle_type_id: 1, price: 1, allocation: 1 }] }] },
        ],
        ["POST", "/publish"],
        ["POST", "/cancel"],
      ];
      for (const [method, url, body] of attempts) {
        const res = await call(employee, method, `/admin/events/${shared.event_code}${url}`, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      }
      const after = (await call(manager, "GET", `/admin/events/${shared.event_code}`)).json<AdminEvent>();
      expect(after).toMatchObject({ name: "Shared Draft", status: "draft" });
      expect(after.parks.map((p) => p.park_id)).toEqual([parks[0], parks[2]]);
      expect((await audits(shared.event_code)).map((a) => a.action)).toEqual(["event.create"]);

      // An event at the employee's park alone is theirs to edit.
      const own = await created(manager, newEvent([{ park_id: parks[0]! }], { name: "Own Draft" }, 21 * DAY));
      const renamed = await call(employee, "PATCH", `/admin/events/${own.event_code}`, {
        name: "Own Draft II",
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
    } finally {
      await db.execute(sql`DELETE FROM role_permissions
        WHERE role = 'employee' AND permission IN ('events.update', 'events.delete')`);
    }
  });

  it("filters the list by status, dates and pages", async () => {
    const body = newEvent([{ park_id: parks[2]! }], { name: "Filter Fest" }, 40 * DAY);
    const event = await created(manager, body);
    const day = body.start_local.slice(0, 10);
    const hit = await call(manager, "GET", `/admin/events?from=${day}&to=${day}&search=filter`);
    expect(hit.json<AdminEventList>().items.map((e) => e.event_code)).toEqual([event.event_code]);
    const miss = await call(manager, "GET", `/admin/events?status=published&search=filter`);
    expect(miss.json<AdminEventList>().total).toBe(0);
    expect((await call(manager, "GET", "/admin/events?size=7")).statusCode).toBe(422);
    expect((await call(manager, "GET", "/admin/events?status=gone")).statusCode).toBe(422);
    expect((await call(manager, "GET", "/admin/events?from=2027-02-30")).statusCode).toBe(422);
  });
});

describe("allocations", () => {
  it("refuses to publish an allocation larger than the spaces free over the window (409), then fits", async () => {
    const park = parks[3]!;
    await setCapacity(ctx.database.db, park, 1, 4);
    const driver = await fundedUser(ctx.database.db);
    const start = soon(5 * DAY);
    // Three ordinary bookings inside the event's window (arrival buffer included).
    for (const plate of ["KJA101AA", "KJA102AA", "KJA103AA"]) {
      const res = await book(ctx.app, driver, {
        park_id: park,
        plate_number: plate,
        start: new Date(start - HOUR),
        end: new Date(start + HOUR),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const event = await created(manager, {
      ...newEvent([{ park_id: park, allocation: 2 }], {}, 5 * DAY),
    });
    const res = await call(manager, "POST", `/admin/events/${event.event_code}/publish`);
    expect(res.statusCode, res.body).toBe(409);
    const conflict = res.json<AllocationConflict>();
    expect(conflict.code).toBe("allocation_conflict");
    expect(conflict.message).toBe("Some allocations do not fit the spaces free at their parks");
    expect(conflict.conflicts).toEqual([
      expect.objectContaining({ park_id: park, vehicle_type_id: 1, allocation: 2, free: 1, booked: 0 }),
    ]);
    expect(conflict.conflicts[0]!.park_name).not.toBe("");
    const [row] = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`SELECT status FROM events WHERE event_code = ${event.event_code}`,
    );
    expect(row?.status).toBe("draft");
    // A draft holds nothing: the park still sells its last space to everyone else.
    const fits = await call(manager, "PATCH", `/admin/events/${event.event_code}`, {
      parks: [{ park_id: park, prices: [{ vehicle_type_id: 1, price: 2500, allocation: 1 }] }],
    });
    expect(fits.statusCode, fits.body).toBe(200);
    const ok = await call(manager, "POST", `/admin/events/${event.event_code}/publish`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<AdminEvent>().status).toBe("published");
    expect((await audits(event.event_code)).map((a) => a.action)).toEqual([
      "event.create",
      "event.update",
      "event.publish",
    ]);
    // Now held: the park is full for ordinary bookings over the window.
    const late = await book(ctx.app, driver, {
      park_id: park,
      plate_number: "KJA104AA",
      start: new Date(start),
      end: new Date(start + HOUR),
    });
    expect(late.statusCode, late.body).toBe(409);
    // A published event's edit is checked again.
    const bigger = await call(manager, "PATCH", `/admin/events/${event.event_code}`, {
      parks: [{ park_id: park, prices: [{ vehicle_type_id: 1, price: 2500, allocation: 3 }] }],
    });
    expect(bigger.statusCode, bigger.body).toBe(409);
    expect(bigger.json<AllocationConflict>().conflicts[0]).toMatchObject({ allocation: 3, free: 1 });
  });

  it("two events racing to publish the same spaces: one is published, the other gets the 409", async () => {
    const park = parks[4]!;
    await setCapacity(ctx.database.db, park, 1, 3);
    const a = await created(
      manager,
      newEvent([{ park_id: park, allocation: 3 }], { name: "Race A" }, 8 * DAY),
    );
    const b = await created(
      manager,
      newEvent([{ park_id: park, allocation: 2 }], { name: "Race B" }, 8 * DAY),
    );
    const answers = await Promise.all(
      [a, b].map((e) => call(manager, "POST", `/admin/events/${e.event_code}/publish`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const held = await queryRows<{ allocation: number }>(
      ctx.database.db,
      sql`SELECT r.allocation FROM event_rates r JOIN events e ON e.id = r.event_id
        WHERE r.park_id = ${park} AND e.status = 'published'`,
    );
    expect(held.reduce((n, r) => n + Number(r.allocation), 0)).toBeLessThanOrEqual(3);
  });

  it("refuses a vehicle type the park has no spaces for (422)", async () => {
    const [row] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`SELECT v.id FROM vehicle_types v WHERE NOT EXISTS (
        SELECT 1 FROM park_capacities c WHERE c.park_id = ${parks[0]!} AND c.vehicle_type_id = v.id) LIMIT 1`,
    );
    if (!row) return;
    const body = newEvent([{ park_id: parks[0]! }]);
    body.parks[0]!.prices = [{ vehicle_type_id: Number(row.id), price: 10, allocation: 1 }];
    const res = await call(manager, "POST", "/admin/events", body);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ fields: Record<string, string> }>().fields["parks.0.prices.0.vehicle_type_id"]).toBe(
      "This park has no spaces for this vehicle type",
    );
  });
});

describe("bookings, cancellation and the report", () => {
  it("keeps booked windows, never cuts below what is booked, and refunds every booking on cancellation", async () => {
    const park = parks[1]!;
    const event = await published(
      manager,
      newEvent([{ park_id: park, allocation: 3, price: 4000 }], { name: "Cup Final" }, 6 * DAY),
    );
    const db = ctx.database.db;
    const drivers = [await fundedUser(db, 1_000_000), await fundedUser(db, 1_000_000)];
    const before = await Promise.all(drivers.map((d) => walletBalanceMinor(db, d.id, "NGN")));
    for (const [i, d] of drivers.entries()) {
      const res = await bookEvent(d, event.event_code, park, `LND${i}11AA`);
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const [i, d] of drivers.entries())
      expect(await walletBalanceMinor(db, d.id, "NGN")).toBeLessThan(before[i]!);

    const detail = (await call(manager, "GET", `/admin/events/${event.event_code}`)).json<AdminEvent>();
    expect(detail.booked).toBe(2);
    expect(detail.parks[0]!.prices[0]!.booked).toBe(2);

    const below = await call(manager, "PATCH", `/admin/events/${event.event_code}`, {
      parks: [{ park_id: park, prices: [{ vehicle_type_id: 1, price: 4000, allocation: 1 }] }],
    });
    expect(below.statusCode, below.body).toBe(409);
    expect(below.json<AllocationConflict>().message).toBe(
      "An allocation cannot be less than the spaces already booked",
    );
    expect(below.json<AllocationConflict>().conflicts[0]).toMatchObject({ allocation: 1, booked: 2 });

    const moved = await call(manager, "PATCH", `/admin/events/${event.event_code}`, {
      start_local: lagos(soon(7 * DAY)),
      end_local: lagos(soon(7 * DAY + 2 * HOUR)),
    });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json<{ fields: Record<string, string> }>().fields.start_local).toBe(
      "The event has bookings: its start and end cannot change",
    );
    const buffers = await call(manager, "PATCH", `/admin/events/${event.event_code}`, {
      parks: [
        {
          park_id: park,
          arrive_before_minutes: 30,
          prices: [{ vehicle_type_id: 1, price: 4000, allocation: 3 }],
        },
      ],
    });
    expect(buffers.statusCode, buffers.body).toBe(422);
    const removed = await call(manager, "PATCH", `/admin/events/${event.event_code}`, {
      parks: [{ park_id: parks[2]!, prices: [{ vehicle_type_id: 1, price: 4000, allocation: 3 }] }],
    });
    expect(removed.statusCode, removed.body).toBe(422);
    // A price change and a larger allocation are fine.
    const raised = await call(manager, "PATCH", `/admin/events/${event.event_code}`, {
      parks: [{ park_id: park, prices: [{ vehicle_type_id: 1, price: 4500, allocation: 4 }] }],
    });
    expect(raised.statusCode, raised.body).toBe(200);

    const list = await call(manager, "GET", `/admin/events/${event.event_code}/bookings?size=10`);
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json<AdminEventBookingList>().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      status: "active",
      park: { id: park },
      vehicle_type_id: 1,
      currency: "NGN",
    });
    expect(items.map((b) => b.plate_number).sort()).toEqual(["LND011AA", "LND111AA"]);
    expect(items[0]!.paid).toBeGreaterThanOrEqual(4000);

    const report = (
      await call(manager, "GET", `/admin/events/${event.event_code}/report`)
    ).json<AdminEventReport>();
    expect(report.bookings).toEqual({ total: 2, active: 2, completed: 0, cancelled: 0 });
    expect(report.checked_in).toBe(0);
    expect(report.revenue).toEqual([{ currency: "NGN", amount: items[0]!.paid + items[1]!.paid }]);
    expect(report.parks[0]!.types[0]).toMatchObject({ allocation: 4, booked: 2, checked_in: 0 });
    expect(report.parks[0]!.types[0]!.peak_held).toBeGreaterThanOrEqual(4);
    expect(report.parks[0]!.types[0]!.capacity).toBeGreaterThanOrEqual(report.parks[0]!.types[0]!.peak_held);

    const cancelled = await call(manager, "POST", `/admin/events/${event.event_code}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<AdminEvent>().status).toBe("cancelled");
    await ctx.app.jobs.runDue(["events-cancel"]);
    for (const [i, d] of drivers.entries()) expect(await walletBalanceMinor(db, d.id, "NGN")).toBe(before[i]);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
    // Run again, nothing is refunded twice.
    await ctx.app.jobs.runDue(["events-cancel"]);
    for (const [i, d] of drivers.entries()) expect(await walletBalanceMinor(db, d.id, "NGN")).toBe(before[i]);
    const after = (
      await call(manager, "GET", `/admin/events/${event.event_code}/report`)
    ).json<AdminEventReport>();
    expect(after.bookings).toEqual({ total: 2, active: 0, completed: 0, cancelled: 2 });
    expect(after.revenue).toEqual([{ currency: "NGN", amount: 0 }]);
    expect((await audits(event.event_code)).map((a) => a.action)).toEqual([
      "event.create",
      "event.publish",
      "event.update",
      "event.cancel",
    ]);

    // A cancelled event changes no more.
    expect(
      (await call(manager, "PATCH", `/admin/events/${event.event_code}`, { name: "Again" })).statusCode,
    ).toBe(409);
    expect((await call(manager, "POST", `/admin/events/${event.event_code}/publish`)).statusCode).toBe(409);
    expect((await call(manager, "POST", `/admin/events/${event.event_code}/cancel`)).statusCode).toBe(409);
    expect((await bookEvent(drivers[0]!, event.event_code, park, "LND211AA")).statusCode).toBe(404);
  });
});
