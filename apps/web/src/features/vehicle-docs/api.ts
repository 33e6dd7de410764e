import type {
  VehicleDocQuoteBody,
  VehicleDocRequestBody,
  VehicleDocStage,
  VehicleDocType,
  VehicleRenewalDetailsBody,
} from "@parkwell/contract";
import type { Address } from "@parkwell/contract";
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { api, apiDownloadLink } from "../../lib/api";
import { loadStates } from "../../lib/states";
import { filenameFromDisposition, saveBlob } from "../../lib/save-file";

/** Nigeria's clock: the service is Nigeria's, so are the times its pages show. */
export const NIGERIA_TIME_ZONE = "Africa/Lagos";

/** The driver's saved vehicles with their renewal details and each paper's status. */
export const renewalVehiclesQuery = () =>
  queryOptions({
    queryKey: ["vehicle-docs", "vehicles"],
    queryFn: ({ signal }) => api("/vehicle-docs/vehicles", { signal }),
  });

/**
 * The states of a country (Nigeria's: the states of registration); offline or on a server
 * failure, the ones this browser stored (loadStates).
 */
export const statesQuery = (countryId: number) =>
  queryOptions({
    queryKey: ["reference", "states", countryId],
    queryFn: ({ signal }) => loadStates(countryId, signal),
    staleTime: 60 * 60_000,
  });

/**
 * The marketplace's address picker (saved addresses, a new one added in place, the distance
 * bands), handed to the page by the app's routes: delivery goes to the marketplace's addresses.
 */
export type AddressPicker = ComponentType<{
  country: string;
  addresses: UseQueryResult<Address[]>;
  addressId: number | undefined;
  bands: { up_to_km: number; charge: { amount: number; currency: string } }[];
  onChoose: (addressId: number) => void;
}>;

/** The driver's saved addresses in Nigeria (the marketplace's; the same query key, so one cache). */
export const addressesQuery = (country: string) =>
  queryOptions({
    queryKey: ["marketplace", "addresses", country],
    queryFn: async ({ signal }) =>
      (await api("/addresses", { signal })).filter((a) => a.country_code === country),
  });

/**
 * The parks papers can be collected at and the delivery distance bands (the marketplace's); from
 * a point (the driver's saved address), the parks come nearest first.
 */
export const deliveryOptionsQuery = (
  country: string,
  language: string,
  near: { lat: number; lng: number } | null = null,
) =>
  queryOptions({
    queryKey: ["marketplace", "options", country, language, near?.lat, near?.lng],
    queryFn: ({ signal }) =>
      api("/marketplace/options", {
        query: { country, ...(near ? { lat: String(near.lat), lng: String(near.lng) } : {}) },
        signal,
      }),
    staleTime: 0,
  });

type PickupPark = { id: number; name: string; city: string; state_code: string | null };

/**
 * The pickup park a renewal starts with, and why: the first park in the state the papers are
 * issued in (the vehicle's state of registration, or the licence's state), else the first of the
 * list as the API orders it (nearest the driver's saved address when there is one, else by city
 * and name). The driver may choose another.
 */
export function defaultPickupPark<P extends PickupPark>(
  parks: readonly P[],
  stateCode: string | null | undefined,
  nearest: boolean,
): { park: P; reason: "state" | "nearest" | "first" } | null {
  const inState = stateCode ? parks.find((p) => p.state_code === stateCode) : undefined;
  if (inState) return { park: inState, reason: "state" };
  const first = parks[0];
  if (!first) return null;
  return { park: first, reason: nearest ? "nearest" : "first" };
}

/** The insurers offering comprehensive motor insurance (active ones), with rate and minimum premium. */
export const insurersQuery = () =>
  queryOptions({
    queryKey: ["vehicle-docs", "insurers"],
    queryFn: ({ signal }) => api("/vehicle-docs/insurers", { signal }),
    staleTime: 5 * 60_000,
  });

