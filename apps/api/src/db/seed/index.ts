import type { Db } from "../client";
import { sql } from "drizzle-orm";
import { DEFAULT_COMMISSION_BPS } from "@parkwell/contract";
import {
  billingEntities,
  countries,
  fees,
  states,
  taxDistricts,
  taxRates,
  vehicleTypes,
} from "../schema/index";
import { seedBlog } from "./blog";
import { seedEvents } from "./events";
import { seedMarketplace } from "./marketplace";
import { seedPages } from "./pages";
import { seedParks } from "./parks";
import { seedPlans } from "./plans";
import { seedSocialLinks } from "./social-links";
import { seedVehicleDocs } from "./vehicle-docs";
import {
  BILLING_ENTITY_ROWS,
  COUNTRY_ROWS,
  FEE_ROWS,
  STATE_ROWS,
  TAX_DISTRICT_ROWS,
  TAX_RATE_ROWS,
  VEHICLE_TYPE_ROWS,
} from "./reference-data";
import { upsertAll } from "./upsert";
import { disableDemoAccounts, seedDemoAccounts } from "./accounts";

export interface SeedOptions {
  /** Demo mode (config.DEMO_MODE): also the demo accounts with their published passwords. */
  demo?: boolean;
  /**
   * The time the seeded dates count from (the clock by default): the demo events' rolling dates,
   * the marketplace offers' and coupons' windows, the blog's first posts, the first page versions,
   * the default social links' date and the demo accounts' verification. No seeded row carries a date fixed in the calendar.
   */
  now?: Date;
}

/**
 * Each served country's default commission (decision 056), from the seed's day (before it, the
 * same default applies: operator_sale's fallback): a country that has any rate keeps it (an
 * admin's later ones are new rows, never changed here).
 */
async function seedCommissionDefaults(db: Db, now: Date): Promise<void> {
  await db.execute(sql`INSERT INTO commission_rates (country_id, rate_bps, effective_from)
    SELECT c.id, ${DEFAULT_COMMISSION_BPS}, ${now.toISOString()}::timestamptz FROM countries c
    WHERE NOT EXISTS (SELECT FROM commission_rates r WHERE r.country_id = c.id)`);
}

/** Deterministic and idempotent: run on every start; later features add their own steps here. */
export async function seed(db: Db, options: SeedOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    await upsertAll(tx, countries, countries.id, [...COUNTRY_ROWS]);
    await upsertAll(tx, states, states.id, STATE_ROWS);
    await upsertAll(tx, fees, fees.countryId, FEE_ROWS);
    await upsertAll(tx, taxDistricts, taxDistricts.id, TAX_DISTRICT_ROWS);
    await upsertAll(tx, taxRates, taxRates.id, TAX_RATE_ROWS);
    await upsertAll(tx, billingEntities, billingEntities.countryId, BILLING_ENTITY_ROWS);
    await upsertAll(tx, vehicleTypes, vehicleTypes.id, VEHICLE_TYPE_ROWS);
    await seedParks(tx);
    await seedCommissionDefaults(tx, now);
    await seedPlans(tx);
    await seedEvents(tx, now, { demo: options.demo ?? false });
    await seedMarketplace(tx, now);
    await seedVehicleDocs(tx);
    await seedBlog(tx, now);
    await seedPages(tx, now);
    await seedSocialLinks(tx, now);
  });
  // Never by default: an account with a published password exists only when demo mode asks.
  if (options.demo) await seedDemoAccounts(db, now);
}

/**
 * What a start does for its configuration: the seed when SEED is on (demo accounts only in demo
 * mode), and, out of demo mode, SEED or not, demo accounts left from a demo run disabled.
 */
export async function seedForStart(
  db: Db,
  config: { SEED: boolean; DEMO_MODE: boolean },
): Promise<{ demoAccountsDisabled: number }> {
  if (config.SEED) await seed(db, { demo: config.DEMO_MODE });
  return { demoAccountsDisabled: config.DEMO_MODE ? 0 : await disableDemoAccounts(db) };
}
