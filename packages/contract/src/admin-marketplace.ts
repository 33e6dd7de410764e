/**
 * The back office's marketplace (docs/PRODUCT-RULES.md#marketplace): the catalogue (categories,
 * attributes, items with variations, add-ons), offers, sliders, coupons and Delivery Setup per
 * country; the orders with their stages, couriers and receipt; a courier's own deliveries; the
 * Sales and Items reports. Money in bodies is a plain number in major units of the country's
 * currency (the server converts it with the currency's decimals); in answers it is `{ amount,
 * currency }` in major units. Windows (offers, coupons) are local times on the country's clock.
 */
import { z } from "zod";
import { REQUIRED_TEXT } from "./accounts";
import { AdminPageQuerySchema, IsoDateSchema, isIsoDate } from "./admin";
import { LOCAL_DATE_TIME_TEXT, wallClockOf } from "./admin-events";
import { daysInRange, RANGE_ORDER_TEXT, RANGE_SPAN_TEXT, REPORT_MAX_DAYS } from "./admin-reports";
import { idNumber, idParam, pageOf } from "./common";
import {
  COUPON_PERCENT_MAX_MESSAGE,
  DISCOUNT_TYPES,
  ITEM_KINDS,
  ORDER_SOURCES,
  ORDER_STAGES,
  ORDER_TYPES,
  RECORD_STATUSES,
} from "./market-values";
import { MoneySchema } from "./parks";

// ---------------------------------------------------------------------------------------------
// Shared pieces

export const MARKET_ITEM_MAX_IMAGES = 8;
export const MARKET_ITEM_MAX_ADDONS = 20;
export const MARKET_ITEM_MAX_PARKS = 50;
/** The most distance bands, depots and time slots one country's Delivery Setup holds. */
export const DELIVERY_MAX_BANDS = 30;
export const DELIVERY_MAX_DEPOTS = 30;
export const DELIVERY_MAX_SLOTS = 70;

export const MARKET_START_BEFORE_END_MESSAGE = "The start must be before the end";
export const MARKET_OFFER_TARGET_MESSAGE = "Choose either an item or a category, not both";
export const MARKET_COUPON_CODE_MESSAGE = "A code is 3 to 30 letters, digits or dashes";
export const MARKET_SLIDER_LINK_MESSAGE = "The link must be a path in the site, starting with /";
export const MARKET_SLOT_TIMES_MESSAGE = "The opening time must be before the closing time";
export const MARKET_BAND_UNIQUE_MESSAGE = "Each distance may appear once";
export const MARKET_TIME_TEXT = "Enter a time as HH:MM";
export const MARKET_AMOUNT_TEXT = "Enter an amount more than 0";
export const MARKET_AMOUNT_ZERO_TEXT = "Enter an amount of 0 or more";
export const MARKET_STOCK_TEXT = "Stock is a whole number of units, 0 or more";
export const MARKET_CAPACITY_TEXT = "Daily capacity is a whole number, 1 or more";
export const MARKET_DURATION_TEXT = "Duration is a whole number of minutes from 5 to 1440";
export const MARKET_SERVICE_CAPACITY_MESSAGE = "A service needs a daily capacity";
export const MARKET_PRODUCT_CAPACITY_MESSAGE = "A product has a stock, not a daily capacity";
export const MARKET_SERVICE_STOCK_MESSAGE = "A service has a daily capacity, not a stock";

const text = (max: number) =>
  z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(1, { error: REQUIRED_TEXT })
    .max(max, { error: `Must be at most ${max} characters` });
const optionalText = (max: number) =>
  z
    .string({ error: "Must be text" })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .default("");

/** A name in both languages: both required (French may repeat English for a brand name). */
export const localisedName = (max: number) =>
  z.object({ en: text(max), fr: text(max) }, { error: "Give the name as { en, fr }" });
const localisedOptional = (max: number) =>
  z
    .object({ en: optionalText(max), fr: optionalText(max) }, { error: "Give the text as { en, fr }" })
    .default({ en: "", fr: "" });

