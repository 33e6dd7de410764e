/** The back office's promotions: offers, coupons, sliders and each country's Delivery Setup. */
import { z } from "zod";
import { AdminPageQuerySchema } from "./admin";
import { wallClockOf } from "./admin-events";
import {
  DELIVERY_MAX_BANDS,
  DELIVERY_MAX_DEPOTS,
  DELIVERY_MAX_SLOTS,
  Localised,
  MARKET_BAND_UNIQUE_MESSAGE,
  MARKET_COUPON_CODE_MESSAGE,
  MARKET_OFFER_TARGET_MESSAGE,
  MARKET_SLIDER_LINK_MESSAGE,
  MARKET_SLOT_TIMES_MESSAGE,
  MARKET_START_BEFORE_END_MESSAGE,
  MARKET_TIME_TEXT,
  NamedRef,
  amountOrZero,
  countryCode,
  countryFilter,
  imageUrl,
  localTime,
  localisedName,
  localisedOptional,
  optionalText,
  position,
  price,
  searchFilter,
  status,
  statusFilter,
  text,
} from "./admin-market-fields";
import { idNumber, pageOf } from "./common";
import { COUPON_KINDS, COUPON_PERCENT_MAX_MESSAGE, DISCOUNT_TYPES, RECORD_STATUSES } from "./market-values";
import { MoneySchema } from "./parks";

// ---------------------------------------------------------------------------------------------
// Offers and coupons

const DISCOUNT_TEXT = "Enter a discount more than 0";
const discount = z
  .number({ error: DISCOUNT_TEXT })
  .positive({ error: DISCOUNT_TEXT })
  .max(100_000_000, { error: "This amount is too large" });

/** A percentage discount is at most 100 (and at most two decimals: basis points). */
function checkDiscount(
  v: { discount_type?: string; discount?: number; start_local?: string; end_local?: string },
  ctx: z.RefinementCtx,
) {
  if (v.discount_type === "percentage" && v.discount !== undefined && v.discount > 100) {
    ctx.addIssue({ code: "custom", path: ["discount"], message: COUPON_PERCENT_MAX_MESSAGE });
  }
  if (v.start_local && v.end_local) {
    const start = wallClockOf(v.start_local);
    const end = wallClockOf(v.end_local);
    if (start !== null && end !== null && start >= end) {
      ctx.addIssue({ code: "custom", path: ["end_local"], message: MARKET_START_BEFORE_END_MESSAGE });
    }
  }
}

export const AdminMarketOfferListQuerySchema = AdminPageQuerySchema.extend({
  country: countryFilter,
  status: statusFilter,
  search: searchFilter,
});
const offerShape = {
  name: localisedName(120),
  item_id: idNumber("item_id", "Choose an item").nullable().default(null),
  category_id: idNumber("category_id", "Choose a category").nullable().default(null),
  discount_type: z.enum(DISCOUNT_TYPES, { error: "Choose fixed or percentage" }),
  /** Percent (12.5) or an amount per unit in major units. */
  discount,
  /** The most a unit's price is cut by (major units); none for no cap. */
  max_discount: price.nullable().default(null),
  /** On the country's clock ("2026-12-01T00:00"). */
  start_local: localTime,
  end_local: localTime,
  status: status.default("active"),
};
export const AdminMarketOfferBodySchema = z
  .object({ country_code: countryCode, ...offerShape })
  .superRefine((v, ctx) => {
    if ((v.item_id === null) === (v.category_id === null)) {
      ctx.addIssue({ code: "custom", path: ["item_id"], message: MARKET_OFFER_TARGET_MESSAGE });
    }
    checkDiscount(v, ctx);
  });
export type AdminMarketOfferBody = z.input<typeof AdminMarketOfferBodySchema>;
export type AdminMarketOfferBodyParsed = z.output<typeof AdminMarketOfferBodySchema>;
/** A partial edit; the server checks the target and the window against the stored offer. */
export const AdminMarketOfferPatchSchema = z
  .object({
    name: offerShape.name.optional(),
    item_id: idNumber("item_id", "Choose an item").nullable().optional(),
    category_id: idNumber("category_id", "Choose a category").nullable().optional(),
    discount_type: offerShape.discount_type.optional(),
    discount: discount.optional(),
    max_discount: price.nullable().optional(),
    start_local: localTime.optional(),
    end_local: localTime.optional(),
    status: status.optional(),
  })
  .superRefine(checkDiscount);
