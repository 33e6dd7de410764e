import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ADDRESS_LABELS,
  COUPON_KINDS,
  type CouponKind,
  DISCOUNT_TYPES,
  FINAL_ORDER_STAGES,
  ITEM_KINDS,
  ORDER_SOURCES,
  ORDER_STAGES,
  ORDER_TYPES,
  RECORD_STATUSES,
} from "@parkwell/contract";
import { users } from "./auth";
import { bookings } from "./bookings";
import { parks } from "./parks";
import { purchases } from "./purchases";
import { countries } from "./reference";

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** Text in both languages: `{ en, fr }` (fr may repeat en for a brand name). */
export type Localised = { en: string; fr: string };

/**
 * The marketplace (docs/PRODUCT-RULES.md#marketplace): Parkwell's own shop of car products and of
 * services done at parks, per country in its currency. Money is in the country's minor units.
 */
export const marketCategories = pgTable(
  "market_categories",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull(),
    name: jsonb("name").$type<Localised>().notNull(),
    /** A Lucide icon name the web app draws for the category. */
    icon: text("icon").notNull().default("package"),
    position: integer("position").notNull().default(0),
    status: text("status").$type<(typeof RECORD_STATUSES)[number]>().notNull().default("active"),
  },
  (t) => [
    uniqueIndex("market_categories_slug_key").on(t.slug),
    check("market_categories_status_known", sql`${t.status} IN (${list(RECORD_STATUSES)})`),
  ],
);

/**
 * An item for sale in one country. A product has `stock` (units left) unless its variations carry
 * stock; a service has `daily_capacity` (jobs per park per day) and the parks that do it
 * (market_item_parks). `search` is the normalised name and description for text search.
 */
export const marketItems = pgTable(
  "market_items",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => marketCategories.id, { onDelete: "restrict" }),
    kind: text("kind").$type<(typeof ITEM_KINDS)[number]>().notNull(),
    name: jsonb("name").$type<Localised>().notNull(),
    description: jsonb("description").$type<Localised>().notNull(),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    priceMinor: bigint("price_minor", { mode: "number" }).notNull(),
    /** Units left of a product without variations; null for services and varied products. */
    stock: integer("stock"),
    /** Jobs a park can take per day, for a service. */
    dailyCapacity: integer("daily_capacity"),
    /** Minutes a service takes (shown, and checked against a booking's window). */
    durationMinutes: integer("duration_minutes"),
    status: text("status").$type<(typeof RECORD_STATUSES)[number]>().notNull().default("active"),
    /** Units sold, kept with each order for the "popular" sort. */
    sold: integer("sold").notNull().default(0),
    search: text("search").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("market_items_country_idx").on(t.countryId, t.status, t.categoryId),
    check("market_items_kind_known", sql`${t.kind} IN (${list(ITEM_KINDS)})`),
    check("market_items_status_known", sql`${t.status} IN (${list(RECORD_STATUSES)})`),
    check("market_items_price", sql`${t.priceMinor} > 0`),
    check("market_items_stock", sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check(
      "market_items_service_shape",
      sql`(${t.kind} = 'service') = (${t.dailyCapacity} IS NOT NULL) AND (${t.kind} = 'product' OR ${t.stock} IS NULL)`,
    ),
    check("market_items_capacity", sql`${t.dailyCapacity} IS NULL OR ${t.dailyCapacity} > 0`),
  ],
);

/** The parks where a service is done. */
export const marketItemParks = pgTable(
  "market_item_parks",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => marketItems.id, { onDelete: "cascade" }),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.parkId] }), index("market_item_parks_park_idx").on(t.parkId)],
);

/** What variations differ by: size, colour… */
export const marketAttributes = pgTable(
  "market_attributes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: jsonb("name").$type<Localised>().notNull(),
    status: text("status").$type<(typeof RECORD_STATUSES)[number]>().notNull().default("active"),
  },
  (t) => [check("market_attributes_status_known", sql`${t.status} IN (${list(RECORD_STATUSES)})`)],
);

/**
 * One choice of an item along an attribute ("Colour: Black"), with its own whole price and, for a
 * product, its own stock. An item with variations is sold only through one of them.
 */
