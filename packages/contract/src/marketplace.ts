/**
 * The marketplace's public API: the catalogue per country, the quote (the server prices every
 * cart), orders paid from the wallet and their tracking, saved addresses, and the ordering options
 * (delivery, takeaway, slots). Rules: docs/PRODUCT-RULES.md#marketplace. Money is `{ amount,
 * currency }` in major units, as everywhere in the API.
 */
import { z } from "zod";
import { IsoDateSchema } from "./admin";
import { AMOUNT_MAX, idNumber, idParam, PageQuerySchema, pageOf } from "./common";
import {
  ADDRESS_LABELS,
  CART_LINE_MAX_QUANTITY,
  CART_MAX_LINES,
  DISCOUNT_TYPES,
  ITEM_KINDS,
  ITEM_SORTS,
  LINE_ADDONS_MAX,
  ORDER_SOURCES,
  ORDER_STAGES,
  ORDER_TYPES,
} from "./market-values";
import { CouponCodeSchema } from "./coupons";
import { SEARCH_MAX_CHARS } from "./park-values";
import { LanguageSchema } from "./accounts";
import { MoneySchema, queryNumber } from "./parks";

export * from "./market-values";

const country = z
  .string({ error: "country must be a single value" })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: "country must be a two-letter country code" })
  .transform((c) => c.toUpperCase());

export const MarketCountryQuerySchema = z.object({ country });

/**
 * What ordering offers in a country, asked from where the driver is (both lat and lng, or
 * neither): the pickup parks then come nearest first, each with its distance.
 */
export const OrderingOptionsQuerySchema = MarketCountryQuerySchema.extend({
  lat: queryNumber("lat", -90, 90),
  lng: queryNumber("lng", -180, 180),
}).refine((q) => (q.lat === undefined) === (q.lng === undefined), {
  error: "Give both lat and lng, or neither",
  path: ["lng"],
});

export const MarketCategorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    /** The language `name` is in: the request's when the category has it, else the other. */
    text_language: LanguageSchema,
    icon: z.string(),
    /** Active items of the category in the country. */
    items: z.number().int(),
  })
  .meta({ id: "MarketCategory" });
export type MarketCategory = z.infer<typeof MarketCategorySchema>;

export const MarketSliderSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** The language `title` is in: the request's when the slider has it, else the other. */
    text_language: LanguageSchema,
    subtitle: z.string(),
    /** The language `subtitle` is in, by the same rule ("" in neither: the request's). */
    subtitle_language: LanguageSchema,
    image_url: z.string().nullable(),
    link: z.string(),
  })
  .meta({ id: "MarketSlider" });

/** The marketplace's home: categories with items, the live sliders and offers. */
export const MarketHomeSchema = z
  .object({
    country_code: z.string(),
    currency: z.string(),
    categories: z.array(MarketCategorySchema),
    sliders: z.array(MarketSliderSchema),
    offers: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        discount_type: z.enum(DISCOUNT_TYPES),
        /** Percent (12.5) or an amount in major units, per unit. */
        discount: z.number(),
        ends_at: z.string(),
        item_id: z.number().int().nullable(),
        category_slug: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "MarketHome" });
export type MarketHome = z.infer<typeof MarketHomeSchema>;

export const MarketItemListQuerySchema = PageQuerySchema.extend({
  country,
  /** A category's slug. */
  category: z.string({ error: "category must be a single value" }).trim().max(60).optional(),
  search: z
    .string({ error: "search must be a single value" })
    .transform((s) => s.slice(0, SEARCH_MAX_CHARS))
    .optional(),
  kind: z.enum(ITEM_KINDS, { error: `kind must be one of ${ITEM_KINDS.join(", ")}` }).optional(),
  /** Only items with a live offer. */
  on_offer: z
    .enum(["true", "false"], { error: "on_offer must be true or false" })
    .transform((v) => v === "true")
    .optional(),
  sort: z.enum(ITEM_SORTS, { error: `sort must be one of ${ITEM_SORTS.join(", ")}` }).default("popular"),
});
export type MarketItemListQuery = z.infer<typeof MarketItemListQuerySchema>;