const countryCode = z
  .string({ error: "Please choose a country" })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: "Please choose a country" })
  .transform((s) => s.toUpperCase());

/** An optional country filter in a query ("" is no filter). */
const countryFilter = z
  .string({ error: "country must be a single value" })
  .trim()
  .regex(/^([A-Za-z]{2})?$/, { error: "country must be a two-letter country code" })
  .transform((s) => (s ? s.toUpperCase() : undefined))
  .optional();
const statusFilter = z
  .enum(RECORD_STATUSES, { error: `status must be one of ${RECORD_STATUSES.join(", ")}` })
  .optional()
  .or(z.literal("").transform(() => undefined));
const searchFilter = z
  .string({ error: "search must be a single value" })
  .trim()
  .transform((s) => s.slice(0, 100))
  .optional();

const status = z.enum(RECORD_STATUSES, { error: "Choose active or inactive" });

/** A price in major units, more than 0 (the server checks the currency's decimals). */
const price = z
  .number({ error: MARKET_AMOUNT_TEXT })
  .positive({ error: MARKET_AMOUNT_TEXT })
  .max(100_000_000, { error: "This amount is too large" });
const amountOrZero = z
  .number({ error: MARKET_AMOUNT_ZERO_TEXT })
  .min(0, { error: MARKET_AMOUNT_ZERO_TEXT })
  .max(100_000_000, { error: "This amount is too large" });
const stock = z
  .number({ error: MARKET_STOCK_TEXT })
  .int({ error: MARKET_STOCK_TEXT })
  .min(0, { error: MARKET_STOCK_TEXT })
  .max(1_000_000, { error: "Stock is at most 1000000 units" });
const position = z
  .number({ error: "Position is a whole number" })
  .int({ error: "Position is a whole number" })
  .min(0, { error: "Position is 0 or more" })
  .max(10_000, { error: "Position is at most 10000" });
/** An image: an uploaded file's URL (/api/v1/uploads/…) or an https address. */
const imageUrl = z
  .string({ error: "An image is a URL" })
  .trim()
  .max(500, { error: "An image URL is at most 500 characters" })
  .regex(/^(https:\/\/[^\s]+|\/[^/\s][^\s]*)$/, { error: "An image is an https URL or an uploaded file" });

const localTime = z
  .string({ error: LOCAL_DATE_TIME_TEXT })
  .min(1, { error: REQUIRED_TEXT })
  .refine((s) => wallClockOf(s) !== null, { error: LOCAL_DATE_TIME_TEXT });

export const AdminMarketIdParamsSchema = z.object({ id: idParam("id") });
export const AdminMarketVariationParamsSchema = z.object({
  id: idParam("id"),
  variationId: idParam("variationId"),
});
export const AdminMarketImageParamsSchema = z.object({
  id: idParam("id"),
  n: z
    .string()
    .regex(/^\d{1,2}$/, { error: "n must be an image's position" })
    .transform(Number),
});
export const AdminMarketCountryParamsSchema = z.object({ country: countryCode });

/** A record's name as the lists show it, both languages. */
const Localised = z.object({ en: z.string(), fr: z.string() });
const NamedRef = z.object({ id: z.number().int(), name: Localised });

/** The largest item or slider image accepted, checked while the upload streams in. */
export const MARKET_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Categories

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MARKET_SLUG_MESSAGE = "A slug is lower-case letters, digits and single dashes";
export const MARKET_ICON_MESSAGE = "An icon is a Lucide icon name (lower-case letters, digits, dashes)";

