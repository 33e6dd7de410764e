import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  CHARGER_CONNECTORS,
  CHARGER_COUNT_MAX,
  CHARGER_KW_MAX,
  CHARGER_KW_MIN,
  CHARGER_PRICE_UNITS,
  CHARGER_STATUSES,
  PARK_TYPES,
} from "@parkwell/contract";
import type { Language } from "../../lib/language";
import { IANA_ZONE_SHAPE } from "../../lib/time-zone";
import { countries, states, taxDistricts, vehicleTypes } from "./reference";

/** Mon..Sun; `null` for a closed day. Times are local "HH:MM", close may be "24:00". */
export type OpeningHours = ({ open: string; close: string } | null)[];
/** Per vehicle type id: [standard hourly rate, daily maximum (minor units), capacity], null where missing. */
export type RateCard = Record<string, [number | null, number | null, number | null]>;
/** A park's texts in a language other than its own (`text_language`). */
export interface ParkTexts {
  description: string;
  entry_instructions: string;
}

export interface ParkPhoto {
  url: string;
  alt: string;
  /** A small copy for lists (photos uploaded through the back office). */
  thumb_url?: string;
}

/**
 * A company that runs car parks ("Harbourview Parking Ltd"). Its staff see and change only its
 * parks (`parks.operator_id`); a park without an operator is run by Parkwell's own staff.
 */
export const operators = pgTable(
  "operators",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull().unique(),
    /**
     * The operator's country: its statements' clock (the country's first zone), its default
     * commission and the provider that pays it (decision 056). Null until it has a park.
     */
    countryId: integer("country_id").references(() => countries.id),
    /** How often its statements close: `weekly` or `monthly`. */
    settlementPeriod: text("settlement_period").notNull().default("monthly"),
    /**
     * A change of the period an admin made, which takes effect from the next period: from
     * `settlement_period_from` (the end of the period open when it was made, on the country's
     * clock) the statements close by this one. Null: no change waiting.
     */
    settlementPeriodNext: text("settlement_period_next"),
    settlementPeriodFrom: timestamp("settlement_period_from", { withTimezone: true }),
    /** An admin's hold on its payouts, with the reason the operator sees; null: none. */
    payoutsHeldReason: text("payouts_held_reason"),
    payoutsHeldAt: timestamp("payouts_held_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("operators_settlement_period", sql`${t.settlementPeriod} IN ('weekly', 'monthly')`),
    check(
      "operators_settlement_period_next",
      sql`(${t.settlementPeriodNext} IS NULL) = (${t.settlementPeriodFrom} IS NULL) AND (${t.settlementPeriodNext} IS NULL OR ${t.settlementPeriodNext} IN ('weekly', 'monthly'))`,
    ),
    check("operators_hold_reason", sql`(${t.payoutsHeldReason} IS NULL) = (${t.payoutsHeldAt} IS NULL)`),
  ],
);

// One list of park types, the contract's: the CHECK constraint below and the API agree by construction.
export { PARK_TYPES };
export const PARK_STATUSES = ["active", "inactive", "closed"] as const;

