import fs from "node:fs/promises";
import path from "node:path";
import { clockOfPark } from "../../features/parks/parks.present";
import {
  EVENT_ACCESS_HEADER,
  EVENT_CODE_PATTERN,
  windowVerdict,
  type EventDetail,
  type EventPage,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetDemoData } from "../../features/demo/demo.service";
import { book, fundedUser, setCapacity } from "../../features/bookings/bookings.test-kit";
import { bearer } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { overbookedParks } from "../../test/ledger-invariants";
import { queryRows } from "../client";
import { DEMO_EVENT_ACCESS_CODE, SEED_EVENTS, seedEventTimes } from "./events";
import { seed } from "./index";
import { CITIES } from "./park-places";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;
const CURRENCY: Record<string, string> = { NG: "NGN", CA: "CAD", SN: "XOF", US: "USD" };
const publicCodes = SEED_EVENTS.filter((e) => !e.accessCode).map((e) => e.code);

const times = async () =>
  new Map(
    (
      await queryRows<{ event_code: string; start_time: Date | string; end_time: Date | string }>(
        ctx.database.db,
        sql`SELECT event_code, start_time, end_time FROM events WHERE event_code LIKE 'EV-%'`,
      )
    ).map((r) => [r.event_code, { start: new Date(r.start_time), end: new Date(r.end_time) }]),
  );

