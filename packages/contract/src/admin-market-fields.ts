/**
 * The back office's marketplace: the limits, texts and field schemas its resources share (the
 * package index re-exports the public ones through admin-marketplace.ts).
 */
import { z } from "zod";
import { REQUIRED_TEXT } from "./accounts";
import { LOCAL_DATE_TIME_TEXT, wallClockOf } from "./admin-events";
import { idParam } from "./common";
import { ORDER_STAGES, RECORD_STATUSES } from "./market-values";

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

export const text = (max: number) =>
  z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(1, { error: REQUIRED_TEXT })
    .max(max, { error: `Must be at most ${max} characters` });
export const optionalText = (max: number) =>
  z
    .string({ error: "Must be text" })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .default("");

/** A name in both languages: both required (French may repeat English for a brand name). */
export const localisedName = (max: number) =>
  z.object({ en: text(max), fr: text(max) }, { error: "Give the name as { en, fr }" });
export const localisedOptional = (max: number) =>
  z
    .object({ en: optionalText(max), fr: optionalText(max) }, { error: "Give the text as { en, fr }" })
    .default({ en: "", fr: "" });

export const countryCode = z
  .string({ error: "Please choose a country" })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: "Please choose a country" })
  .transform((s) => s.toUpperCase());

/** An optional country filter in a query ("" is no filter). */
export const countryFilter = z
  .string({ error: "country must be a single value" })
  .trim()
  .regex(/^([A-Za-z]{2})?$/, { error: "country must be a two-letter country code" })
  .transform((s) => (s ? s.toUpperCase() : undefined))
  .optional();
export const statusFilter = z
  .enum(RECORD_STATUSES, { error: `status must be one of ${RECORD_STATUSES.join(", ")}` })
  .optional()
  .or(z.literal("").transform(() => undefined));
export const searchFilter = z
  .string({ error: "search must be a single value" })
  .trim()
  .transform((s) => s.slice(0, 100))
  .optional();

export const status = z.enum(RECORD_STATUSES, { error: "Choose active or inactive" });

export const orderStage = z.enum(ORDER_STAGES, { error: `stage must be one of ${ORDER_STAGES.join(", ")}` });

/** A price in major units, more than 0 (the server checks the currency's decimals). */
export const price = z
  .number({ error: MARKET_AMOUNT_TEXT })
  .positive({ error: MARKET_AMOUNT_TEXT })
  .max(100_000_000, { error: "This amount is too large" });
export const amountOrZero = z
  .number({ error: MARKET_AMOUNT_ZERO_TEXT })
  .min(0, { error: MARKET_AMOUNT_ZERO_TEXT })
  .max(100_000_000, { error: "This amount is too large" });
export const stock = z
  .number({ error: MARKET_STOCK_TEXT })
  .int({ error: MARKET_STOCK_TEXT })
  .min(0, { error: MARKET_STOCK_TEXT })
  .max(1_000_000, { error: "Stock is at most 1000000 units" });
export const position = z
  .number({ error: "Position is a whole number" })
  .int({ error: "Position is a whole number" })
  .min(0, { error: "Position is 0 or more" })
  .max(10_000, { error: "Position is at most 10000" });
/** An image: an uploaded file's URL (/api/v1/uploads/…) or an https address. */
export const imageUrl = z
  .string({ error: "An image is a URL" })
  .trim()
  .max(500, { error: "An image URL is at most 500 characters" })
  .regex(/^(https:\/\/[^\s]+|\/[^/\s][^\s]*)$/, { error: "An image is an https URL or an uploaded file" });

export const localTime = z
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
export const Localised = z.object({ en: z.string(), fr: z.string() });
export const NamedRef = z.object({ id: z.number().int(), name: Localised });

/** The largest item or slider image accepted, checked while the upload streams in. */
export const MARKET_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
