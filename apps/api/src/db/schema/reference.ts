import { sql } from "drizzle-orm";
import { bigint, char, check, index, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { COUNTRY_SERVICES, GATEWAY_PROVIDERS } from "@parkwell/contract";

/** The providers a gateway may name, as the CHECKs below write them (the contract's one list). */
const gateways = sql.raw(GATEWAY_PROVIDERS.map((p) => `'${p}'`).join(", "));
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

export const vehicleTypes = pgTable("vehicle_types", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  sortOrder: smallint("sort_order").notNull(),
});