export const marketVariations = pgTable(
  "market_variations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    itemId: integer("item_id")
      .notNull()
      .references(() => marketItems.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => marketAttributes.id, { onDelete: "restrict" }),
    value: jsonb("value").$type<Localised>().notNull(),
    priceMinor: bigint("price_minor", { mode: "number" }).notNull(),
    stock: integer("stock"),
    position: integer("position").notNull().default(0),
    status: text("status").$type<(typeof RECORD_STATUSES)[number]>().notNull().default("active"),
  },
  (t) => [
    index("market_variations_item_idx").on(t.itemId),
    check("market_variations_price", sql`${t.priceMinor} > 0`),
    check("market_variations_stock", sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check("market_variations_status_known", sql`${t.status} IN (${list(RECORD_STATUSES)})`),
  ],
);

/** An extra sold with an item (gift wrap, tyre shine), priced per unit of the line. */
export const marketAddons = pgTable(
  "market_addons",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    name: jsonb("name").$type<Localised>().notNull(),
    priceMinor: bigint("price_minor", { mode: "number" }).notNull(),
    status: text("status").$type<(typeof RECORD_STATUSES)[number]>().notNull().default("active"),
  },
  (t) => [
    index("market_addons_country_idx").on(t.countryId),
    check("market_addons_price", sql`${t.priceMinor} >= 0`),
    check("market_addons_status_known", sql`${t.status} IN (${list(RECORD_STATUSES)})`),
  ],
);

export const marketItemAddons = pgTable(
  "market_item_addons",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => marketItems.id, { onDelete: "cascade" }),
    addonId: integer("addon_id")
      .notNull()
      .references(() => marketAddons.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.addonId] })],
);

/**
 * A time-limited price cut on one item or on a whole category: `discount` is minor units (fixed)
 * or basis points (percentage, at most 10,000), capped per unit by `max_discount_minor`. It
 * applies to the item's or variation's price, not to add-ons; the best live offer wins.
 */