export const MarketItemSummarySchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ITEM_KINDS),
    name: z.string(),
    /** The language `name` is in: the request's when the item has it, else the other. */
    text_language: LanguageSchema,
    category: z.object({ slug: z.string(), name: z.string() }),
    image_url: z.string().nullable(),
    /** The lowest price (of the item or its variations), before any offer. */
    price: MoneySchema,
    /** The lowest price with the best live offer applied; equals `price` without an offer. */
    offer_price: MoneySchema,
    /** Products: units left over every variation; services: null (capacity is per park and day). */
    stock: z.number().int().nullable(),
    has_variations: z.boolean(),
  })
  .meta({ id: "MarketItemSummary" });
export type MarketItemSummary = z.infer<typeof MarketItemSummarySchema>;
export const MarketItemPageSchema = pageOf(MarketItemSummarySchema).meta({ id: "MarketItemPage" });
export type MarketItemPage = z.infer<typeof MarketItemPageSchema>;

export const MarketItemParamsSchema = z.object({ id: idParam("id") });

export const MarketItemDetailSchema = MarketItemSummarySchema.extend({
  description: z.string(),
  /**
   * The language `description` is in: the request's when the item has it, else the other ("" in
   * neither: the request's). Staff may leave it out in French (or in English).
   */
  description_language: LanguageSchema,
  images: z.array(z.string()),
  /** The variations' attribute ("Colour") when it has any. */
  attribute: z.string().nullable(),
  variations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      price: MoneySchema,
      offer_price: MoneySchema,
      /** Units left; null for a service. */
      stock: z.number().int().nullable(),
    }),
  ),
  addons: z.array(z.object({ id: z.number().int(), name: z.string(), price: MoneySchema })),
  /** Services: minutes the job takes and the parks that do it. */
  duration_minutes: z.number().int().nullable(),
  parks: z.array(z.object({ id: z.number().int(), name: z.string(), city: z.string(), slug: z.string() })),
  offer: z.object({ name: z.string(), ends_at: z.string() }).nullable(),
}).meta({ id: "MarketItemDetail" });
export type MarketItemDetail = z.infer<typeof MarketItemDetailSchema>;

