import type {
  AdminPark,
  AdminParkCapacitiesBody,
  AdminParkCreate,
  AdminParkList,
  AdminParkPatch,
  AdminParkRatesBody,
  ApiErrorBody,
} from "@parkwell/contract";
import { API_BASE, ApiError } from "../../../lib/api";
import { readStorage, STORAGE_KEYS, storedLanguage } from "../../../lib/storage-keys";
import { adminApi, handleAdminError } from "../api";
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
 * reporting progress from 0 to 1: XMLHttpRequest, since fetch reports no upload progress.
 */
export function uploadPhoto(id: number, file: File, alt: string, onProgress: (ratio: number) => void) {
  return new Promise<AdminPark>((resolve, reject) => {
    const form = new FormData();
    form.append("alt", alt);
    form.append("photo", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE}/admin/parks/${id}/photos`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("accept-language", storedLanguage());
    const token = readStorage(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as AdminPark);
      const e = (body ?? {}) as Partial<ApiErrorBody>;
      const err = new ApiError(xhr.status, e.code ?? "error", e.message ?? "Something went wrong", e.fields);
      handleAdminError(err);
      reject(err);
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          "network_error",
          "Network error. Please check your internet connection and try again.",
        ),
      );
    xhr.send(form);
  });
}
