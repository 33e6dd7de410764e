/** The back office's catalogue: categories, attributes, items with their variations, add-ons; the parks a service may name. */
import { z } from "zod";
import { REQUIRED_TEXT } from "./accounts";
import { AdminPageQuerySchema } from "./admin";
import {
  Localised,
  MARKET_CAPACITY_TEXT,
  MARKET_DURATION_TEXT,
  MARKET_ITEM_MAX_ADDONS,
  MARKET_ITEM_MAX_IMAGES,
  MARKET_ITEM_MAX_PARKS,
  MARKET_PRODUCT_CAPACITY_MESSAGE,
  MARKET_SERVICE_CAPACITY_MESSAGE,
  MARKET_SERVICE_STOCK_MESSAGE,
  NamedRef,
  amountOrZero,
  countryCode,
  countryFilter,
  imageUrl,
  localisedName,
  localisedOptional,
  optionalText,
  position,
  price,
  searchFilter,
  status,
  statusFilter,
  stock,
} from "./admin-market-fields";
import { idNumber, idParam, pageOf } from "./common";
import { ITEM_KINDS, RECORD_STATUSES } from "./market-values";
import { MoneySchema } from "./parks";

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