export const AdminMarketCategoryListQuerySchema = AdminPageQuerySchema.extend({
  status: statusFilter,
  search: searchFilter,
});
const categoryShape = {
  slug: z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(2, { error: MARKET_SLUG_MESSAGE })
    .max(60, { error: "Must be at most 60 characters" })
    .regex(SLUG, { error: MARKET_SLUG_MESSAGE }),
  name: localisedName(80),
  icon: z
    .string({ error: MARKET_ICON_MESSAGE })
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, { error: MARKET_ICON_MESSAGE })
    .default("package"),
  position: position.default(0),
  status: status.default("active"),
};
export const AdminMarketCategoryBodySchema = z.object(categoryShape);
export type AdminMarketCategoryBody = z.input<typeof AdminMarketCategoryBodySchema>;
export const AdminMarketCategoryPatchSchema = z.object({
  slug: categoryShape.slug.optional(),
  name: categoryShape.name.optional(),
  icon: z
    .string({ error: MARKET_ICON_MESSAGE })
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, { error: MARKET_ICON_MESSAGE })
    .optional(),
  position: position.optional(),
  status: status.optional(),
});
export type AdminMarketCategoryPatch = z.input<typeof AdminMarketCategoryPatchSchema>;
export const AdminMarketCategorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: Localised,
    icon: z.string(),
    position: z.number().int(),
    status: z.enum(RECORD_STATUSES),
    /** Items of the category, in every country and status. */
    items: z.number().int(),
  })
  .meta({ id: "AdminMarketCategory" });
export type AdminMarketCategory = z.infer<typeof AdminMarketCategorySchema>;
export const AdminMarketCategoryListSchema = pageOf(AdminMarketCategorySchema).meta({
  id: "AdminMarketCategoryList",
});
export type AdminMarketCategoryList = z.infer<typeof AdminMarketCategoryListSchema>;

// ---------------------------------------------------------------------------------------------
// Attributes

export const AdminMarketAttributeListQuerySchema = AdminMarketCategoryListQuerySchema;
export const AdminMarketAttributeBodySchema = z.object({
  name: localisedName(60),
  status: status.default("active"),
});
export type AdminMarketAttributeBody = z.input<typeof AdminMarketAttributeBodySchema>;
export const AdminMarketAttributePatchSchema = z.object({
  name: localisedName(60).optional(),
  status: status.optional(),
});
export type AdminMarketAttributePatch = z.input<typeof AdminMarketAttributePatchSchema>;
export const AdminMarketAttributeSchema = z
  .object({
    id: z.number().int(),
    name: Localised,
    status: z.enum(RECORD_STATUSES),
    /** Variations along the attribute. */
    variations: z.number().int(),
  })
  .meta({ id: "AdminMarketAttribute" });
export type AdminMarketAttribute = z.infer<typeof AdminMarketAttributeSchema>;
export const AdminMarketAttributeListSchema = pageOf(AdminMarketAttributeSchema).meta({
  id: "AdminMarketAttributeList",
});
export type AdminMarketAttributeList = z.infer<typeof AdminMarketAttributeListSchema>;

// ---------------------------------------------------------------------------------------------
// Items and their variations

export const AdminMarketItemListQuerySchema = AdminPageQuerySchema.extend({
  country: countryFilter,
  category_id: idParam("category_id").optional(),
  kind: z
    .enum(ITEM_KINDS, { error: `kind must be one of ${ITEM_KINDS.join(", ")}` })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  status: statusFilter,
  search: searchFilter,
});
export type AdminMarketItemListQuery = z.infer<typeof AdminMarketItemListQuerySchema>;

export const AdminMarketItemListItemSchema = z.object({
  id: z.number().int(),
  country_code: z.string(),
  kind: z.enum(ITEM_KINDS),
  name: Localised,
  category: NamedRef,
  image_url: z.string().nullable(),
  price: MoneySchema,
  /** Units left: the item's, or the sum of its active variations'; null for a service. */
  stock: z.number().int().nullable(),
  daily_capacity: z.number().int().nullable(),
  variations: z.number().int(),
  status: z.enum(RECORD_STATUSES),
  sold: z.number().int(),
  updated_at: z.string(),
});
export type AdminMarketItemListItem = z.infer<typeof AdminMarketItemListItemSchema>;
export const AdminMarketItemListSchema = pageOf(AdminMarketItemListItemSchema).meta({
  id: "AdminMarketItemList",
});
export type AdminMarketItemList = z.infer<typeof AdminMarketItemListSchema>;

