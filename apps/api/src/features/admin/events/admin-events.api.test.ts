import type { AdminEvent, AdminEventBookingList, AdminEventList, AdminEventReport } from "@parkwell/contract";
import { EVENT_CODE_PATTERN } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import type { TestContext } from "../../../test/harness";
import { fundedUser, HOUR } from "../../bookings/bookings.test-kit";
import { nextSpringForward } from "../../../test/dates";
import { adminEventsKit, DAY, newEvent, type Method } from "./admin-events.test-kit";

let ctx: TestContext;
let manager: TestUser;
let cityManager: TestUser;
let admin: TestUser;
let employee: TestUser;
/** Harbourview's Nigerian parks that sell Car spaces, open all day; and one of Citypark's. */
let parks: number[];
let cityPark: number;

const kit = adminEventsKit();
const { nigerianCarParks, call, created, published, audits, bookEvent } = kit;

beforeAll(async () => {
  let harbourview: number;
  ({ ctx, manager, parks, harbourview } = kit.suite);
  const db = ctx.database.db;
  const citypark = await operatorId(db, "Citypark Nigeria");
  cityManager = await createStaff(db, "branch_manager", { operatorId: citypark });
  admin = await createStaff(db, "admin");
  employee = await createStaff(db, "employee", { operatorId: harbourview, parkIds: parks.slice(0, 1) });
  cityPark = (await nigerianCarParks(citypark))[0]!;
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
