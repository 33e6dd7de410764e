import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { COUNTRY_SERVICES, GATEWAY_PROVIDERS, PRICE_PARTS, TAX_PURCHASES } from "@parkwell/contract";

/** The providers a gateway may name, as the CHECKs below write them (the contract's one list). */
const gateways = sql.raw(GATEWAY_PROVIDERS.map((p) => `'${p}'`).join(", "));
/** The parts of a price a tax may name (the pricing core's PRICE_PARTS), as the CHECK below writes them. */
const priceParts = sql.raw(PRICE_PARTS.map((p) => `'${p}'`).join(", "));
/** The purchases a tax may be limited to (TAX_PURCHASES), as the CHECK below writes them. */
const taxPurchases = sql.raw(TAX_PURCHASES.map((p) => `'${p}'`).join(", "));
/** The product lines a country may offer, as the CHECK below writes them (the contract's one list). */
const services = sql.raw(COUNTRY_SERVICES.map((s) => `'${s}'`).join(", "));

/**
 * Reference data. A served country is one row here (plus its fees and states): its currency and
 * decimals, gateway and fallback, default language and time zones are read from it by the API and
 * the web app, and inserting it creates its search indexes (migration 0022, decision 018). The
 * first four ids are fixed (1 NG, 2 CA, 3 SN, 4 US) because clients and docs/PRODUCT-RULES.md name them.
 */
export const countries = pgTable(
  "countries",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    code: char("code", { length: 2 }).notNull().unique(),
    currency: char("currency", { length: 3 }).notNull(),
    currencySymbol: text("currency_symbol").notNull(),
    currencyDecimals: smallint("currency_decimals").notNull(),
    flag: text("flag").notNull(),
    dialCode: text("dial_code").notNull(),
    timezone: text("timezone").notNull(),
    locale: text("locale").notNull(),
    sortOrder: smallint("sort_order").notNull(),
    /** The payment provider that serves the country, and the one tried when it cannot start. */
    gateway: text("gateway").notNull(),
    gatewayFallback: text("gateway_fallback"),
    /** The language the web app speaks in the country until the user picks one (en or fr). */
    defaultLanguage: text("default_language").notNull(),
    /** Every IANA zone a park of the country may lie in; `timezone` is the capital's, the first. */
    timeZones: text("time_zones").array().notNull(),
    /** How visitors reach the country's support team (the help page lists them); null when none. */
    supportEmail: text("support_email"),
    supportPhone: text("support_phone"),
    /** The product lines the country offers beside parking (COUNTRY_SERVICES), e.g. vehicle_docs. */
    services: text("services")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How many hours staff have to decide a driver's claim (decision 057): the queue shows what is overdue. */
    claimDecisionHours: smallint("claim_decision_hours").notNull().default(48),
  },
  (t) => [
    check("countries_code_format", sql`${t.code} ~ '^[A-Z]{2}$'`),
    check("countries_gateway_known", sql`${t.gateway} IN (${gateways})`),
    check(
      "countries_gateway_fallback_known",
      sql`${t.gatewayFallback} IS NULL OR ${t.gatewayFallback} IN (${gateways})`,
    ),
    check("countries_default_language_known", sql`${t.defaultLanguage} IN ('en', 'fr')`),
    check("countries_services_known", sql`${t.services} <@ ARRAY[${services}]::text[]`),
    check("countries_claim_decision_hours", sql`${t.claimDecisionHours} BETWEEN 1 AND 720`),
  ],
);

