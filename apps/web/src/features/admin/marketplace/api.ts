import type {
  AdminCouponList,
  AdminMarketAddonList,
  AdminMarketAttributeList,
  AdminMarketCategoryList,
  AdminMarketItem,
  AdminMarketItemList,
  AdminMarketOfferList,
  AdminMarketSliderList,
  DeliverySetup,
} from "@parkwell/contract";
import { adminApi } from "../api";
import { listParams } from "../ui/use-url-filters";

/** The catalogue's records edited by a list and a dialog, by their path under /admin/marketplace. */
export interface MarketLists {
  categories: AdminMarketCategoryList;
  attributes: AdminMarketAttributeList;
  addons: AdminMarketAddonList;
  offers: AdminMarketOfferList;
  sliders: AdminMarketSliderList;
  coupons: AdminCouponList;
}
export type MarketListKind = keyof MarketLists;

const BASE = "/marketplace";

export function marketListQuery<K extends MarketListKind>(
  kind: K,
  f: Record<string, string>,
  page: number,
  size: number,
) {
  return {
    queryKey: ["admin", "marketplace", kind, f, page, size] as const,
    queryFn: () => adminApi<MarketLists[K]>(`${BASE}/${kind}?${listParams(f, page, size)}`),
  };
}

export const createRecord = <T>(kind: MarketListKind, body: unknown) =>
  adminApi<T>(`${BASE}/${kind}`, { method: "POST", body });
export const deleteRecord = (kind: MarketListKind, id: number) =>
  adminApi<{ message: string }>(`${BASE}/${kind}/${id}`, { method: "DELETE" });
export const updateRecord = <T>(kind: MarketListKind, id: number, body: unknown) =>
  adminApi<T>(`${BASE}/${kind}/${id}`, { method: "PATCH", body });

/** Every category, for pickers (an item's, an offer's, a report's filter). */
export const categoryOptionsQuery = {
  queryKey: ["admin", "marketplace", "categories", "options"] as const,
  queryFn: () => adminApi<AdminMarketCategoryList>(`${BASE}/categories?size=1000`),
};
export const attributeOptionsQuery = {
  queryKey: ["admin", "marketplace", "attributes", "options"] as const,
  queryFn: () => adminApi<AdminMarketAttributeList>(`${BASE}/attributes?size=1000&status=active`),
};
export const addonOptionsQuery = (country: string) => ({
  queryKey: ["admin", "marketplace", "addons", "options", country] as const,
  queryFn: () => adminApi<AdminMarketAddonList>(`${BASE}/addons?size=1000&country=${country}`),
});
export const itemOptionsQuery = (country: string) => ({
  queryKey: ["admin", "marketplace", "items", "options", country] as const,
  queryFn: () => adminApi<AdminMarketItemList>(`${BASE}/items?size=1000&country=${country}`),
});

export function itemsQuery(f: Record<string, string>, page: number, size: number) {
  return {
    queryKey: ["admin", "marketplace", "items", f, page, size] as const,
    queryFn: () => adminApi<AdminMarketItemList>(`${BASE}/items?${listParams(f, page, size)}`),
  };
}
export const itemQuery = (id: number) => ({
  queryKey: ["admin", "marketplace", "item", id] as const,
  queryFn: () => adminApi<AdminMarketItem>(`${BASE}/items/${id}`),
});
export const createItem = (body: unknown) =>
  adminApi<AdminMarketItem>(`${BASE}/items`, { method: "POST", body });
export const updateItem = (id: number, body: unknown) =>
  adminApi<AdminMarketItem>(`${BASE}/items/${id}`, { method: "PATCH", body });
export const createVariation = (itemId: number, body: unknown) =>
  adminApi<AdminMarketItem>(`${BASE}/items/${itemId}/variations`, { method: "POST", body });
export const updateVariation = (itemId: number, variationId: number, body: unknown) =>
  adminApi<AdminMarketItem>(`${BASE}/items/${itemId}/variations/${variationId}`, { method: "PATCH", body });

export const deliverySetupQuery = (country: string) => ({
  queryKey: ["admin", "marketplace", "delivery", country] as const,
  queryFn: () => adminApi<DeliverySetup>(`${BASE}/delivery/${country}`),
});
export const saveDeliverySetup = (country: string, body: unknown) =>
  adminApi<DeliverySetup>(`${BASE}/delivery/${country}`, { method: "PUT", body });

/** Uploads one image as multipart/form-data (field `image`); the server checks and re-encodes it. */
export function uploadItemImage(id: number, file: File): Promise<AdminMarketItem> {
  const form = new FormData();
  form.append("image", file, file.name);
  return adminApi<AdminMarketItem>(`${BASE}/items/${id}/images`, { method: "POST", body: form });
}
export const removeItemImage = (id: number, n: number) =>
  adminApi<AdminMarketItem>(`${BASE}/items/${id}/images/${n}`, { method: "DELETE" });
