import type {
  AdminEvent,
  AdminEventBookingList,
  AdminEventReport,
  AllocationConflict,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import type { TestUser } from "../../../test/factories";
import type { TestContext } from "../../../test/harness";
import { ledgerViolations, receiptViolations } from "../../../test/ledger-invariants";
import { book, fundedUser, HOUR, setCapacity } from "../../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../../wallet/ledger.service";
import { adminEventsKit, DAY, newEvent, soon } from "./admin-events.test-kit";

const kit = adminEventsKit();
const { call, created, published, audits, bookEvent } = kit;
let ctx: TestContext;
let manager: TestUser;
/** Harbourview's Nigerian parks that sell Car spaces, open all day. */
let parks: number[];
beforeAll(() => {
  ({ ctx, manager, parks } = kit.suite);
});

/** Lagos keeps UTC+1 all year: the wall clock of an instant there, as the form writes it. */
const lagos = (ms: number) => new Date(ms + HOUR).toISOString().slice(0, 16);

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