export const marketOffers = pgTable(
  "market_offers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    name: jsonb("name").$type<Localised>().notNull(),
    itemId: integer("item_id").references(() => marketItems.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").references(() => marketCategories.id, { onDelete: "cascade" }),
    discountType: text("discount_type").$type<(typeof DISCOUNT_TYPES)[number]>().notNull(),
    discount: bigint("discount", { mode: "number" }).notNull(),
    maxDiscountMinor: bigint("max_discount_minor", { mode: "number" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status").$type<(typeof RECORD_STATUSES)[number]>().notNull().default("active"),
  },
  (t) => [
    index("market_offers_country_idx").on(t.countryId, t.endsAt),
    check("market_offers_one_target", sql`(${t.itemId} IS NULL) <> (${t.categoryId} IS NULL)`),
    check("market_offers_type_known", sql`${t.discountType} IN (${list(DISCOUNT_TYPES)})`),
    check(
      "market_offers_discount",
      sql`${t.discount} > 0 AND (${t.discountType} = 'fixed' OR ${t.discount} <= 10000)`,
    ),
    check("market_offers_window", sql`${t.endsAt} > ${t.startsAt}`),
    check("market_offers_status_known", sql`${t.status} IN (${list(RECORD_STATUSES)})`),
  ],
);

/** A banner on the marketplace's home, linking to an item, a category or a search. */
export const marketSliders = pgTable(
  "market_sliders",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    title: jsonb("title").$type<Localised>().notNull(),
    subtitle: jsonb("subtitle").$type<Localised>().notNull(),
    imageUrl: text("image_url"),
    /** A path inside the web app: `/marketplace/12`, `/marketplace?category=car-care`. */
    link: text("link").notNull(),
    position: integer("position").notNull().default(0),
    status: text("status").$type<(typeof RECORD_STATUSES)[number]>().notNull().default("active"),
  },
  (t) => [
    index("market_sliders_country_idx").on(t.countryId, t.position),
    check("market_sliders_link_local", sql`${t.link} LIKE '/%' AND ${t.link} NOT LIKE '//%'`),
    check("market_sliders_status_known", sql`${t.status} IN (${list(RECORD_STATUSES)})`),
  ],
);

/**
 * A coupon of one country: `discount` in minor units (fixed) or basis points (percentage, at most
 * 10,000), `max_discount_minor` caps a percentage, `min_order_minor` is the least the amount it
 * applies to must come to, `limit_per_user` the purchases per driver that may use it and
 * `total_limit` (null: none) the purchases of everyone. `kinds`: the purchases it is for (the
 * contract's COUPON_KINDS). Codes are stored upper case and unique per country.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    code: text("code").notNull(),
    name: text("name").notNull(),
    discountType: text("discount_type").$type<(typeof DISCOUNT_TYPES)[number]>().notNull(),
    discount: bigint("discount", { mode: "number" }).notNull(),
    minOrderMinor: bigint("min_order_minor", { mode: "number" }).notNull().default(0),
    maxDiscountMinor: bigint("max_discount_minor", { mode: "number" }),
    limitPerUser: integer("limit_per_user").notNull().default(1),
    totalLimit: integer("total_limit"),
    kinds: text("kinds")
      .array()
      .$type<CouponKind[]>()
      .notNull()
      .default(sql`'{order}'::text[]`),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status").$type<(typeof RECORD_STATUSES)[number]>().notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupons_country_code_key").on(t.countryId, t.code),
    check("coupons_code_upper", sql`${t.code} = upper(${t.code}) AND ${t.code} ~ '^[A-Z0-9-]{3,30}$'`),
    check("coupons_type_known", sql`${t.discountType} IN (${list(DISCOUNT_TYPES)})`),
    check(
      "coupons_discount",
      sql`${t.discount} > 0 AND (${t.discountType} = 'fixed' OR ${t.discount} <= 10000)`,
    ),
    check("coupons_min_order", sql`${t.minOrderMinor} >= 0`),
    check("coupons_max_discount", sql`${t.maxDiscountMinor} IS NULL OR ${t.maxDiscountMinor} > 0`),
    check("coupons_limit", sql`${t.limitPerUser} > 0`),
    check("coupons_total_limit", sql`${t.totalLimit} IS NULL OR ${t.totalLimit} > 0`),
    check(
      "coupons_kinds_known",
      sql`cardinality(${t.kinds}) > 0 AND ${t.kinds} <@ ARRAY[${list(COUPON_KINDS)}]::text[]`,
    ),
    check("coupons_window", sql`${t.endsAt} > ${t.startsAt}`),
    check("coupons_status_known", sql`${t.status} IN (${list(RECORD_STATUSES)})`),
  ],
);

/**
 * Delivery Setup per country: delivery and takeaway on or off, and the depots deliveries leave
 * from (the nearest active one to the address serves it).
 */
export const deliverySettings = pgTable("delivery_settings", {
  countryId: integer("country_id")
    .primaryKey()
    .references(() => countries.id),
  deliveryEnabled: boolean("delivery_enabled").notNull().default(true),
  takeawayEnabled: boolean("takeaway_enabled").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const marketDepots = pgTable(
  "market_depots",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    name: text("name").notNull(),
    city: text("city").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    status: text("status").$type<(typeof RECORD_STATUSES)[number]>().notNull().default("active"),
  },
  (t) => [
    index("market_depots_country_idx").on(t.countryId),
    check("market_depots_status_known", sql`${t.status} IN (${list(RECORD_STATUSES)})`),
  ],
);

/** The delivery charge by straight-line distance from the depot: up to `up_to_km`, `charge_minor`. */
export const deliveryCharges = pgTable(
  "delivery_charges",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    upToKm: doublePrecision("up_to_km").notNull(),
    chargeMinor: bigint("charge_minor", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("delivery_charges_band_key").on(t.countryId, t.upToKm),
    check("delivery_charges_km", sql`${t.upToKm} > 0`),
    check("delivery_charges_charge", sql`${t.chargeMinor} >= 0`),
  ],
);

/**
 * When orders are delivered or picked up: a weekday (0 Sunday … 6 Saturday) and opening and
 * closing times ('HH:MM') on the country's clock (countries.timezone).
 */
export const timeSlots = pgTable(
  "time_slots",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    day: smallint("day").notNull(),
    openingTime: text("opening_time").notNull(),
    closingTime: text("closing_time").notNull(),
    status: text("status").$type<(typeof RECORD_STATUSES)[number]>().notNull().default("active"),
  },
  (t) => [
    index("time_slots_country_idx").on(t.countryId, t.day),
    check("time_slots_day", sql`${t.day} BETWEEN 0 AND 6`),
    check(
      "time_slots_times",
      sql`${t.openingTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.closingTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.closingTime} > ${t.openingTime}`,
    ),
    check("time_slots_status_known", sql`${t.status} IN (${list(RECORD_STATUSES)})`),
  ],
);

/** A driver's saved delivery address. */
export const addresses = pgTable(
  "addresses",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    label: text("label").$type<(typeof ADDRESS_LABELS)[number]>().notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    phone: text("phone").notNull(),
    /** The driver placed or confirmed the pin: delivery is priced only to a confirmed one. */
    pinConfirmed: boolean("pin_confirmed").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId),
    check("addresses_label_known", sql`${t.label} IN (${list(ADDRESS_LABELS)})`),
  ],
);