const capacity = z
  .number({ error: MARKET_CAPACITY_TEXT })
  .int({ error: MARKET_CAPACITY_TEXT })
  .min(1, { error: MARKET_CAPACITY_TEXT })
  .max(10_000, { error: "Daily capacity is at most 10000" });
const duration = z
  .number({ error: MARKET_DURATION_TEXT })
  .int({ error: MARKET_DURATION_TEXT })
  .min(5, { error: MARKET_DURATION_TEXT })
  .max(1440, { error: MARKET_DURATION_TEXT });
const ADDON_LIST_TEXT = `Choose at most ${MARKET_ITEM_MAX_ADDONS} add-ons`;
const PARK_LIST_TEXT = `Choose at most ${MARKET_ITEM_MAX_PARKS} parks`;
const idList = (name: string, message: string, max: number, maxMessage: string) =>
  z
    .array(idNumber(name, message), { error: message })
    .max(max, { error: maxMessage })
    .refine((ids) => new Set(ids).size === ids.length, { error: "An entry is listed twice" });

const itemFieldsShape = {
  category_id: idNumber("category_id", "Choose a category"),
  name: localisedName(120),
  description: localisedOptional(4000),
  /** The price in major units; an item with variations is sold at its variations' prices. */
  price,
  /** A product's units left (null when its variations carry the stock). */
  stock: stock.nullable().default(null),
  /** A service's jobs per park per day. */
  daily_capacity: capacity.nullable().default(null),
  duration_minutes: duration.nullable().default(null),
  status: status.default("active"),
  images: z
    .array(imageUrl)
    .max(MARKET_ITEM_MAX_IMAGES, { error: `An item has at most ${MARKET_ITEM_MAX_IMAGES} images` })
    .default([]),
  addon_ids: idList("addon_ids", "Choose add-ons", MARKET_ITEM_MAX_ADDONS, ADDON_LIST_TEXT).default([]),
  /** A service's parks (of the item's country). */
  park_ids: idList("park_ids", "Choose parks", MARKET_ITEM_MAX_PARKS, PARK_LIST_TEXT).default([]),
};

/** A product has no daily capacity; a service has one and no stock. */
function checkKindShape(
  v: { kind?: string; stock?: number | null; daily_capacity?: number | null },
  ctx: z.RefinementCtx,
) {
  if (v.kind === "service") {
    if (v.daily_capacity == null) {
      ctx.addIssue({ code: "custom", path: ["daily_capacity"], message: MARKET_SERVICE_CAPACITY_MESSAGE });
    }
    if (v.stock != null) {
      ctx.addIssue({ code: "custom", path: ["stock"], message: MARKET_SERVICE_STOCK_MESSAGE });
    }
  } else if (v.kind === "product" && v.daily_capacity != null) {
    ctx.addIssue({ code: "custom", path: ["daily_capacity"], message: MARKET_PRODUCT_CAPACITY_MESSAGE });
  }
}

export const AdminMarketItemCreateSchema = z
  .object({
    country_code: countryCode,
    kind: z.enum(ITEM_KINDS, { error: "Choose product or service" }),
    ...itemFieldsShape,
  })
  .superRefine(checkKindShape);
export type AdminMarketItemCreate = z.input<typeof AdminMarketItemCreateSchema>;
export type AdminMarketItemCreateParsed = z.output<typeof AdminMarketItemCreateSchema>;