describe("the demo events", () => {
  it("lists every public seeded event, upcoming within 60 days, priced in its country's currency", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/events?size=100" });
    const page = res.json<EventPage>();
    const seeded = page.items.filter((e) => publicCodes.includes(e.event_code));
    expect(seeded.map((e) => e.event_code).sort()).toEqual([...publicCodes].sort());
    for (const e of seeded) {
      expect(e.event_code).toMatch(EVENT_CODE_PATTERN);
      expect(Date.parse(e.start_time)).toBeGreaterThan(Date.now());
      expect(Date.parse(e.start_time)).toBeLessThan(Date.now() + 60 * DAY);
      expect(e.price_from?.currency).toBe(CURRENCY[e.venue.country_code]);
      expect(e.price_from!.amount).toBeGreaterThan(0);
    }
    // Text search meets accents and case: "montreal" finds Montréal's Centre Bell.
    const montreal = (
      await ctx.app.inject({ url: "/api/v1/events?search=MONTREAL%20centre" })
    ).json<EventPage>();
    expect(montreal.items.map((e) => e.event_code)).toEqual(["EV-MTLHK"]);
    // Soonest first.
    const starts = seeded.map((e) => Date.parse(e.start_time));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("serves each event from its venue's own car parks first, then parks nearby, open over the window", async () => {
    for (const code of publicCodes) {
      const d = (await ctx.app.inject({ url: `/api/v1/events/${code}` })).json<EventDetail>();
      const seeded = SEED_EVENTS.find((e) => e.code === code)!;
      expect(d.parks.length, code).toBe(seeded.parks.length);
      expect(d.description).toMatch(/\S/);
      expect(d.parks[0]!.distance_km, code).toBeLessThan(0.5);
      for (const p of d.parks) {
        expect(p.distance_km, `${code} ${p.park.slug}`).toBeLessThan(4);
        expect(p.arrive_before_minutes).toBe(seeded.before ?? 120);
        expect(p.depart_after_minutes).toBe(seeded.after ?? 60);
        expect(p.prices.map((x) => x.vehicle_type)).toContain("Car");
        for (const price of p.prices) expect(price.available, `${code} ${p.park.slug}`).toBeGreaterThan(0);
      }
      const fr = (
        await ctx.app.inject({ url: `/api/v1/events/${code}`, headers: { "accept-language": "fr" } })
      ).json<EventDetail>();
      expect(fr.text_language).toBe("fr");
      expect(fr.description).not.toBe(d.description);
    }
    // Every park is open over its event window, and every allocation is well under its capacity.
    const rows = await queryRows<{
      event_code: string;
      window_start: Date | string;
      window_end: Date | string;
      open_24h: boolean;
      opening_hours: never;
      time_zone: string;
      overnight_stays: boolean;
      closures: string[];
      allocation: number;
      capacity: number;
    }>(
      ctx.database.db,
      sql`SELECT e.event_code, ep.window_start, ep.window_end, p.open_24h, p.opening_hours, p.time_zone,
          p.overnight_stays, p.closures, r.allocation, c.capacity
        FROM events e JOIN event_parks ep ON ep.event_id = e.id JOIN parks p ON p.id = ep.park_id
        JOIN event_rates r ON r.event_id = e.id AND r.park_id = p.id
        JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = r.vehicle_type_id
        WHERE e.event_code = ANY(${sql.param(SEED_EVENTS.map((e) => e.code))}::text[])`,
    );
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) {
      const clock = clockOfPark({
        open24h: r.open_24h,
        openingHours: r.opening_hours,
        timeZone: r.time_zone,
        overnightStays: r.overnight_stays,
        closures: r.closures,
      });
      const verdict = windowVerdict(new Date(r.window_start), new Date(r.window_end), new Date(0), clock);
      expect(verdict.bookable, `${r.event_code} ${JSON.stringify(verdict)}`).toBe(true);
      expect(r.allocation).toBeLessThanOrEqual(Math.ceil(r.capacity * 0.4));
    }
  });

  it("keeps the private event off the list; its published demo code opens it", async () => {
    const list = (await ctx.app.inject({ url: "/api/v1/events?size=100" })).json<EventPage>();
    expect(list.items.some((e) => e.event_code === "EV-VPGLA")).toBe(false);
    expect((await ctx.app.inject({ url: "/api/v1/events/EV-VPGLA" })).statusCode).toBe(404);
    const opened = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/events/access",
      payload: { event_code: "EV-VPGLA", access_code: DEMO_EVENT_ACCESS_CODE.toLowerCase() },
    });
    expect(opened.json()).toMatchObject({ event_code: "EV-VPGLA" });
    const shown = await ctx.app.inject({
      url: "/api/v1/events/EV-VPGLA",
      headers: { [EVENT_ACCESS_HEADER]: opened.json().access_token },
    });
    expect(shown.json()).toMatchObject({ visibility: "private", venue: { name: "Eko Convention Centre" } });
    // The code is printed in the README's demo section.
    const readme = await fs.readFile(path.resolve(import.meta.dirname, "../../../../../README.md"), "utf8");
    expect(readme).toContain(`\`${DEMO_EVENT_ACCESS_CODE}\``);
  });

  it("dates each event on its weekday, at its time on the venue's clock", () => {
    const now = new Date("2026-03-06T12:00:00Z");
    for (const e of SEED_EVENTS) {
      const zone = CITIES.find((c) => c.city === e.in)!.timeZone;
      const { start, end } = seedEventTimes(e, zone, now);
      const local = new Intl.DateTimeFormat("en-GB", {
        timeZone: zone,
        weekday: "short",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).formatToParts(start);
      const part = (type: string) => local.find((p) => p.type === type)!.value;
      expect(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(part("weekday")), e.code).toBe(
        e.weekday,
      );
      expect(`${part("hour")}:${part("minute")}`, e.code).toBe(e.time);
      expect(start.getTime() - now.getTime()).toBeGreaterThanOrEqual((e.inDays - 1) * DAY);
      expect(start.getTime() - now.getTime()).toBeLessThan(60 * DAY);
      expect(end.getTime() - start.getTime()).toBe(e.minutes * 60_000);
    }
  });

  it("never holds for an event more than a park has free over its window, nor less than it has booked", async () => {
    const db = ctx.database.db;
    const [offer] = await queryRows<{
      event_id: number;
      park_id: number;
      ws: Date | string;
      we: Date | string;
    }>(
      db,
      sql`SELECT r.event_id, r.park_id, ep.window_start AS ws, ep.window_end AS we FROM event_rates r
        JOIN event_parks ep ON ep.event_id = r.event_id AND ep.park_id = r.park_id
        JOIN events e ON e.id = r.event_id
        WHERE e.event_code = 'EV-EKTEC' AND r.vehicle_type_id = 1 ORDER BY ep.position LIMIT 1`,
    );
    const { event_id: eventId, park_id: parkId } = offer!;
    // The park fills up with ordinary bookings while the event holds nothing (a draft)...
    await db.execute(sql`UPDATE events SET status = 'draft' WHERE id = ${eventId}`);
    // An operator runs the park (an audit entry): seeding keeps its spaces as they are set.
    await db.execute(
      sql`INSERT INTO audit_log (action, entity, entity_id, operator_id) VALUES ('park.capacities', 'park', ${String(parkId)}, NULL)`,
    );
    await setCapacity(db, parkId, 1, 10);
    const driver = await fundedUser(db, 100_000_000);
    for (let i = 0; i < 8; i += 1) {
      const res = await book(ctx.app, driver, {
        park_id: parkId,
        start: new Date(offer!.ws),
        end: new Date(offer!.we),
        plate_number: `SEED ${i} EV`,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // ...then seeding publishes it again: 40% of 10 would be 4, but only 2 are free.
    await seed(db, { demo: true });
    const allocation = async () =>
      (
        await queryRows<{ allocation: number }>(
          db,
          sql`SELECT allocation FROM event_rates WHERE event_id = ${eventId} AND park_id = ${parkId} AND vehicle_type_id = 1`,
        )
      )[0]?.allocation;
    expect(await allocation()).toBe(2);
    expect(await overbookedParks(db)).toEqual([]);
    // Its bookings keep their spaces when the park is later cut further.
    const event = (
      await queryRows<{ code: string }>(db, sql`SELECT event_code AS code FROM events WHERE id = ${eventId}`)
    )[0]!;
    for (const plate of ["SEED 8 EV", "SEED 9 EV"]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/bookings",
        headers: bearer(driver),
        payload: { event_code: event.code, park_id: parkId, vehicle_type_id: 1, plate_number: plate },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await db.execute(
      sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = ${parkId} AND event_id IS NULL`,
    );
    await setCapacity(db, parkId, 1, 3);
    await seed(db, { demo: true });
    expect(await allocation()).toBe(2);
  });

  it("leaves upcoming events where they are when seeding again, and moves ended ones to their next date", async () => {
    const db = ctx.database.db;
    const before = await times();
    await seed(db, { demo: true, now: new Date(Date.now() + DAY) });
    expect(await times()).toEqual(before);

    // The back office changed one: it is the organiser's now, and seeding leaves it alone.
    await db.execute(
      sql`INSERT INTO audit_log (action, entity, entity_id, operator_id) VALUES ('event.update', 'event', 'EV-SFLA7', NULL)`,
    );
    const later = new Date(Date.now() + 70 * DAY);
    await seed(db, { demo: true, now: later });
    const after = await times();
    for (const e of SEED_EVENTS) {
      const t = after.get(e.code)!;
      if (e.code === "EV-SFLA7") {
        expect(t).toEqual(before.get(e.code));
        continue;
      }
      expect(t.start.getTime(), e.code).toBeGreaterThan(later.getTime());
      expect(t.start.getTime(), e.code).toBeLessThan(later.getTime() + 60 * DAY);
    }
    const [windows] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM event_parks ep JOIN events e ON e.id = ep.event_id
        WHERE e.event_code <> 'EV-SFLA7' AND e.event_code LIKE 'EV-%'
          AND ep.window_start <> e.start_time - make_interval(mins => ep.arrive_before_minutes)`,
    );
    expect(windows!.n).toBe(0);

    // The demo reset does the same.
    const muchLater = new Date(later.getTime() + 70 * DAY);
    await resetDemoData(db, () => muchLater);
    const reset = await times();
    expect(reset.get("EV-TBLAG")!.start.getTime()).toBeGreaterThan(muchLater.getTime());
  });
});
