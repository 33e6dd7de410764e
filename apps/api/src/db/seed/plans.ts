import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../client";
import { buildSeedParks, type SeedPark } from "./park-rows";

/**
 * The demo's monthly plans (docs/PRODUCT-RULES.md#monthly-passes): at a few commuter parks open
 * around the clock in each big city, three plans on sale: 24/7, weekdays 07:00-19:00, and nights
 * and weekends, at local monthly prices (minor units of the city's currency; XOF has none) for a
 * car, an SUV (a quarter more) and a motorcycle (about a third). A plan is created once, found
 * again by its park and English name: seeding again never changes one an operator has edited.
 */

interface CityPrices {
  /** How many of the city's parks get plans. */
  parks: number;
  /** Car prices a month: 24/7, weekdays, nights and weekends. */
  car: [number, number, number];
  /** The currency's rounding step in minor units. */
  step: number;
}

export const PLAN_CITIES: Record<string, CityPrices> = {
  Lagos: { parks: 3, car: [8_500_000, 4_500_000, 3_000_000], step: 50_000 },
  Abuja: { parks: 2, car: [7_000_000, 3_800_000, 2_500_000], step: 50_000 },
  Toronto: { parks: 3, car: [32_500, 23_000, 14_000], step: 500 },
  Montréal: { parks: 2, car: [27_500, 19_500, 12_000], step: 500 },
  Dakar: { parks: 2, car: [45_000, 27_500, 18_000], step: 500 },
  "New York": { parks: 3, car: [45_000, 32_000, 19_000], step: 500 },
  "Los Angeles": { parks: 2, car: [24_000, 17_000, 10_000], step: 500 },
  Chicago: { parks: 2, car: [28_000, 19_500, 11_500], step: 500 },
  Houston: { parks: 2, car: [16_000, 11_500, 7_000], step: 500 },
  Atlanta: { parks: 2, car: [17_000, 12_000, 7_500], step: 500 },
};

/** Where the demo driver's pass is (features/demo): the demo attendant's operator and city, on the 24/7 plan. */
export const DEMO_PASS_PLAN = { operator: "Harbourview Parking Ltd", city: "Lagos", plan: "24/7" } as const;

type Window = { weekday: number; start: number; end: number };
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7];

interface SeedPlan {
  name: { en: string; fr: string };
  windows: Window[];
  /** Index into the city's car prices. */
  price: 0 | 1 | 2;
}

const PLANS: SeedPlan[] = [
  {
    name: { en: "24/7", fr: "24 h/24, 7 j/7" },
    windows: ALL_WEEK.map((weekday) => ({ weekday, start: 0, end: 1440 })),
    price: 0,
  },
  {
    name: { en: "Weekday commuter", fr: "Navetteur en semaine" },
    windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: 7 * 60, end: 19 * 60 })),
    price: 1,
  },
  {
    // Weeknights 18:00-08:00, and Friday 18:00 to Monday 08:00; no two windows overlap.
    name: { en: "Nights and weekends", fr: "Nuits et week-ends" },
    windows: [
      { weekday: 1, start: 0, end: 8 * 60 },
      ...[1, 2, 3, 4].map((weekday) => ({ weekday, start: 18 * 60, end: 8 * 60 })),
      { weekday: 5, start: 18 * 60, end: 1440 },
      { weekday: 6, start: 0, end: 1440 },
      { weekday: 7, start: 0, end: 1440 },
    ],
    price: 2,
  },
];

/** Price factors of the other vehicle types against a car's. */
const VEHICLE_FACTORS: [number, number][] = [
  [1, 1],
  [2, 1.25],
  [3, 0.35],
];

const COMMUTER_TYPES = new Set(["city", "station", "hospital"]);