/** A partial edit: only the fields sent change; lists replace the whole list. Country and kind stay. */
export const AdminMarketItemPatchSchema = z.object({
  category_id: itemFieldsShape.category_id.optional(),
  name: itemFieldsShape.name.optional(),
  description: z
    .object({ en: optionalText(4000), fr: optionalText(4000) }, { error: "Give the text as { en, fr }" })
    .optional(),
  price: price.optional(),
  stock: stock.nullable().optional(),
  daily_capacity: capacity.nullable().optional(),
  duration_minutes: duration.nullable().optional(),
  status: status.optional(),
  images: z
    .array(imageUrl)
    .max(MARKET_ITEM_MAX_IMAGES, { error: `An item has at most ${MARKET_ITEM_MAX_IMAGES} images` })
    .optional(),
  addon_ids: idList("addon_ids", "Choose add-ons", MARKET_ITEM_MAX_ADDONS, ADDON_LIST_TEXT).optional(),
  park_ids: idList("park_ids", "Choose parks", MARKET_ITEM_MAX_PARKS, PARK_LIST_TEXT).optional(),
});
export type AdminMarketItemPatch = z.input<typeof AdminMarketItemPatchSchema>;
export type AdminMarketItemPatchParsed = z.output<typeof AdminMarketItemPatchSchema>;

export const AdminMarketVariationSchema = z.object({
  id: z.number().int(),
  attribute: NamedRef,
  value: Localised,
  price: MoneySchema,
  stock: z.number().int().nullable(),
  position: z.number().int(),
  status: z.enum(RECORD_STATUSES),
});
export type AdminMarketVariation = z.infer<typeof AdminMarketVariationSchema>;

export const AdminMarketItemSchema = z
  .object({
    id: z.number().int(),
    country_code: z.string(),
    currency: z.string(),
    /** The currency's decimals: how many digits a price may have after the point. */
    decimals: z.number().int(),
    kind: z.enum(ITEM_KINDS),
    category: NamedRef,
    name: Localised,
    description: Localised,
    images: z.array(z.string()),
    price: MoneySchema,
    stock: z.number().int().nullable(),
    daily_capacity: z.number().int().nullable(),
    duration_minutes: z.number().int().nullable(),
    status: z.enum(RECORD_STATUSES),
    sold: z.number().int(),
    variations: z.array(AdminMarketVariationSchema),
    addons: z.array(z.object({ id: z.number().int(), name: Localised, price: MoneySchema })),
    parks: z.array(z.object({ id: z.number().int(), name: z.string(), city: z.string() })),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "AdminMarketItem" });
export type AdminMarketItem = z.infer<typeof AdminMarketItemSchema>;

export const MARKET_VARIATION_ATTRIBUTE_MESSAGE = "All variations of an item share one attribute";
export const MARKET_VARIATION_STOCK_MESSAGE = "A product's variation needs a stock";

export const AdminMarketVariationBodySchema = z.object({
  attribute_id: idNumber("attribute_id", "Choose an attribute"),
  value: localisedName(60),
  price,
  /** Units left, for a product's variation; null for a service's. */
  stock: stock.nullable().default(null),
  position: position.default(0),
  status: status.default("active"),
});
export type AdminMarketVariationBody = z.input<typeof AdminMarketVariationBodySchema>;
export const AdminMarketVariationPatchSchema = z.object({
  value: localisedName(60).optional(),
  price: price.optional(),
  stock: stock.nullable().optional(),
  position: position.optional(),
  /** `inactive` deactivates the variation: it is no longer sold, past orders keep it. */
  status: status.optional(),
});
export type AdminMarketVariationPatch = z.input<typeof AdminMarketVariationPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Add-ons

export const AdminMarketAddonListQuerySchema = AdminPageQuerySchema.extend({
  country: countryFilter,
  status: statusFilter,
  search: searchFilter,
});
export const AdminMarketAddonBodySchema = z.object({
  country_code: countryCode,
  name: localisedName(80),
  /** Per unit of the line, in major units; 0 for a free extra. */
  price: amountOrZero,
  status: status.default("active"),
});
export type AdminMarketAddonBody = z.input<typeof AdminMarketAddonBodySchema>;
export const AdminMarketAddonPatchSchema = z.object({
  name: localisedName(80).optional(),
  price: amountOrZero.optional(),
  status: status.optional(),
});
export type AdminMarketAddonPatch = z.input<typeof AdminMarketAddonPatchSchema>;
export const AdminMarketAddonSchema = z
  .object({
    id: z.number().int(),
    country_code: z.string(),
    name: Localised,
    price: MoneySchema,
    status: z.enum(RECORD_STATUSES),
    /** Items offering it. */
    items: z.number().int(),
  })
  .meta({ id: "AdminMarketAddon" });