/** One cart line as the browser keeps it and sends it. */
export const CartLineSchema = z.object({
  item_id: idNumber("item_id"),
  variation_id: idNumber("variation_id").nullish(),
  addon_ids: z
    .array(idNumber("addon_ids", "addon_ids must be a list of ids"), {
      error: "addon_ids must be a list of ids",
    })
    .max(LINE_ADDONS_MAX, { error: `At most ${LINE_ADDONS_MAX} add-ons per item` })
    .refine((ids) => new Set(ids).size === ids.length, { error: "An add-on is listed twice" })
    .default([]),
  quantity: z
    .number({ error: "quantity must be a number" })
    .int({ error: "quantity must be a whole number" })
    .min(1, { error: "quantity must be at least 1" })
    .max(CART_LINE_MAX_QUANTITY, { error: `quantity must be at most ${CART_LINE_MAX_QUANTITY}` }),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** A delivery or pickup slot: one of the country's time slots on a day within the next week. */
export const TimeSlotChoiceSchema = z.object({
  slot_id: idNumber("time_slot.slot_id"),
  date: IsoDateSchema,
});

export const QuoteBodySchema = z.object({
  country,
  lines: z
    .array(CartLineSchema, { error: "lines must be a list" })
    .min(1, { error: "Your cart is empty" })
    .max(CART_MAX_LINES, { error: `A cart holds at most ${CART_MAX_LINES} lines` }),
  coupon_code: CouponCodeSchema,
  order_type: z.enum(ORDER_TYPES, { error: `order_type must be one of ${ORDER_TYPES.join(", ")}` }),
  /** Delivery: one of the driver's saved addresses (without one, the quote says to choose it). */
  address_id: idNumber("address_id").optional(),
  /** Takeaway, or any cart with a service: the park where it is picked up or done. */
  park_id: idNumber("park_id").optional(),
  time_slot: TimeSlotChoiceSchema.optional(),
  /** A service done during this booking of the driver's at the park, instead of a slot. */
  booking_code: z.string().trim().max(20).optional(),
  source: z.enum(ORDER_SOURCES).default("web"),
  /**
   * The total the driver was shown (major units). An order whose price is no longer this is
   * refused as a changed cart (409 `cart_changed`) rather than charged a different amount.
   */
  expected_total: z
    .number({ error: "expected_total must be a number" })
    .min(0, { error: "expected_total must be at least 0" })
    .max(AMOUNT_MAX, { error: "This amount is too large" })
    .optional(),
});
export type QuoteBody = z.infer<typeof QuoteBodySchema>;

/** POST /orders: the quote's body, and who pays (business accounts, decision 030). */
export const PlaceOrderBodySchema = QuoteBodySchema.extend({
  /** Pay with this company (an active membership of the driver's); personal wallet when absent. */
  company_id: idNumber("company_id").nullish(),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

export const LINE_PROBLEMS = [
  "out_of_stock",
  "over_stock",
  "inactive",
  "not_found",
  "addon_unavailable",
  "variation_required",
  "service_full",
  "park_not_offered",
] as const;
export type LineProblem = (typeof LINE_PROBLEMS)[number];

export const QuoteLineSchema = z.object({
  item_id: z.number().int(),
  variation_id: z.number().int().nullable(),
  addon_ids: z.array(z.number().int()),
  kind: z.enum(ITEM_KINDS).nullable(),
  name: z.string(),
  variation_name: z.string().nullable(),
  addons: z.array(z.object({ id: z.number().int(), name: z.string(), price: MoneySchema })),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  /** Item or variation price plus add-ons, per unit. */
  unit_price: MoneySchema,
  /** The offer's cut per unit. */
  unit_offer: MoneySchema,
  line_total: MoneySchema,
  /** Units left (products); null for services or an unknown line. */
  available: z.number().int().nullable(),
  /** Why the line cannot be ordered as it is, with the sentence to show. */
  problem: z.object({ code: z.enum(LINE_PROBLEMS), message: z.string() }).nullable(),
});

export const QuoteSchema = z
  .object({
    currency: z.string(),
    lines: z.array(QuoteLineSchema),
    subtotal: MoneySchema,
    offer_discount: MoneySchema,
    coupon: z
      .object({
        code: z.string(),
        /** Whether it applies; when not, `message` says why (the order would be refused). */
        applied: z.boolean(),
        discount: MoneySchema,
        message: z.string().nullable(),
      })
      .nullable(),
    delivery_charge: MoneySchema,
    tax: MoneySchema,
    tax_name: z.string(),
    total: MoneySchema,
    /** False while a line has a problem, the coupon does not apply or ordering is off. */
    orderable: z.boolean(),
    /** Why the order cannot be placed as it is (delivery off, address outside the area…). */
    problems: z.array(z.object({ field: z.string(), message: z.string() })),
  })
  .meta({ id: "Quote" });
export type Quote = z.infer<typeof QuoteSchema>;

/** What ordering in a country offers: the order types on, the next slots, the parks for pickup. */
export const OrderingOptionsSchema = z
  .object({
    delivery_enabled: z.boolean(),
    takeaway_enabled: z.boolean(),
    /** 'Delivery and takeaway is disable now. please wait sometime' when both are off. */
    message: z.string().nullable(),
    slots: z.array(
      z.object({ slot_id: z.number().int(), date: z.string(), start_time: z.string(), end_time: z.string() }),
    ),
    /**
     * The parks an order may be picked up at: nearest first when the query gave lat and lng
     * (`distance_km` then set), else by city and name.
     */
    pickup_parks: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        city: z.string(),
        /** The park's state's code ("LA", "FC"), null when the park has none: a renewal's default. */
        state_code: z.string().nullable(),
        distance_km: z.number().nullable(),
      }),
    ),
    delivery_bands: z.array(z.object({ up_to_km: z.number(), charge: MoneySchema })),
  })
  .meta({ id: "OrderingOptions" });
export type OrderingOptions = z.infer<typeof OrderingOptionsSchema>;

export const AddressBodySchema = z.object({
  label: z.enum(ADDRESS_LABELS, { error: `label must be one of ${ADDRESS_LABELS.join(", ")}` }),
  address: z.string({ error: "Enter the address" }).trim().min(3, { error: "Enter the address" }).max(200),
  city: z.string({ error: "Enter the city" }).trim().min(2, { error: "Enter the city" }).max(80),
  lat: z.number({ error: "lat must be a number" }).min(-90).max(90),
  lng: z.number({ error: "lng must be a number" }).min(-180).max(180),
  phone: z
    .string({ error: "Enter a phone number" })
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, { error: "Enter a valid phone number" }),
  /**
   * Whether the driver placed or confirmed the pin on the map (never a default point): delivery
   * is priced only to a confirmed pin. Omitted, coordinates given by the caller count as placed.
   */
  pin_confirmed: z.boolean({ error: "pin_confirmed must be true or false" }).optional(),
});
export type AddressBody = z.infer<typeof AddressBodySchema>;
export const AddressSchema = AddressBodySchema.extend({
  id: z.number().int(),
  pin_confirmed: z.boolean(),
  country_code: z.string(),
}).meta({ id: "Address" });
export type Address = z.infer<typeof AddressSchema>;
export const AddressParamsSchema = z.object({ id: idParam("id") });