/**
 * An order, paid from the wallet when placed. Amounts always add up:
 * total = subtotal − offer_discount − coupon_discount + delivery + tax (a CHECK holds it).
 * `refunded_minor` grows with a cancellation, a rejection or a return, never past the total.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderCode: text("order_code").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    currency: text("currency").notNull(),
    orderType: text("order_type").$type<(typeof ORDER_TYPES)[number]>().notNull(),
    source: text("source").$type<(typeof ORDER_SOURCES)[number]>().notNull().default("web"),
    stage: text("stage").$type<(typeof ORDER_STAGES)[number]>().notNull().default("placed"),
    paymentStatus: text("payment_status").$type<"paid" | "unpaid">().notNull().default("paid"),
    /** Delivery: the address as it was when ordering, and the depot it leaves from. */
    address: jsonb("address").$type<{
      label: string;
      address: string;
      city: string;
      lat: number;
      lng: number;
      phone: string;
    }>(),
    depotId: integer("depot_id").references(() => marketDepots.id, { onDelete: "set null" }),
    /** Takeaway, and every service: the park where it is picked up or done. */
    parkId: integer("park_id").references(() => parks.id, { onDelete: "restrict" }),
    /** A service done during this booking of the driver's at the park (instead of a slot). */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    /** The slot: its day and its times as instants. */
    slotDate: date("slot_date"),
    slotStart: timestamp("slot_start", { withTimezone: true }),
    slotEnd: timestamp("slot_end", { withTimezone: true }),
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    subtotalMinor: bigint("subtotal_minor", { mode: "number" }).notNull(),
    offerDiscountMinor: bigint("offer_discount_minor", { mode: "number" }).notNull(),
    couponDiscountMinor: bigint("coupon_discount_minor", { mode: "number" }).notNull(),
    deliveryMinor: bigint("delivery_minor", { mode: "number" }).notNull(),
    taxMinor: bigint("tax_minor", { mode: "number" }).notNull(),
    taxName: text("tax_name").notNull(),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    refundedMinor: bigint("refunded_minor", { mode: "number" }).notNull().default(0),
    /** Ledger moves made so far; numbers each move's idempotency key (order:<id>:<n>). */
    moves: integer("moves").notNull().default(1),
    courierId: uuid("courier_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_code_key").on(t.orderCode),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_stage_idx").on(t.stage, t.createdAt),
    index("orders_courier_idx")
      .on(t.courierId)
      .where(sql`${t.courierId} IS NOT NULL`),
    index("orders_created_idx").on(t.createdAt),
    // The orders still open at a park (not in a final stage): what holds a park (admin-parks.repo).
    index("orders_open_park_idx")
      .on(t.parkId)
      .where(sql`${t.parkId} IS NOT NULL AND ${t.stage} NOT IN (${list(FINAL_ORDER_STAGES)})`),
    check("orders_type_known", sql`${t.orderType} IN (${list(ORDER_TYPES)})`),
    check("orders_source_known", sql`${t.source} IN (${list(ORDER_SOURCES)})`),
    check("orders_stage_known", sql`${t.stage} IN (${list(ORDER_STAGES)})`),
    check("orders_payment_known", sql`${t.paymentStatus} IN ('paid', 'unpaid')`),
    check(
      "orders_amounts_add_up",
      sql`${t.totalMinor} = ${t.subtotalMinor} - ${t.offerDiscountMinor} - ${t.couponDiscountMinor} + ${t.deliveryMinor} + ${t.taxMinor}`,
    ),
    check(
      "orders_amounts_sign",
      sql`${t.subtotalMinor} > 0 AND ${t.offerDiscountMinor} >= 0 AND ${t.couponDiscountMinor} >= 0 AND ${t.deliveryMinor} >= 0 AND ${t.taxMinor} >= 0 AND ${t.totalMinor} >= 0`,
    ),
    check("orders_refund_bounded", sql`${t.refundedMinor} >= 0 AND ${t.refundedMinor} <= ${t.totalMinor}`),
    check("orders_delivery_shape", sql`${t.orderType} <> 'delivery' OR ${t.address} IS NOT NULL`),
    check("orders_takeaway_shape", sql`${t.orderType} <> 'takeaway' OR ${t.parkId} IS NOT NULL`),
  ],
);

