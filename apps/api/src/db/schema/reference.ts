import { bigint, char, index, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";

/** Reference data. Ids are fixed (1 NG, 2 CA, 3 SN, 4 US) because clients and docs/PRODUCT-RULES.md name them. */
export const countries = pgTable("countries", {
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
});

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
});

export const vehicleTypes = pgTable("vehicle_types", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  sortOrder: smallint("sort_order").notNull(),
});