export const OrderCodeParamsSchema = z.object({
  orderCode: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .transform((c) => c.toUpperCase()),
});

export const OrderListQuerySchema = PageQuerySchema.extend({
  stage: z.enum(ORDER_STAGES, { error: `stage must be one of ${ORDER_STAGES.join(", ")}` }).optional(),
});

export const OrderLineSchema = z.object({
  item_id: z.number().int(),
  kind: z.enum(ITEM_KINDS),
  name: z.string(),
  variation_name: z.string().nullable(),
  addons: z.array(z.object({ id: z.number().int(), name: z.string(), price: MoneySchema })),
  quantity: z.number().int(),
  returned_quantity: z.number().int(),
  unit_price: MoneySchema,
  unit_offer: MoneySchema,
  line_total: MoneySchema,
});

export const OrderSummarySchema = z
  .object({
    order_code: z.string(),
    stage: z.enum(ORDER_STAGES),
    payment_status: z.enum(["paid", "unpaid"]),
    order_type: z.enum(ORDER_TYPES),
    source: z.enum(ORDER_SOURCES),
    items: z.number().int(),
    total: MoneySchema,
    refunded: MoneySchema,
    created_at: z.string(),
    /** The order's country's clock (IANA), which its times are shown on, as the back office does. */
    time_zone: z.string(),
  })
  .meta({ id: "OrderSummary" });
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
export const OrderPageSchema = pageOf(OrderSummarySchema).meta({ id: "OrderPage" });

export const OrderSchema = OrderSummarySchema.extend({
  lines: z.array(OrderLineSchema),
  subtotal: MoneySchema,
  offer_discount: MoneySchema,
  coupon_code: z.string().nullable(),
  coupon_discount: MoneySchema,
  delivery_charge: MoneySchema,
  tax: MoneySchema,
  tax_name: z.string(),
  address: AddressBodySchema.omit({ lat: true, lng: true, pin_confirmed: true }).nullable(),
  park: z
    .object({ id: z.number().int(), name: z.string(), address: z.string(), city: z.string() })
    .nullable(),
  booking_code: z.string().nullable(),
  time_slot: z.object({ date: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
  /** Every stage reached, oldest first. */
  timeline: z.array(z.object({ stage: z.enum(ORDER_STAGES), at: z.string() })),
  /** The courier's first name, once the order is out for delivery. */
  courier: z.string().nullable(),
  can_cancel: z.boolean(),
  /** The company that paid the order (its name), which its refunds go back to; null: the driver's wallet. */
  paid_by_company: z.string().nullable(),
  /** The wallet's balance after placing (only in the answer to POST /orders). */
  wallet_balance: MoneySchema.optional(),
}).meta({ id: "Order" });
export type Order = z.infer<typeof OrderSchema>;

/**
 * An order's 409: `cart_changed` with each line's problem (null for a line that is fine),
 * `out_of_stock` or `service_full` naming the line, `stage_refused` with the stages.
 */
export const OrderConflictSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    lines: z
      .array(
        z.object({
          index: z.number().int(),
          item_id: z.number().int(),
          variation_id: z.number().int().nullable(),
          name: z.string(),
          problem: z.object({ code: z.enum(LINE_PROBLEMS), message: z.string() }).nullable(),
        }),
      )
      .optional(),
    line: z.number().int().optional(),
    item_id: z.number().int().optional(),
    variation_id: z.number().int().nullable().optional(),
    from: z.enum(ORDER_STAGES).optional(),
    to: z.enum(ORDER_STAGES).optional(),
  })
  .meta({ id: "OrderConflict" });
export type OrderConflict = z.infer<typeof OrderConflictSchema>;