/**
 * One line of an order, as sold: names and prices copied, so later catalogue edits change nothing.
 * `unit_price_minor` is the item's or variation's price plus the add-ons'; `unit_offer_minor` the
 * offer's cut per unit; `coupon_share_minor` and `tax_share_minor` the line's part of the order's
 * coupon discount and tax (they sum to the order's), so a return refunds exactly its lines' share.
 */
export const orderLines = pgTable(
  "order_lines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    itemId: integer("item_id")
      .notNull()
      .references(() => marketItems.id, { onDelete: "restrict" }),
    variationId: integer("variation_id").references(() => marketVariations.id, { onDelete: "restrict" }),
    kind: text("kind").$type<(typeof ITEM_KINDS)[number]>().notNull(),
    name: jsonb("name").$type<Localised>().notNull(),
    variationName: jsonb("variation_name").$type<Localised>(),
    addons: jsonb("addons").$type<{ id: number; name: Localised; price_minor: number }[]>().notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceMinor: bigint("unit_price_minor", { mode: "number" }).notNull(),
    unitOfferMinor: bigint("unit_offer_minor", { mode: "number" }).notNull(),
    couponShareMinor: bigint("coupon_share_minor", { mode: "number" }).notNull(),
    taxShareMinor: bigint("tax_share_minor", { mode: "number" }).notNull(),
    returnedQuantity: integer("returned_quantity").notNull().default(0),
  },
  (t) => [
    uniqueIndex("order_lines_position_key").on(t.orderId, t.position),
    index("order_lines_item_idx").on(t.itemId),
    check("order_lines_quantity", sql`${t.quantity} > 0`),
    check("order_lines_returned", sql`${t.returnedQuantity} BETWEEN 0 AND ${t.quantity}`),
    check("order_lines_kind_known", sql`${t.kind} IN (${list(ITEM_KINDS)})`),
  ],
);

/** Each stage an order reached, when and by whom: the tracking timeline. */
export const orderStageEvents = pgTable(
  "order_stage_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    stage: text("stage").$type<(typeof ORDER_STAGES)[number]>().notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_stage_events_order_idx").on(t.orderId, t.at)],
);

/**
 * The coupon uses that count against `limit_per_user` and `total_limit`: one per purchase of any
 * kind (its `purchases` row); a purchase refunded in full gives its use back.
 */
export const couponUses = pgTable(
  "coupon_uses",
  {
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purchaseId: uuid("purchase_id")
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.purchaseId] }), index("coupon_uses_user_idx").on(t.couponId, t.userId)],
);

/** Service jobs taken per park per day; an order adds its quantity only while it fits the capacity. */
export const serviceDays = pgTable(
  "service_days",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => marketItems.id, { onDelete: "cascade" }),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    taken: integer("taken").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.parkId, t.day] }),
    check("service_days_taken", sql`${t.taken} >= 0`),
  ],
);