export const parks = pgTable(
  "parks",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull(),
    parkCode: text("park_code").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    type: text("type").notNull(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    stateId: integer("state_id").references(() => states.id),
    /**
     * The tax district the park lies in (decision 049: New York City, Manhattan...), a district of
     * its state; null: none, its state's (or country's) taxes only. Set by the seed or the back
     * office, never read from the free-text `city`.
     */
    taxDistrictId: integer("tax_district_id"),
    city: text("city").notNull(),
    /**
     * The IANA zone of the park's clock ("America/Vancouver"): opening hours are local times in it.
     * The park's own, not its country's: Canada and the United States span several zones.
     */
    timeZone: text("time_zone").notNull(),
    address: text("address").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    open24h: boolean("open_24h").notNull().default(false),
    openingHours: jsonb("opening_hours").$type<OpeningHours>(),
    /** A car may stay while the park is closed; only entry and exit need it open (opening-hours.ts). */
    overnightStays: boolean("overnight_stays").notNull().default(false),
    /** Whole days closed on the park's clock ("2026-12-25"), whatever the hours say (opening-hours.ts). */
    closures: date("closures", { mode: "string" })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    amenities: text("amenities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    maxHeightCm: smallint("max_height_cm"),
    entryInstructions: text("entry_instructions").notNull().default(""),
    photos: jsonb("photos").$type<ParkPhoto[]>().notNull().default([]),
    /** The language `description` and `entry_instructions` are written in ("en" or "fr"). */
    textLanguage: text("text_language").$type<Language>().notNull().default("en"),
    /** The same texts in other languages, by language code; a language missing here falls back. */
    translations: jsonb("translations").$type<Partial<Record<Language, ParkTexts>>>().notNull().default({}),
    /** The operator's name as shown to drivers, copied from `operators.name` by whoever writes the park. */
    operator: text("operator").notNull(),
    /** Whose staff run the park; null for a park Parkwell's own staff run. */
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    status: text("status").notNull().default("active"),
    /**
     * Lower-case, accent-free "name address city state", written by whoever writes the park
     * (the same JS normalisation as the search term), so pg_trgm can index it without unaccent().
     */
    searchText: text("search_text").notNull(),
    /** The car's (default vehicle type) standard hourly rate, kept with the rates so price sorting is indexed. */
    hourlyFromMinor: bigint("hourly_from_minor", { mode: "number" }),
    /**
     * What a search page shows per vehicle type, `{"<vehicle_type_id>": [hourly_minor,
     * daily_max_minor, capacity]}`: kept from park_rates and park_capacities by their triggers
     * (migration 0010, refresh_rate_cards), with hourly_from_minor. Read it; never write it.
     */
    rateCard: jsonb("rate_card").$type<RateCard>().notNull().default({}),
    /**
     * Drivers' reviews (decision 033): the visible reviews' count and sum of stars, changed by
     * their delta in the transaction that writes, edits, hides or deletes a review (the UPDATE's
     * row lock orders concurrent reviews of one park), and the average they give, rounded to two
     * decimals (null without reviews), so that search sorts and filters by it through an index.
     */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    ratingAverage: numeric("rating_average", { precision: 3, scale: 2 }),
  },
  (t) => [
    // A park's district is one of its own state's (decision 049): the key names both.
    foreignKey({
      name: "parks_tax_district_of_state_fk",
      columns: [t.taxDistrictId, t.stateId],
      foreignColumns: [taxDistricts.id, taxDistricts.stateId],
    }),
    check("parks_tax_district_has_state", sql`${t.taxDistrictId} IS NULL OR ${t.stateId} IS NOT NULL`),
    uniqueIndex("parks_slug_key").on(t.slug),
    uniqueIndex("parks_park_code_key").on(t.parkCode),
    // The GiST KNN indexes on a park's point (ll_to_earth's arithmetic in built-ins, migration
    // 0015; one per country and one for searches without a country, INCLUDE lat, lng, id) and the
    // trigram GINs on search_text (the same split) are created in migrations 0007, 0010 and 0015:
    // Drizzle cannot declare INCLUDE columns. See docs/decisions/007.
    // Short terms (1-2 characters) have no trigram: they match a name prefix through this index.
    // Broad words read it index-only, with INCLUDE (id) added by hand in migration 0011.
    index("parks_search_prefix_idx")
      .on(t.countryId, sql`${t.searchText} text_pattern_ops`)
      .where(sql`status = 'active'`),
    // Searches only ever list active parks: partial indexes are smaller and answer counts index-only.
    index("parks_country_name_idx")
      .on(t.countryId, t.name, t.id)
      .where(sql`status = 'active'`),
    index("parks_country_type_name_idx")
      .on(t.countryId, t.type, t.name, t.id)
      .where(sql`status = 'active'`),
    index("parks_country_price_idx")
      .on(t.countryId, t.hourlyFromMinor, t.id)
      .where(sql`status = 'active'`),
    // The same orders over every country, for a search without one (else a sort of every park:
    // 400-500 ms at 500,000 parks).
    index("parks_name_idx")
      .on(t.name, t.id)
      .where(sql`status = 'active'`),
    index("parks_type_name_idx")
      .on(t.type, t.name, t.id)
      .where(sql`status = 'active'`),
    index("parks_price_idx")
      .on(t.hourlyFromMinor, t.id)
      .where(sql`status = 'active'`),
    // Search by rating (decision 033): the best rated first, a country's or every country's.
    index("parks_country_rating_idx")
      .on(t.countryId, sql`${t.ratingAverage} DESC NULLS LAST`, sql`${t.ratingCount} DESC`, t.id)
      .where(sql`status = 'active'`),
    index("parks_rating_idx")
      .on(sql`${t.ratingAverage} DESC NULLS LAST`, sql`${t.ratingCount} DESC`, t.id)
      .where(sql`status = 'active'`),
    index("parks_operator_idx").on(t.operatorId),
    index("parks_amenities_idx").using("gin", t.amenities).with({ fastupdate: false }),
    check(
      "parks_rating_kept",
      sql`${t.ratingCount} >= 0 AND ${t.ratingTotal} BETWEEN ${t.ratingCount} AND 5 * ${t.ratingCount}`,
    ),
    check("parks_lat_range", sql`${t.lat} BETWEEN -90 AND 90`),
    check("parks_lng_range", sql`${t.lng} BETWEEN -180 AND 180`),
    check("parks_text_language_check", sql`${t.textLanguage} IN ('en', 'fr')`),
    check("parks_type_known", sql.raw(`type IN (${PARK_TYPES.map((p) => `'${p}'`).join(", ")})`)),
    // The name's shape only; whether the zone exists is checked (with Intl) by whoever writes the park.
    check("parks_time_zone_shape", sql.raw(`time_zone ~ '${IANA_ZONE_SHAPE}'`)),
    check("parks_status_known", sql.raw(`status IN (${PARK_STATUSES.map((p) => `'${p}'`).join(", ")})`)),
  ],
);

/** Spaces per park and vehicle type. Bookings lock these rows (SELECT ... FOR UPDATE) to never overbook. */
export const parkCapacities = pgTable(
  "park_capacities",
  {
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    vehicleTypeId: integer("vehicle_type_id")
      .notNull()
      .references(() => vehicleTypes.id),
    capacity: integer("capacity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.parkId, t.vehicleTypeId] }),
    check("park_capacities_non_negative", sql`${t.capacity} >= 0`),
  ],
);

const listed = (list: readonly string[]) => list.map((v) => `'${v}'`).join(", ");

/**
 * A park's EV chargers (docs/PRODUCT-RULES.md#ev-charging, decision 045), one row per group of
 * identical chargers: a connector, a power, how many (`count`: the capacity a booking of a charger
 * will hold, as park_capacities holds spaces), and the operator's price, per kWh or per hour, in
 * minor units of the park country's currency. Only active rows show: they make the park's
 * `ev_charging` amenity (written by the chargers' service) and answer the search's connector and
 * power filter through `park_chargers_search_idx`.
 */
export const parkChargers = pgTable(
  "park_chargers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    connector: text("connector").notNull(),
    powerKw: numeric("power_kw", { precision: 4, scale: 1 }).notNull(),
    count: integer("count").notNull(),
    priceUnit: text("price_unit").notNull(),
    priceMinor: bigint("price_minor", { mode: "number" }).notNull(),
    status: text("status").notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("park_chargers_park_idx").on(t.parkId, t.id),
    // The search's filter (connector, min_kw): the parks with an active charger of a connector
    // at a power or more, read in this index's order and joined to the parks by id.
    index("park_chargers_search_idx")
      .on(t.connector, t.powerKw, t.parkId)
      .where(sql`status = 'active'`),
    check("park_chargers_connector_known", sql.raw(`connector IN (${listed(CHARGER_CONNECTORS)})`)),
    check("park_chargers_power_range", sql.raw(`power_kw BETWEEN ${CHARGER_KW_MIN} AND ${CHARGER_KW_MAX}`)),
    check("park_chargers_count_range", sql.raw(`count BETWEEN 1 AND ${CHARGER_COUNT_MAX}`)),
    check("park_chargers_price_unit_known", sql.raw(`price_unit IN (${listed(CHARGER_PRICE_UNITS)})`)),
    check("park_chargers_price_positive", sql`${t.priceMinor} > 0`),
    check("park_chargers_status_known", sql.raw(`status IN (${listed(CHARGER_STATUSES)})`)),
  ],
);

export const RATE_KINDS = ["standard", "event", "monthly"] as const;

/**
 * A park's busy-time rules (docs/decisions/059-demand-pricing.md): a window whose start falls on
 * the rule's days, times and dates (the park's clock), and whose vehicle type's spaces are held
 * above the occupancy band, has its parking moved by `adjustment_bps` (up or down), then held
 * between `floor_minor` and `ceiling_minor` (minor units of the park's currency). Conditions left
 * null always hold; a rule sets at least one. Several that apply: the highest price wins (the
 * pricing core's ruleThatPrices). A booking keeps the rule it was priced with in its breakdown, so a
 * rule is deleted outright.
 */
export const parkRateRules = pgTable(
  "park_rate_rules",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    adjustmentBps: integer("adjustment_bps").notNull(),
    /** Weekdays, Monday = 0; null: every day. */
    days: smallint("days").array(),
    fromMinute: smallint("from_minute"),
    toMinute: smallint("to_minute"),
    /** Dates on the park's clock; null: any. */
    dates: date("dates", { mode: "string" }).array(),
    occupancyAbovePercent: smallint("occupancy_above_percent"),
    floorMinor: bigint("floor_minor", { mode: "number" }),
    ceilingMinor: bigint("ceiling_minor", { mode: "number" }),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("park_rate_rules_park_idx").on(t.parkId, t.id),
    check(
      "park_rate_rules_adjustment_range",
      sql`adjustment_bps BETWEEN -9000 AND 30000 AND adjustment_bps <> 0`,
    ),
    check("park_rate_rules_times_paired", sql`(from_minute IS NULL) = (to_minute IS NULL)`),
    check(
      "park_rate_rules_bounds",
      sql`(floor_minor IS NULL OR floor_minor > 0) AND (ceiling_minor IS NULL OR ceiling_minor > 0)
        AND (floor_minor IS NULL OR ceiling_minor IS NULL OR floor_minor <= ceiling_minor)`,
    ),
  ],
);

