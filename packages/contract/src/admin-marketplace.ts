/**
 * The back office's marketplace (docs/PRODUCT-RULES.md#marketplace): the catalogue (categories,
 * attributes, items with variations, add-ons), offers, sliders, coupons and Delivery Setup per
 * country; the orders with their stages, couriers and receipt; a courier's own deliveries; the
 * Sales and Items reports. Money in bodies is a plain number in major units of the country's
 * currency (the server converts it with the currency's decimals); in answers it is `{ amount,
 * currency }` in major units. Windows (offers, coupons) are local times on the country's clock.
 */
// One file per resource group: a reader holds one at a time. The index re-exports this file, so
// every importer keeps its path; the shared field schemas stay private to these files.
export {
  MARKET_ITEM_MAX_IMAGES,
  MARKET_ITEM_MAX_ADDONS,
  MARKET_ITEM_MAX_PARKS,
  DELIVERY_MAX_BANDS,
  DELIVERY_MAX_DEPOTS,
  DELIVERY_MAX_SLOTS,
  MARKET_START_BEFORE_END_MESSAGE,
  MARKET_OFFER_TARGET_MESSAGE,
  MARKET_COUPON_CODE_MESSAGE,
  MARKET_SLIDER_LINK_MESSAGE,
  MARKET_SLOT_TIMES_MESSAGE,
  MARKET_BAND_UNIQUE_MESSAGE,
  MARKET_TIME_TEXT,
  MARKET_AMOUNT_TEXT,
  MARKET_AMOUNT_ZERO_TEXT,
  MARKET_STOCK_TEXT,
  MARKET_CAPACITY_TEXT,
  MARKET_DURATION_TEXT,
  MARKET_SERVICE_CAPACITY_MESSAGE,
  MARKET_PRODUCT_CAPACITY_MESSAGE,
  MARKET_SERVICE_STOCK_MESSAGE,
  localisedName,
  AdminMarketIdParamsSchema,
  AdminMarketVariationParamsSchema,
  AdminMarketImageParamsSchema,
  AdminMarketCountryParamsSchema,
  MARKET_IMAGE_MAX_BYTES,
} from "./admin-market-fields";
export * from "./admin-market-catalogue";
export * from "./admin-market-promotions";
export * from "./admin-market-orders";
export * from "./admin-market-reports";