export type AdminMarketOfferPatch = z.input<typeof AdminMarketOfferPatchSchema>;
export const AdminMarketOfferSchema = z
  .object({
    id: z.number().int(),
    country_code: z.string(),
    currency: z.string(),
    time_zone: z.string(),
    name: Localised,
    item: NamedRef.nullable(),
    category: NamedRef.nullable(),
    discount_type: z.enum(DISCOUNT_TYPES),
    /** Percent, or an amount in major units. */
    discount: z.number(),
    max_discount: MoneySchema.nullable(),
    start_local: z.string(),
    end_local: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(RECORD_STATUSES),
    /** Active and within its window now. */
    live: z.boolean(),
  })
  .meta({ id: "AdminMarketOffer" });
export type AdminMarketOffer = z.infer<typeof AdminMarketOfferSchema>;
export const AdminMarketOfferListSchema = pageOf(AdminMarketOfferSchema).meta({
  id: "AdminMarketOfferList",
});
export type AdminMarketOfferList = z.infer<typeof AdminMarketOfferListSchema>;

export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{3,30}$/;
const couponCode = z
  .string({ error: MARKET_COUPON_CODE_MESSAGE })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(COUPON_CODE_PATTERN, { error: MARKET_COUPON_CODE_MESSAGE }));
const LIMIT_TEXT = "The limit per user is a whole number, 1 or more";
const limitPerUser = z
  .number({ error: LIMIT_TEXT })
  .int({ error: LIMIT_TEXT })
  .min(1, { error: LIMIT_TEXT })
  .max(10_000, { error: "The limit per user is at most 10000" });

const TOTAL_LIMIT_TEXT = "The total limit is a whole number, 1 or more, or empty for none";
const totalLimit = z
  .number({ error: TOTAL_LIMIT_TEXT })
  .int({ error: TOTAL_LIMIT_TEXT })
  .min(1, { error: TOTAL_LIMIT_TEXT })
  .max(10_000_000, { error: "The total limit is at most 10000000" });
const KINDS_TEXT = "Choose at least one kind of purchase the coupon is for";
const couponKinds = z
  .array(z.enum(COUPON_KINDS, { error: "Unknown kind of purchase" }), {
    error: KINDS_TEXT,
  })
  .min(1, { error: KINDS_TEXT })
  .max(20, { error: KINDS_TEXT })
  .transform((kinds) => COUPON_KINDS.filter((k) => kinds.includes(k)));

export const AdminCouponListQuerySchema = AdminPageQuerySchema.extend({
  country: countryFilter,
  status: statusFilter,
  search: searchFilter,
});
const couponShape = {
  code: couponCode,
  name: text(120),
  discount_type: z.enum(DISCOUNT_TYPES, { error: "Choose fixed or percentage" }),
  /** Percent (at most 100) or an amount in major units. */
  discount,
  /** The least the goods must come to after offers, major units. */
  min_order: amountOrZero.default(0),
  /** The most a percentage takes off, major units; none for no cap. */
  max_discount: price.nullable().default(null),
  limit_per_user: limitPerUser.default(1),
  /** The most purchases of everyone that may use it; null: no limit. */
  total_limit: totalLimit.nullable().default(null),
  /** The purchases it is for (COUPON_KINDS); a marketplace order's when not said. */
  kinds: couponKinds.default(["order"]),
  start_local: localTime,
  end_local: localTime,
  status: status.default("active"),
};
/** The coupon form: percentage ≤ 100, start before end, code of A-Z0-9- (upper-cased). */
export const AdminCouponBodySchema = z
  .object({ country_code: countryCode, ...couponShape })
  .superRefine(checkDiscount);
