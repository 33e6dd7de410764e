import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  date,
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
 * country's `fees` tax (decision 047).
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: integer("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    stateId: integer("state_id").references(() => states.id),
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
      .on(t.countryId, t.stateId, t.name, t.purchase, t.effectiveFrom)
      .nullsNotDistinct(),
    index("tax_rates_country_idx").on(t.countryId),
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