export const states = pgTable(
  "states",
  {
    id: integer("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    name: text("name").notNull(),
    code: text("code").notNull(),
  },
  (t) => [index("states_country_idx").on(t.countryId, t.name)],
);

/**
 * Tax districts (decision 049): a city or region that taxes parking on top of its state's (or
 * country's) taxes, e.g. New York City's parking tax, which is higher in Manhattan. A park names
 * its district (`parks.tax_district_id`, set in the seed or the back office, never guessed from
 * its free-text city); the district's `tax_rates` rows apply in addition to the state's. Ids are
 * fixed and the seed upserts them. `code`: stable, e.g. "US-NY-NYC-MN". `source`: the law or the
 * authority that levies the district's taxes.
 */
export const taxDistricts = pgTable(
  "tax_districts",
  {
    id: integer("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    stateId: integer("state_id")
      .notNull()
      .references(() => states.id),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    source: text("source").notNull(),
  },
  (t) => [
    index("tax_districts_state_idx").on(t.stateId, t.name),
    // What parks' and tax_rates' (district, state) keys point to.
    unique("tax_districts_id_state").on(t.id, t.stateId),
    check("tax_districts_code_format", sql`${t.code} ~ '^[A-Z]{2}-[A-Z0-9-]+$'`),
    check("tax_districts_source_named", sql`length(trim(${t.source})) > 0`),
  ],
);

/** Money in integer minor units of the country's currency; percentages in basis points. */
export const fees = pgTable("fees", {
  countryId: integer("country_id")
    .primaryKey()
    .references(() => countries.id),
  serviceFeeMinor: bigint("service_fee_minor", { mode: "number" }).notNull(),
  bookingFeeBps: integer("booking_fee_bps").notNull(),
  taxBps: integer("tax_bps").notNull(),
  taxName: text("tax_name").notNull(),
  minTopupMinor: bigint("min_topup_minor", { mode: "number" }).notNull(),
  maxTopupMinor: bigint("max_topup_minor", { mode: "number" }).notNull(),
  maxWalletBalanceMinor: bigint("max_wallet_balance_minor", { mode: "number" }).notNull(),
  /** What a referral pays the inviter and the invitee each in this country (0: no reward). */
  referralRewardMinor: bigint("referral_reward_minor", { mode: "number" }).notNull().default(0),
});

/**
 * The taxes of a place, one component a row (decision 047): a province's HST, Québec's GST and QST,
 * a state's tax on parking. A park is taxed by its state's rows when its state has any, else by its
 * country's (state_id null); of each component (name and purchase) the row in force is the one with
 * the latest `effective_from` not after the day of the sale. `taxed_parts` null: Parkwell's own
 * charges (the pricing core's TAXED_PARTS); a tax on parking itself names its parts. `purchase`
 * null: every purchase of parking; 'window' (bookings, event bookings: paid by the hour or day) or
 * 'pass' (monthly passes) when a law taxes them at different rates. `source`: the law or the
 * authority's page the rate was read from. Marketplace orders and vehicle documents keep the
 * country's `fees` tax (decision 047). `district_id`: a tax district's row (decision 049), with
 * its district's state in `state_id`; it applies to the district's parks in addition to the
 * state's (or country's) rows, and replaces one of the same name.
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: integer("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    stateId: integer("state_id").references(() => states.id),
    /** A district's row (decision 049): applies in addition to its state's rows, replacing one of the same name. */
    districtId: integer("district_id"),
    name: text("name").notNull(),
    /** Basis points, to a half (Québec's QST is 9.975%: 997.5). */
    rateBps: numeric("rate_bps", { precision: 7, scale: 1, mode: "number" }).notNull(),
    taxedParts: text("taxed_parts").array(),
    purchase: text("purchase"),
    source: text("source").notNull(),
    effectiveFrom: date("effective_from").notNull(),
  },
  (t) => [
    unique("tax_rates_component_from")
      .on(t.countryId, t.stateId, t.districtId, t.name, t.purchase, t.effectiveFrom)
      .nullsNotDistinct(),
    index("tax_rates_country_idx").on(t.countryId),
    // A district's row is in its district's state (decision 049).
    foreignKey({
      name: "tax_rates_district_of_state_fk",
      columns: [t.districtId, t.stateId],
      foreignColumns: [taxDistricts.id, taxDistricts.stateId],
    }),
    check("tax_rates_district_has_state", sql`${t.districtId} IS NULL OR ${t.stateId} IS NOT NULL`),
    check("tax_rates_rate_range", sql`${t.rateBps} >= 0 AND ${t.rateBps} <= 10000`),
    check(
      "tax_rates_parts_known",
      sql`${t.taxedParts} IS NULL OR ${t.taxedParts} <@ ARRAY[${priceParts}]::text[]`,
    ),
    check("tax_rates_purchase_known", sql`${t.purchase} IS NULL OR ${t.purchase} IN (${taxPurchases})`),
    check("tax_rates_source_named", sql`length(trim(${t.source})) > 0`),
  ],
);

export const vehicleTypes = pgTable("vehicle_types", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  sortOrder: smallint("sort_order").notNull(),
});
