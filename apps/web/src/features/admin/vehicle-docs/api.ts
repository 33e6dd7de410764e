import type { VehicleDocStage, VehicleDocType } from "@parkwell/contract";
import { adminApi, adminUpload, type AdminAnswer } from "../api";
import { listParams } from "../ui/use-url-filters";

/** The queue's filters, as the API names them. */
export const QUEUE_FILTERS = ["stage", "state_code", "min_age_days"] as const;

export function vehicleDocsQuery(f: Record<string, string>, page: number, size: number) {
  return {
    queryKey: ["admin", "vehicle-docs", f, page, size] as const,
    queryFn: () => adminApi("/vehicle-docs/requests", { query: listParams(f, page, size) }),
  };
}

export const vehicleDocQuery = (code: string) => ({
  queryKey: ["admin", "vehicle-doc", code] as const,
  queryFn: () => adminApi("/vehicle-docs/requests/{code}", { params: { code } }),
});

export const vehicleDocFeesQuery = (state: string) => ({
  queryKey: ["admin", "vehicle-doc-fees", state] as const,
  queryFn: () => adminApi("/vehicle-docs/fees", { query: state ? { state_code: state } : {} }),
});

/** A stage move; `delivered` carries each issued document's new expiry date. */
export const moveVehicleDoc = (
  code: string,
  to: VehicleDocStage,
  expiries?: { document_type: VehicleDocType; expires_on: string }[],
) =>
  adminApi("/vehicle-docs/requests/{code}/stage", {
    params: { code },
    method: "POST",
    body: expiries ? { to, expiries } : { to },
  });

export const askVehicleDocQuestion = (code: string, question: string) =>
  adminApi("/vehicle-docs/requests/{code}/question", {
    params: { code },
    method: "POST",
    body: { question },
  });

export const recordVehicleDocExpiries = (
  code: string,
  expiries: { document_type: VehicleDocType; expires_on: string }[],
) =>
  adminApi("/vehicle-docs/requests/{code}/expiries", {
    params: { code },
    method: "POST",
    body: { expiries },
  });

export const refundVehicleDoc = (code: string) =>
  adminApi("/vehicle-docs/requests/{code}/refund", { params: { code }, method: "POST", body: {} });

export const updateVehicleDocFee = (id: number, fee: number) =>
  adminApi("/vehicle-docs/fees/{id}", { params: { id }, method: "PUT", body: { fee } });

export const updateVehicleDocServiceCharge = (charge: number) =>
  adminApi("/vehicle-docs/service-charge", { method: "PUT", body: { service_charge: charge } });

/** A row of the queue, a request with its next stages, a row of the fee tables: as the API answers them. */
export type VehicleDocRow = AdminAnswer<"/vehicle-docs/requests">["items"][number];
export type AdminVehicleDoc = AdminAnswer<"/vehicle-docs/requests/{code}">;
export type VehicleDocFeeRow = AdminAnswer<"/vehicle-docs/fees">["items"][number];

export const vehicleDocFilesQuery = (code: string) => ({
  queryKey: ["admin", "vehicle-doc-files", code] as const,
  // Ten of each kind at most (VEHICLE_DOC_FILES_MAX): one page holds them all.
  queryFn: () =>
    adminApi("/vehicle-docs/requests/{code}/files", { params: { code }, query: { page: 1, size: 20 } }),
});

/** Uploads a scan of the issued papers: the label first, then the file (the route reads them in order). */
export function uploadVehicleDocScan(
  code: string,
  label: string,
  file: File,
  onProgress: (ratio: number) => void,
) {
  const form = new FormData();
  form.append("label", label);
  form.append("file", file, file.name);
  return adminUpload("/vehicle-docs/requests/{code}/files", { params: { code }, form }, onProgress);
}

export type VehicleDocFileRow = AdminAnswer<"/vehicle-docs/requests/{code}/files">["items"][number];

/** The insurers of comprehensive motor insurance, withdrawn ones too (decision 031). */
export const vehicleDocInsurersQuery = () => ({
  queryKey: ["admin", "vehicle-doc-insurers"] as const,
  queryFn: () => adminApi("/vehicle-docs/insurers"),
});

/** Changes an insurer's rate (percent), minimum premium (naira) or availability; the API audits it. */
export const updateVehicleDocInsurer = (
  id: number,
  body: { rate?: number; minimum_premium?: number; active?: boolean },
) => adminApi("/vehicle-docs/insurers/{id}", { params: { id }, method: "PUT", body });

export type VehicleDocInsurerRow = AdminAnswer<"/vehicle-docs/insurers">[number];
