import type {
  AdminPark,
  AdminParkCapacitiesBody,
  AdminParkCreate,
  AdminParkList,
  AdminParkPatch,
  AdminParkRatesBody,
} from "@parkwell/contract";
import { adminApi, adminUpload } from "../api";
import { listParams } from "../ui/use-url-filters";

export function parksQuery(f: Record<string, string>, page: number, size: number) {
  return {
    queryKey: ["admin", "parks", f, page, size] as const,
    queryFn: () => adminApi<AdminParkList>(`/parks?${listParams(f, page, size)}`),
  };
}

export const parkQuery = (id: number) => ({
  queryKey: ["admin", "park", id] as const,
  queryFn: () => adminApi<AdminPark>(`/parks/${id}`),
});

export const operatorsQuery = {
  queryKey: ["admin", "park-operators"] as const,
  queryFn: () => adminApi<{ items: { id: number; name: string }[] }>("/parks/operators"),
};

export const createPark = (body: AdminParkCreate) => adminApi<AdminPark>("/parks", { method: "POST", body });
export const updatePark = (id: number, body: AdminParkPatch) =>
  adminApi<AdminPark>(`/parks/${id}`, { method: "PATCH", body });
export const setRates = (id: number, body: AdminParkRatesBody) =>
  adminApi<AdminPark>(`/parks/${id}/rates`, { method: "PUT", body });
export const setCapacities = (id: number, body: AdminParkCapacitiesBody) =>
  adminApi<AdminPark>(`/parks/${id}/capacities`, { method: "PUT", body });
export const deletePhoto = (id: number, n: number) =>
  adminApi<AdminPark>(`/parks/${id}/photos/${n}`, { method: "DELETE" });
export const orderPhotos = (id: number, order: number[]) =>
  adminApi<AdminPark>(`/parks/${id}/photos/order`, { method: "PUT", body: { order } });

/**
 * Uploads one photo as multipart/form-data (the server checks it by content and re-encodes it),
 * reporting progress from 0 to 1.
 */
export function uploadPhoto(id: number, file: File, alt: string, onProgress: (ratio: number) => void) {
  const form = new FormData();
  form.append("alt", alt);
  form.append("photo", file, file.name);
  return adminUpload<AdminPark>(`/parks/${id}/photos`, form, onProgress);
}
