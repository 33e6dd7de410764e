import type {
  AdminChargerCreate,
  AdminChargerPatch,
  AdminParkCapacitiesBody,
  AdminParkCreate,
  AdminParkPatch,
  AdminParkRatesBody,
  AdminRateRuleBody,
} from "@parkwell/contract";
import { adminApi, adminUpload } from "../api";
import { listParams } from "../ui/use-url-filters";

export function parksQuery(f: Record<string, string>, page: number, size: number) {
  return {
    queryKey: ["admin", "parks", f, page, size] as const,
    queryFn: () => adminApi("/parks", { query: listParams(f, page, size) }),
  };
}

export const parkQuery = (id: number) => ({
  queryKey: ["admin", "park", id] as const,
  queryFn: () => adminApi("/parks/{id}", { params: { id } }),
});

/** The space guarantee's offers made by the park's closures, and what they cost (first page). */
export const guaranteeOffersQuery = (id: number) => ({
  queryKey: ["admin", "park", id, "guarantee-offers"] as const,
  queryFn: () => adminApi("/parks/{id}/guarantee-offers", { params: { id }, query: { page: 1, size: 25 } }),
});

export const operatorsQuery = {
  queryKey: ["admin", "park-operators"] as const,
  queryFn: () => adminApi("/parks/operators"),
};

export const createPark = (body: AdminParkCreate) => adminApi("/parks", { method: "POST", body });
export const updatePark = (id: number, body: AdminParkPatch) =>
  adminApi("/parks/{id}", { params: { id }, method: "PATCH", body });
export const setRates = (id: number, body: AdminParkRatesBody) =>
  adminApi("/parks/{id}/rates", { params: { id }, method: "PUT", body });
export const setCapacities = (id: number, body: AdminParkCapacitiesBody) =>
  adminApi("/parks/{id}/capacities", { params: { id }, method: "PUT", body });
export const deletePhoto = (id: number, n: number) =>
  adminApi("/parks/{id}/photos/{n}", { params: { id, n }, method: "DELETE" });
export const orderPhotos = (id: number, order: number[]) =>
  adminApi("/parks/{id}/photos/order", { params: { id }, method: "PUT", body: { order } });

/**
 * Uploads one photo as multipart/form-data (the server checks it by content and re-encodes it),
 * reporting progress from 0 to 1.
 */
export function uploadPhoto(id: number, file: File, alt: string, onProgress: (ratio: number) => void) {
  const form = new FormData();
  form.append("alt", alt);
  form.append("photo", file, file.name);
  return adminUpload("/parks/{id}/photos", { params: { id }, form }, onProgress);
}

export const chargersQuery = (id: number) => ({
  queryKey: ["admin", "park", id, "chargers"] as const,
  queryFn: () => adminApi("/parks/{id}/chargers", { params: { id } }),
});
export const addCharger = (id: number, body: AdminChargerCreate) =>
  adminApi("/parks/{id}/chargers", { params: { id }, method: "POST", body });
export const updateCharger = (id: number, charger: number, body: AdminChargerPatch) =>
  adminApi("/parks/{id}/chargers/{charger}", { params: { id, charger }, method: "PATCH", body });

export const rateRulesQuery = (id: number) => ({
  queryKey: ["admin", "park", id, "rate-rules"] as const,
  queryFn: () => adminApi("/parks/{id}/rate-rules", { params: { id } }),
});
export const addRateRule = (id: number, body: AdminRateRuleBody) =>
  adminApi("/parks/{id}/rate-rules", { params: { id }, method: "POST", body });
export const updateRateRule = (id: number, rule: number, body: AdminRateRuleBody) =>
  adminApi("/parks/{id}/rate-rules/{rule}", { params: { id, rule }, method: "PUT", body });
export const deleteRateRule = (id: number, rule: number) =>
  adminApi("/parks/{id}/rate-rules/{rule}", { params: { id, rule }, method: "DELETE" });
