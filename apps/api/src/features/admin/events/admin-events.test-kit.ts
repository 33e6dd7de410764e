import type { AdminEvent } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { queryRows } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { lagosEventForm } from "../../../test/events";
import { HOUR } from "../../bookings/bookings.test-kit";

/** Helpers the back office's event API tests share (test-only; not imported by production code). */

export const DAY = 24 * HOUR;

/** A whole minute `offset` from now. */
export const soon = (offset: number) => Math.ceil(Date.now() / 60_000) * 60_000 + offset;

/** An event in Lagos starting `startIn` from now for `hours`, at the given parks (Car spaces). */
export const newEvent = (
  parkList: { park_id: number; allocation?: number; price?: number }[],
  extra: object = {},
  startIn = 3 * DAY,
  hours = 3,
) => ({ ...lagosEventForm(soon(startIn), parkList, hours), ...extra });

/** What an event test file works with; the kit's beforeAll fills it in. */
export interface AdminEventsSuite {
  ctx: TestContext;
  /** Harbourview Parking Ltd's operator id, and a branch manager of it. */
  harbourview: number;
  manager: TestUser;
  /** Harbourview's Nigerian parks that sell Car spaces, open all day (more than three). */
  parks: number[];
}

export type Method = "GET" | "POST" | "PATCH";

/**
 * Registers an event test file's hooks (a database, Harbourview's branch manager and parks) and
 * answers the helpers bound to them. Call it once at the top of the file; `suite` is filled in
 * before the file's own beforeAll runs.
 */
export function adminEventsKit() {
  const suite = {} as AdminEventsSuite;

  /** An operator's active Nigerian parks open all day that sell Car spaces, by id. */
  async function nigerianCarParks(operator: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      suite.ctx.database.db,
      sql`SELECT p.id FROM parks p JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1
      JOIN countries k ON k.id = p.country_id
      WHERE p.operator_id = ${operator} AND k.code = 'NG' AND p.status = 'active' AND p.open_24h
      ORDER BY p.id`,
    );
    return rows.map((r) => Number(r.id));
  }

  beforeAll(async () => {
    suite.ctx = await createTestContext();
    const db = suite.ctx.database.db;
    suite.harbourview = await operatorId(db, "Harbourview Parking Ltd");
    suite.manager = await createStaff(db, "branch_manager", { operatorId: suite.harbourview });
    suite.parks = await nigerianCarParks(suite.harbourview);
    expect(suite.parks.length).toBeGreaterThan(3);
  });
  afterAll(async () => {
    await suite.ctx?.close();
  });

  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    suite.ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user ? bearer(user) : {},
      ...(payload ? { payload } : {}),
    });

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

  /** An event's audit entries, oldest first. */
  const audits = (code: string) =>
    queryRows<{ action: string; actor_id: string }>(
      suite.ctx.database.db,
      sql`SELECT action, actor_id FROM audit_log WHERE entity = 'event' AND entity_id = ${code} ORDER BY id`,
    );

  const bookEvent = (driver: TestUser, code: string, parkId: number, plate: string) =>
    suite.ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings",
      headers: bearer(driver),
      payload: { event_code: code, park_id: parkId, vehicle_type_id: 1, plate_number: plate },
    });

  return { suite, nigerianCarParks, call, created, published, audits, bookEvent };
}