export type AdminCouponBody = z.input<typeof AdminCouponBodySchema>;
export type AdminCouponBodyParsed = z.output<typeof AdminCouponBodySchema>;
export const AdminCouponPatchSchema = z
  .object({
    code: couponCode.optional(),
    name: couponShape.name.optional(),
    discount_type: couponShape.discount_type.optional(),
    discount: discount.optional(),
    min_order: amountOrZero.optional(),
    max_discount: price.nullable().optional(),
    limit_per_user: limitPerUser.optional(),
    total_limit: totalLimit.nullable().optional(),
    kinds: couponKinds.optional(),
    start_local: localTime.optional(),
    end_local: localTime.optional(),
    status: status.optional(),
  })
  .superRefine(checkDiscount);
export type AdminCouponPatch = z.input<typeof AdminCouponPatchSchema>;
export const AdminCouponSchema = z
  .object({
    id: z.number().int(),
    country_code: z.string(),
    currency: z.string(),
    time_zone: z.string(),
    code: z.string(),
    name: z.string(),
    discount_type: z.enum(DISCOUNT_TYPES),
    discount: z.number(),
    min_order: MoneySchema,
    max_discount: MoneySchema.nullable(),
    limit_per_user: z.number().int(),
    total_limit: z.number().int().nullable(),
    kinds: z.array(z.enum(COUPON_KINDS)),
    start_local: z.string(),
    end_local: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(RECORD_STATUSES),
    /** Purchases that used it and were not refunded in full. */
    uses: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: "AdminCoupon" });
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;
export const AdminCouponListSchema = pageOf(AdminCouponSchema).meta({ id: "AdminCouponList" });
export type AdminCouponList = z.infer<typeof AdminCouponListSchema>;

// ---------------------------------------------------------------------------------------------
// Sliders

const sliderLink = z
  .string({ error: MARKET_SLIDER_LINK_MESSAGE })
  .trim()
  .max(300, { error: "Must be at most 300 characters" })
  .regex(/^\/(?!\/)[^\s\\]*$/, { error: MARKET_SLIDER_LINK_MESSAGE });
export const AdminMarketSliderListQuerySchema = AdminPageQuerySchema.extend({
  country: countryFilter,
  status: statusFilter,
});
export const AdminMarketSliderBodySchema = z.object({
  country_code: countryCode,
  title: localisedName(120),
  subtitle: localisedOptional(200),
  image_url: imageUrl.nullable().default(null),
  link: sliderLink,
  position: position.default(0),
  status: status.default("active"),
});
export type AdminMarketSliderBody = z.input<typeof AdminMarketSliderBodySchema>;
export const AdminMarketSliderPatchSchema = z.object({
  title: localisedName(120).optional(),
  subtitle: z
    .object({ en: optionalText(200), fr: optionalText(200) }, { error: "Give the text as { en, fr }" })
    .optional(),
  image_url: imageUrl.nullable().optional(),
  link: sliderLink.optional(),
  position: position.optional(),
  status: status.optional(),
});
export type AdminMarketSliderPatch = z.input<typeof AdminMarketSliderPatchSchema>;
export const AdminMarketSliderSchema = z
  .object({
    id: z.number().int(),
    country_code: z.string(),
    title: Localised,
    subtitle: Localised,
    image_url: z.string().nullable(),
    link: z.string(),
    position: z.number().int(),
    status: z.enum(RECORD_STATUSES),
  })
  .meta({ id: "AdminMarketSlider" });
export type AdminMarketSlider = z.infer<typeof AdminMarketSliderSchema>;
export const AdminMarketSliderListSchema = pageOf(AdminMarketSliderSchema).meta({
  id: "AdminMarketSliderList",
});
export type AdminMarketSliderList = z.infer<typeof AdminMarketSliderListSchema>;

// ---------------------------------------------------------------------------------------------
// Delivery Setup (one country at a time, saved whole)

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = z.string({ error: MARKET_TIME_TEXT }).regex(HHMM, { error: MARKET_TIME_TEXT });
const LAT_TEXT = "Latitude must be a number between -90 and 90";
const LNG_TEXT = "Longitude must be a number between -180 and 180";
const KM_TEXT = "A distance is a number of km more than 0";
const DAY_TEXT = "A day is 0 (Sunday) to 6 (Saturday)";