/** The parks that get plans in a city: open around the clock, for commuters, first by id (for Lagos, the demo's operator first). */
export function planParks(all: SeedPark[], city: string, count: number): SeedPark[] {
  const fit = all.filter(
    (p) =>
      p.row.city === city && p.row.open24h && p.row.status === "active" && COMMUTER_TYPES.has(p.row.type),
  );
  const first =
    city === DEMO_PASS_PLAN.city ? fit.filter((p) => p.row.operator === DEMO_PASS_PLAN.operator) : [];
  return [...first, ...fit.filter((p) => !first.includes(p))].slice(0, count);
}

const round = (minor: number, step: number) => Math.max(step, Math.round(minor / step) * step);

/** The plans to seed: per park, the three plans with their windows and prices. */
function wantedPlans() {
  const all = buildSeedParks();
  const out: { parkId: number; allocation: number; plan: SeedPlan; prices: [number, number][] }[] = [];
  for (const [city, prices] of Object.entries(PLAN_CITIES)) {
    for (const park of planParks(all, city, prices.parks)) {
      const car = park.capacities.find((c) => c.vehicleTypeId === 1)?.capacity ?? 0;
      const allocation = Math.max(5, Math.round(car * 0.08));
      for (const plan of PLANS) {
        const priced = VEHICLE_FACTORS.filter(([v]) =>
          park.capacities.some((c) => c.vehicleTypeId === v && c.capacity > 0),
        ).map(([v, factor]): [number, number] => [v, round(prices.car[plan.price] * factor, prices.step)]);
        out.push({ parkId: park.row.id, allocation, plan, prices: priced });
      }
    }
  }
  return out;
}

/** Creates the seeded plans missing (by park and English name), in a few statements. */
export async function seedPlans(db: Db): Promise<void> {
  const wanted = wantedPlans();
  const parkIds = [...new Set(wanted.map((w) => w.parkId))];
  const existing = new Set(
    (
      await queryRows<{ park_id: number; name: string }>(
        db,
        sql`SELECT park_id, name->>'en' AS name FROM parking_plans WHERE park_id = ANY(${sql.param(parkIds)}::int[])`,
      )
    ).map((r) => `${r.park_id}/${r.name}`),
  );
  const missing = wanted.filter((w) => !existing.has(`${w.parkId}/${w.plan.name.en}`));
  if (missing.length === 0) return;
  const created = await queryRows<{ id: number; park_id: number; name: string }>(
    db,
    sql`INSERT INTO parking_plans (park_id, name, status, allocation, space_mode, min_term_months,
        discount_3m_bps, discount_12m_bps)
      VALUES ${sql.join(
        missing.map(
          (w) =>
            sql`(${w.parkId}, ${JSON.stringify(w.plan.name)}::jsonb, 'on_sale', ${w.allocation}, 'any', 1, 500, 1000)`,
        ),
        sql`, `,
      )}
      RETURNING id, park_id, name->>'en' AS name`,
  );
  const idOf = new Map(created.map((r) => [`${r.park_id}/${r.name}`, Number(r.id)]));
  const windows: SQL[] = [];
  const prices: SQL[] = [];
  for (const w of missing) {
    const id = idOf.get(`${w.parkId}/${w.plan.name.en}`)!;
    for (const x of w.plan.windows) windows.push(sql`(${id}, ${x.weekday}, ${x.start}, ${x.end})`);
    for (const [v, minor] of w.prices) prices.push(sql`(${id}::int, ${v}::int, ${minor}::bigint)`);
  }
  await db.execute(
    sql`INSERT INTO plan_windows (plan_id, weekday, start_minute, end_minute) VALUES ${sql.join(windows, sql`, `)}`,
  );
  await db.execute(
    // In the park's currency: a plan's prices keep the currency they were set in.
    sql`INSERT INTO plan_prices (plan_id, vehicle_type_id, monthly_minor, currency)
      SELECT x.plan_id, x.vehicle_type_id, x.monthly_minor, c.currency
      FROM (VALUES ${sql.join(prices, sql`, `)}) AS x (plan_id, vehicle_type_id, monthly_minor)
      JOIN parking_plans pl ON pl.id = x.plan_id JOIN parks p ON p.id = pl.park_id
      JOIN countries c ON c.id = p.country_id`,
  );
}