export type AdminMarketAddon = z.infer<typeof AdminMarketAddonSchema>;
export const AdminMarketAddonListSchema = pageOf(AdminMarketAddonSchema).meta({
  id: "AdminMarketAddonList",
});
export type AdminMarketAddonList = z.infer<typeof AdminMarketAddonListSchema>;

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
    start_local: z.string(),
    end_local: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(RECORD_STATUSES),
    /** Orders that used it and were not refunded. */
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

// ---------------------------------------------------------------------------------------------
// Orders

const orderStage = z.enum(ORDER_STAGES, { error: `stage must be one of ${ORDER_STAGES.join(", ")}` });

export const AdminOrderListQuerySchema = AdminPageQuerySchema.extend({
  stage: orderStage.optional().or(z.literal("").transform(() => undefined)),
  country: countryFilter,
  /** Days of the order's creation on the country's clock, inclusive. */
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  /** An order code, or the customer's name, e-mail or phone. */
  search: searchFilter,
}).refine((q) => !q.from || !q.to || q.from <= q.to, { error: "from must not be after to", path: ["to"] });
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>;

export const AdminOrderCustomerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
const CourierRef = z.object({ id: z.string(), name: z.string() });

export const AdminOrderListItemSchema = z.object({
  order_code: z.string(),
  stage: z.enum(ORDER_STAGES),
  order_type: z.enum(ORDER_TYPES),
  source: z.enum(ORDER_SOURCES),
  country_code: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  items: z.number().int(),
  total: MoneySchema,
  refunded: MoneySchema,
  courier: CourierRef.nullable(),
  created_at: z.string(),
});
export type AdminOrderListItem = z.infer<typeof AdminOrderListItemSchema>;
export const AdminOrderListSchema = pageOf(AdminOrderListItemSchema)
  .extend({
    /** Orders per stage under the other filters (every stage listed, 0 included). */
    stages: z.object(
      Object.fromEntries(ORDER_STAGES.map((s) => [s, z.number().int()])) as Record<
        (typeof ORDER_STAGES)[number],
        z.ZodNumber
      >,
    ),
  })
  .meta({ id: "AdminOrderList" });
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;

export const AdminOrderLineSchema = z.object({
  position: z.number().int(),
  item_id: z.number().int(),
  variation_id: z.number().int().nullable(),
  kind: z.enum(ITEM_KINDS),
  name: Localised,
  variation_name: Localised.nullable(),
  addons: z.array(z.object({ id: z.number().int(), name: Localised, price: MoneySchema })),
  quantity: z.number().int(),
  returned_quantity: z.number().int(),
  unit_price: MoneySchema,
  unit_offer: MoneySchema,
  coupon_share: MoneySchema,
  tax_share: MoneySchema,
  line_total: MoneySchema,
});
export type AdminOrderLine = z.infer<typeof AdminOrderLineSchema>;