export const DeliveryDepotInputSchema = z.object({
  /** An existing depot's id to keep it; none for a new one. */
  id: idNumber("id").optional(),
  name: text(120),
  city: text(80),
  lat: z.number({ error: LAT_TEXT }).min(-90, { error: LAT_TEXT }).max(90, { error: LAT_TEXT }),
  lng: z.number({ error: LNG_TEXT }).min(-180, { error: LNG_TEXT }).max(180, { error: LNG_TEXT }),
  status: status.default("active"),
});
export const DeliveryBandInputSchema = z.object({
  up_to_km: z
    .number({ error: KM_TEXT })
    .positive({ error: KM_TEXT })
    .max(1000, { error: "A distance is at most 1000 km" }),
  /** Major units; 0 for free delivery in the band. */
  charge: amountOrZero,
});
export const TimeSlotInputSchema = z
  .object({
    /** An existing slot's id to keep it (a cart that chose it stays valid); none for a new one. */
    id: idNumber("id").optional(),
    day: z
      .number({ error: DAY_TEXT })
      .int({ error: DAY_TEXT })
      .min(0, { error: DAY_TEXT })
      .max(6, { error: DAY_TEXT }),
    opening_time: hhmm,
    closing_time: hhmm,
    status: status.default("active"),
  })
  .refine(
    (s) => !HHMM.test(s.opening_time) || !HHMM.test(s.closing_time) || s.opening_time < s.closing_time,
    {
      error: MARKET_SLOT_TIMES_MESSAGE,
      path: ["closing_time"],
    },
  );

/** The whole Delivery Setup of a country: switches, depots, distance bands and time slots. */
export const DeliverySetupBodySchema = z.object({
  delivery_enabled: z.boolean({ error: "delivery_enabled must be true or false" }),
  takeaway_enabled: z.boolean({ error: "takeaway_enabled must be true or false" }),
  /** Depots and slots are kept by id, added without; one left out is removed. */
  depots: z
    .array(DeliveryDepotInputSchema)
    .max(DELIVERY_MAX_DEPOTS, { error: `At most ${DELIVERY_MAX_DEPOTS} depots` })
    .default([]),
  bands: z
    .array(DeliveryBandInputSchema)
    .max(DELIVERY_MAX_BANDS, { error: `At most ${DELIVERY_MAX_BANDS} distance bands` })
    .refine((list) => new Set(list.map((b) => b.up_to_km)).size === list.length, {
      error: MARKET_BAND_UNIQUE_MESSAGE,
    })
    .default([]),
  slots: z
    .array(TimeSlotInputSchema)
    .max(DELIVERY_MAX_SLOTS, { error: `At most ${DELIVERY_MAX_SLOTS} time slots` })
    .default([]),
});
export type DeliverySetupBody = z.input<typeof DeliverySetupBodySchema>;
export type DeliverySetupBodyParsed = z.output<typeof DeliverySetupBodySchema>;

export const DeliverySetupSchema = z
  .object({
    country_code: z.string(),
    currency: z.string(),
    decimals: z.number().int(),
    /** The country's clock, on which the time slots are read. */
    time_zone: z.string(),
    delivery_enabled: z.boolean(),
    takeaway_enabled: z.boolean(),
    depots: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        city: z.string(),
        lat: z.number(),
        lng: z.number(),
        status: z.enum(RECORD_STATUSES),
      }),
    ),
    /** Nearest first. */
    bands: z.array(z.object({ id: z.number().int(), up_to_km: z.number(), charge: MoneySchema })),
    /** By day, then opening time. */
    slots: z.array(
      z.object({
        id: z.number().int(),
        day: z.number().int(),
        opening_time: z.string(),
        closing_time: z.string(),
        status: z.enum(RECORD_STATUSES),
      }),
    ),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "DeliverySetup" });
export type DeliverySetup = z.infer<typeof DeliverySetupSchema>;
