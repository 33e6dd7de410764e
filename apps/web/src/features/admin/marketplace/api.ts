import { adminApi, type AdminAnswer, type AdminBody } from "../api";
import { listParams } from "../ui/use-url-filters";

/** The catalogue's records edited by a list and a dialog, by their path under /admin/marketplace. */
export type MarketListKind = "categories" | "attributes" | "addons" | "offers" | "sliders" | "coupons";
export type MarketLists = { [K in MarketListKind]: AdminAnswer<`/marketplace/${K}`> };

export function marketListQuery<K extends MarketListKind>(
  kind: K,
  f: Record<string, string>,
  page: number,
  size: number,
) {
  return {
    queryKey: ["admin", "marketplace", kind, f, page, size] as const,
    // The answer of the kind's own path: TypeScript does not tie the union's member to K.
    queryFn: () =>
      adminApi(`/marketplace/${kind as MarketListKind}`, { query: listParams(f, page, size) }) as Promise<
        MarketLists[K]
      >,
  };
}

// The kind's own path's body and answer; widened to the union of the kinds' paths to be sent.
type AnyKindPath = `/marketplace/${MarketListKind}`;
export const createRecord = <K extends MarketListKind>(
  kind: K,
  body: AdminBody<`/marketplace/${K}`, "POST">,
) =>
  adminApi(`/marketplace/${kind as MarketListKind}`, {
    method: "POST",
    body: body as AdminBody<AnyKindPath, "POST">,
  }) as Promise<AdminAnswer<`/marketplace/${K}`, "POST">>;
export const updateRecord = <K extends MarketListKind>(
  kind: K,
  id: number,
  body: AdminBody<`/marketplace/${K}/{id}`, "PATCH">,
) =>
  adminApi(`/marketplace/${kind as MarketListKind}/{id}`, {
    params: { id },
    method: "PATCH",
    body: body as AdminBody<`${AnyKindPath}/{id}`, "PATCH">,
  }) as Promise<AdminAnswer<`/marketplace/${K}/{id}`, "PATCH">>;

/** The kinds the API removes (DELETE /admin/marketplace/<kind>/{id}); add-ons are only deactivated. */
const DELETABLE = ["categories", "attributes", "offers", "coupons", "sliders"] as const;
export type DeletableKind = (typeof DELETABLE)[number];
export const isDeletable = (kind: MarketListKind): kind is DeletableKind =>
  (DELETABLE as readonly string[]).includes(kind);
export const deleteRecord = (kind: DeletableKind, id: number) =>
  adminApi(`/marketplace/${kind}/{id}`, { params: { id }, method: "DELETE" });

/** Every category, for pickers (an item's, an offer's, a report's filter). */
export const categoryOptionsQuery = {
  queryKey: ["admin", "marketplace", "categories", "options"] as const,
  queryFn: () => adminApi("/marketplace/categories", { query: { size: 1000 } }),
};
export const attributeOptionsQuery = {
  queryKey: ["admin", "marketplace", "attributes", "options"] as const,
  queryFn: () => adminApi("/marketplace/attributes", { query: { size: 1000, status: "active" } }),
};
export const addonOptionsQuery = (country: string) => ({
  queryKey: ["admin", "marketplace", "addons", "options", country] as const,
  queryFn: () => adminApi("/marketplace/addons", { query: `size=1000&country=${country}` }),
});
export const itemOptionsQuery = (country: string) => ({
  queryKey: ["admin", "marketplace", "items", "options", country] as const,
  queryFn: () => adminApi("/marketplace/items", { query: `size=1000&country=${country}` }),
});

export function itemsQuery(f: Record<string, string>, page: number, size: number) {
  return {
    queryKey: ["admin", "marketplace", "items", f, page, size] as const,
    queryFn: () => adminApi("/marketplace/items", { query: listParams(f, page, size) }),
  };
}
export const itemQuery = (id: number) => ({
  queryKey: ["admin", "marketplace", "item", id] as const,
  queryFn: () => adminApi("/marketplace/items/{id}", { params: { id } }),
});
export const createItem = (body: AdminBody<"/marketplace/items", "POST">) =>
  adminApi("/marketplace/items", { method: "POST", body });
export const updateItem = (id: number, body: AdminBody<"/marketplace/items/{id}", "PATCH">) =>
  adminApi("/marketplace/items/{id}", { params: { id }, method: "PATCH", body });
export const createVariation = (
  itemId: number,
  body: AdminBody<"/marketplace/items/{id}/variations", "POST">,
) => adminApi("/marketplace/items/{id}/variations", { params: { id: itemId }, method: "POST", body });
export const updateVariation = (
  itemId: number,
  variationId: number,
  body: AdminBody<"/marketplace/items/{id}/variations/{variationId}", "PATCH">,
) =>
  adminApi("/marketplace/items/{id}/variations/{variationId}", {
    params: { id: itemId, variationId },
    method: "PATCH",
    body,
  });

export const deliverySetupQuery = (country: string) => ({
  queryKey: ["admin", "marketplace", "delivery", country] as const,
  queryFn: () => adminApi("/marketplace/delivery/{country}", { params: { country } }),
});
export const saveDeliverySetup = (
  country: string,
  body: AdminBody<"/marketplace/delivery/{country}", "PUT">,
) => adminApi("/marketplace/delivery/{country}", { params: { country }, method: "PUT", body });

/** Uploads one image as multipart/form-data (field `image`); the server checks and re-encodes it. */
export function uploadItemImage(id: number, file: File) {
  const form = new FormData();
  form.append("image", file, file.name);
  return adminApi("/marketplace/items/{id}/images", { params: { id }, method: "POST", body: form });
}
export const removeItemImage = (id: number, n: number) =>
  adminApi("/marketplace/items/{id}/images/{n}", { params: { id, n }, method: "DELETE" });