/**
 * Prices per park and vehicle type in minor units of the park country's currency. `standard` is
 * hourly with a daily cap; `event` is a flat amount valid between starts_at and ends_at; `monthly`
 * is a flat pass. Only `standard` is sold today; the other kinds have their columns ready.
 */
export const parkRates = pgTable(
  "park_rates",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    vehicleTypeId: integer("vehicle_type_id")
      .notNull()
      .references(() => vehicleTypes.id),
    kind: text("kind").notNull().default("standard"),
    hourlyMinor: bigint("hourly_minor", { mode: "number" }),
    dailyMaxMinor: bigint("daily_max_minor", { mode: "number" }),
    flatMinor: bigint("flat_minor", { mode: "number" }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("park_rates_standard_key")
      .on(t.parkId, t.vehicleTypeId)
      .where(sql`kind = 'standard'`),
    index("park_rates_park_idx").on(t.parkId, t.vehicleTypeId, t.kind),
    check("park_rates_kind_known", sql.raw(`kind IN (${RATE_KINDS.map((k) => `'${k}'`).join(", ")})`)),
    check(
      "park_rates_standard_shape",
      sql`kind <> 'standard' OR (hourly_minor > 0 AND daily_max_minor >= hourly_minor)`,
    ),
    check("park_rates_flat_shape", sql`kind = 'standard' OR flat_minor > 0`),
  ],
);

