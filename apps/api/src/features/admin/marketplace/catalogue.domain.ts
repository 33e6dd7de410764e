/** The back office's catalogue: the sentences of its refusals and its 404s. */
import type { ErrorCodeOf } from "@parkwell/contract";
import { AppError } from "../../../lib/app-error";

export const CATEGORY_NOT_FOUND_MESSAGE = "Category not found";
export const ATTRIBUTE_NOT_FOUND_MESSAGE = "Attribute not found";
export const ADDON_NOT_FOUND_MESSAGE = "Add-on not found";
export const VARIATION_NOT_FOUND_MESSAGE = "Variation not found";
export const SLUG_TAKEN_MESSAGE = "Another category already uses this slug";
export const CATEGORY_IN_USE_MESSAGE = "This category still has items: deactivate it instead";
export const ATTRIBUTE_IN_USE_MESSAGE = "This attribute still has variations: deactivate it instead";
export const CHOOSE_CATEGORY_MESSAGE = "Choose a category";
export const CHOOSE_ATTRIBUTE_MESSAGE = "Choose an attribute";
export const ADDON_COUNTRY_MESSAGE = "Choose add-ons of the item's country";
export const PARK_COUNTRY_MESSAGE = "Choose parks of the item's country";
export const PRODUCT_PARKS_MESSAGE = "Only a service is done at parks";
export const SERVICE_VARIATION_STOCK_MESSAGE = "A service's variation has no stock";

const notFound = (message: string, code: ErrorCodeOf<404>) => () => AppError.notFound(message, code);
export const categoryNotFound = notFound(CATEGORY_NOT_FOUND_MESSAGE, "category_not_found");
export const attributeNotFound = notFound(ATTRIBUTE_NOT_FOUND_MESSAGE, "attribute_not_found");
export const itemNotFound = notFound("Item not found", "item_not_found");
export const addonNotFound = notFound(ADDON_NOT_FOUND_MESSAGE, "addon_not_found");
export const variationNotFound = notFound(VARIATION_NOT_FOUND_MESSAGE, "variation_not_found");