export const saveRenewalDetails = (id: number, body: VehicleRenewalDetailsBody) =>
  api("/vehicle-docs/vehicles/{id}", { method: "PUT", params: { id }, body });

/** The server's price of the choices; nothing asked until they are complete. */
export function useVehicleDocQuote(body: VehicleDocQuoteBody | null) {
  return useQuery({
    queryKey: ["vehicle-docs", "quote", body],
    queryFn: ({ signal }) => api("/vehicle-docs/quote", { method: "POST", body: body!, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/** Sends and pays the request; the same key for a retry of one attempt, the total shown with it. */
/** The request paid from the wallet, or by the company `body.company_id` (business accounts). */
export const placeVehicleDocRequest = (body: VehicleDocRequestBody, expectedTotal: number, key: string) =>
  api("/vehicle-docs/requests", {
    method: "POST",
    body: { ...body, expected_total: expectedTotal },
    headers: { "idempotency-key": key },
  });

export const VEHICLE_DOC_PAGE_SIZE = 10;

export const vehicleDocRequestsQuery = (page: number, stage?: VehicleDocStage) =>
  queryOptions({
    queryKey: ["vehicle-docs", "requests", page, stage],
    queryFn: ({ signal }) =>
      api("/vehicle-docs/requests", {
        query: { page, size: VEHICLE_DOC_PAGE_SIZE, ...(stage ? { stage } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const vehicleDocRequestQuery = (code: string) =>
  queryOptions({
    queryKey: ["vehicle-docs", "request", code],
    queryFn: ({ signal }) => api("/vehicle-docs/requests/{code}", { params: { code }, signal }),
    retry: false,
  });

export const cancelVehicleDocRequest = (code: string) =>
  api("/vehicle-docs/requests/{code}/cancel", { method: "POST", params: { code } });

export const answerVehicleDocRequest = (code: string, answer: string) =>
  api("/vehicle-docs/requests/{code}/answer", { method: "POST", params: { code }, body: { answer } });

/** A request's files (the driver's uploads and the issued scans), each with a 5-minute signed link. */
export const vehicleDocFilesQuery = (code: string) =>
  queryOptions({
    queryKey: ["vehicle-docs", "files", code],
    queryFn: ({ signal }) =>
      api("/vehicle-docs/requests/{code}/files", { params: { code }, query: { page: 1, size: 50 }, signal }),
    retry: false,
  });

/** Uploads one document (multipart: the label first, then the file), as the API reads them. */
export function uploadVehicleDocFile(code: string, label: string, file: File) {
  const form = new FormData();
  form.append("label", label);
  form.append("file", file, file.name);
  return api("/vehicle-docs/requests/{code}/files", { method: "POST", params: { code }, body: form });
}

/**
 * Saves a file at its signed link (fetched with the bearer token, which a plain link cannot send)
 * under the name the server's Content-Disposition gives.
 */
export async function downloadVehicleDocFile(url: string, fallbackName: string): Promise<void> {
  const { blob, disposition } = await apiDownloadLink(url, "*/*");
  saveBlob(blob, filenameFromDisposition(disposition) ?? fallbackName);
}

/** Expiry dates of a vehicle's papers renewed elsewhere. */
export const saveVehicleExpiries = (
  id: number,
  expiries: { document_type: VehicleDocType; expires_on: string }[],
) => api("/vehicle-docs/vehicles/{id}/expiries", { method: "PUT", params: { id }, body: { expiries } });

/** The driver's licence's expiry date (one per driver, no vehicle) and its status. */
export const licenceExpiryQuery = () =>
  queryOptions({
    queryKey: ["vehicle-docs", "licence-expiry"],
    queryFn: ({ signal }) => api("/vehicle-docs/licence-expiry", { signal }),
  });

/** Types the licence's expiry date renewed elsewhere, or clears it (null). */
export const saveLicenceExpiry = (expiresOn: string | null) =>
  api("/vehicle-docs/licence-expiry", { method: "PUT", body: { expires_on: expiresOn } });