export const AdminOrderSchema = z
  .object({
    order_code: z.string(),
    stage: z.enum(ORDER_STAGES),
    payment_status: z.enum(["paid", "unpaid"]),
    order_type: z.enum(ORDER_TYPES),
    source: z.enum(ORDER_SOURCES),
    country_code: z.string(),
    currency: z.string(),
    /** The country's clock: slots and days are read on it. */
    time_zone: z.string(),
    customer: AdminOrderCustomerSchema,
    lines: z.array(AdminOrderLineSchema),
    subtotal: MoneySchema,
    offer_discount: MoneySchema,
    coupon_code: z.string().nullable(),
    coupon_discount: MoneySchema,
    delivery_charge: MoneySchema,
    tax: MoneySchema,
    tax_name: z.string(),
    total: MoneySchema,
    refunded: MoneySchema,
    address: z
      .object({
        label: z.string(),
        address: z.string(),
        city: z.string(),
        phone: z.string(),
        lat: z.number(),
        lng: z.number(),
      })
      .nullable(),
    depot: z.object({ id: z.number().int(), name: z.string(), city: z.string() }).nullable(),
    park: z
      .object({ id: z.number().int(), name: z.string(), address: z.string(), city: z.string() })
      .nullable(),
    booking_code: z.string().nullable(),
    time_slot: z.object({ date: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
    /** Every stage reached, oldest first, with who moved it and the note. */
    timeline: z.array(
      z.object({
        stage: z.enum(ORDER_STAGES),
        at: z.string(),
        actor: z.string().nullable(),
        note: z.string().nullable(),
      }),
    ),
    courier: CourierRef.nullable(),
    /** The stages the back office's staff may move it to now (ORDER_TRANSITIONS). */
    next_stages: z.array(z.enum(ORDER_STAGES)),
    /** Whether a courier may be assigned (a delivery not yet delivered nor ended). */
    can_assign_courier: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "AdminOrder" });
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderCodeParamsSchema = z.object({
  orderCode: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .transform((c) => c.toUpperCase()),
});

export const AdminOrderStageBodySchema = z.object({
  to: z.enum(ORDER_STAGES, { error: `Choose a stage: ${ORDER_STAGES.join(", ")}` }),
  /** For a return: the lines (by position) and units coming back. */
  returns: z
    .array(
      z.object({
        position: z.number({ error: "position must be a line's position" }).int().min(0).max(100),
        quantity: z
          .number({ error: "quantity must be a whole number, 1 or more" })
          .int({ error: "quantity must be a whole number, 1 or more" })
          .min(1, { error: "quantity must be a whole number, 1 or more" })
          .max(1000, { error: "quantity is too large" }),
      }),
    )
    .max(50, { error: "Too many lines" })
    .refine((list) => new Set(list.map((r) => r.position)).size === list.length, {
      error: "Each line may appear once",
    })
    .optional(),
  note: z
    .string({ error: "note must be text" })
    .trim()
    .max(500, { error: "Must be at most 500 characters" })
    .optional(),
});
export type AdminOrderStageBody = z.infer<typeof AdminOrderStageBodySchema>;

export const AdminOrderCourierBodySchema = z.object({
  courier_id: z.uuid({ error: "Choose a courier" }),
});
export type AdminOrderCourierBody = z.infer<typeof AdminOrderCourierBodySchema>;

/** The couriers an order may be given to (users with the delivery_boy role). */
export const AdminCourierListSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        /** Orders assigned and not yet delivered or ended. */
        active_orders: z.number().int(),
      }),
    ),
  })
  .meta({ id: "AdminCourierList" });
export type AdminCourierList = z.infer<typeof AdminCourierListSchema>;

/** The printable receipt: the order and who sold it. */
export const AdminOrderReceiptSchema = z
  .object({
    seller: z.object({ name: z.string(), email: z.string(), website: z.string() }),
    order: AdminOrderSchema,
    printed_at: z.string(),
  })
  .meta({ id: "AdminOrderReceipt" });
export type AdminOrderReceipt = z.infer<typeof AdminOrderReceiptSchema>;

// ---------------------------------------------------------------------------------------------
// A courier's deliveries