/**
 * Per country, every word (3+ letters, no digits) of its active parks' search texts and how many
 * active parks hold it, kept by a statement-level trigger on `parks` (migration 0011). The words
 * are the vocabulary a misspelt search word is corrected against (trigram similarity, computed in
 * parks.repo over the cached words, instead of fuzzy matching against every park); the numbers
 * tell a broad search ("toronto": a fifth of Canada's parks) from a selective one, which picks how
 * the search reads its matches (parks.search-plan.ts). A word no active park holds any more keeps
 * its row with n = 0.
 */
export const parkWordCounts = pgTable(
  "park_word_counts",
  {
    countryId: integer("country_id").notNull(),
    word: text("word").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.word] })],
);

/**
 * Active parks per country and per 0.02° cell (`park_cell(lat, lng)`, lib/park-cells.ts), kept by
 * a statement-level trigger on `parks` (migration 0010): the capped total of a search with no
 * filter but the country, and around coordinates, reads these instead of counting parks.
 */
export const parkCountryCounts = pgTable("park_country_counts", {
  countryId: integer("country_id").primaryKey(),
  n: integer("n").notNull(),
});

export const parkCellCounts = pgTable(
  "park_cell_counts",
  {
    countryId: integer("country_id").notNull(),
    cell: integer("cell").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.cell] })],
);