export const AdminDeliveryListQuerySchema = AdminPageQuerySchema;
export const AdminDeliverySchema = z
  .object({
    order_code: z.string(),
    stage: z.enum(ORDER_STAGES),
    currency: z.string(),
    total: MoneySchema,
    items: z.number().int(),
    lines: z.array(
      z.object({
        name: Localised,
        variation_name: Localised.nullable(),
        quantity: z.number().int(),
      }),
    ),
    customer: z.object({ first_name: z.string(), last_name: z.string() }),
    address: z
      .object({
        label: z.string(),
        address: z.string(),
        city: z.string(),
        phone: z.string(),
        lat: z.number(),
        lng: z.number(),
      })
      .nullable(),
    depot: z.object({ id: z.number().int(), name: z.string(), city: z.string() }).nullable(),
    time_slot: z.object({ date: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
    /** The moves the courier may make now: picked up (out_for_delivery), delivered. */
    next_stages: z.array(z.enum(ORDER_STAGES)),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "AdminDelivery" });
export type AdminDelivery = z.infer<typeof AdminDeliverySchema>;
export const AdminDeliveryListSchema = pageOf(AdminDeliverySchema).meta({ id: "AdminDeliveryList" });
export type AdminDeliveryList = z.infer<typeof AdminDeliveryListSchema>;

// ---------------------------------------------------------------------------------------------
// Reports

export const MARKET_REPORT_KINDS = ["market-sales", "market-items"] as const;
export type MarketReportKind = (typeof MARKET_REPORT_KINDS)[number];
export const SALES_REPORT_GROUPS = ["day", "order"] as const;

function checkRange(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (q.from && q.to && isIsoDate(q.from) && isIsoDate(q.to)) {
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["from"], message: RANGE_ORDER_TEXT });
    else if (daysInRange(q.from, q.to) > REPORT_MAX_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_SPAN_TEXT });
    }
  }
}

/** Days are the order's country's own days; the range defaults to the last 30 days. */
export const MarketSalesReportQuerySchema = AdminPageQuerySchema.extend({
  country: countryFilter,
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  stage: orderStage.optional().or(z.literal("").transform(() => undefined)),
  group: z.enum(SALES_REPORT_GROUPS, { error: "group must be day or order" }).default("day"),
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
}).superRefine(checkRange);
export type MarketSalesReportQuery = z.infer<typeof MarketSalesReportQuerySchema>;

export const MarketItemsReportQuerySchema = AdminPageQuerySchema.extend({
  country: countryFilter,
  category_id: idParam("category_id").optional(),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
}).superRefine(checkRange);
export type MarketItemsReportQuery = z.infer<typeof MarketItemsReportQuerySchema>;

const money = z.number();

/** A row per day and currency (group=day) or per order (group=order); amounts in major units. */
export const MarketSalesRowSchema = z.object({
  /** The day (YYYY-MM-DD) or the order's code. */
  key: z.string(),
  day: z.string(),
  order_code: z.string().nullable(),
  stage: z.enum(ORDER_STAGES).nullable(),
  country_code: z.string(),
  currency: z.string(),
  orders: z.number().int(),
  subtotal: money,
  discounts: money,
  delivery: money,
  tax: money,
  total: money,
  refunded: money,
  net: money,
});
export type MarketSalesRow = z.infer<typeof MarketSalesRowSchema>;

export const MarketItemsRowSchema = z.object({
  item_id: z.number().int(),
  variation_id: z.number().int().nullable(),
  name: z.string(),
  variation_name: z.string().nullable(),
  category: z.string(),
  kind: z.enum(ITEM_KINDS),
  country_code: z.string(),
  currency: z.string(),
  units_sold: z.number().int(),
  units_returned: z.number().int(),
  /**
   * What the lines sold for (after offers and coupon shares, tax shares on), less the returned
   * units' share; cancelled and rejected orders are left out of every figure.
   */
  revenue: money,
});
export type MarketItemsRow = z.infer<typeof MarketItemsRowSchema>;

function marketReportOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      total: z.number().int(),
      page: z.number().int(),
      size: z.number().int(),
      pages: z.number().int(),
      from: z.string(),
      to: z.string(),
      /** Sums per currency over the whole filtered range. */
      totals: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
    })
    .meta({ id });
}
export const MarketSalesReportSchema = marketReportOf(MarketSalesRowSchema, "MarketSalesReport");
export type MarketSalesReport = z.infer<typeof MarketSalesReportSchema>;
export const MarketItemsReportSchema = marketReportOf(MarketItemsRowSchema, "MarketItemsReport");
export type MarketItemsReport = z.infer<typeof MarketItemsReportSchema>;
