/**
 * A vehicle document request's file as the API answers it (pure): its kind, size and who sent it,
 * and a short-lived link signed for the caller, never its storage key.
 */
import { type VehicleDocFile, type Permission, type VehicleDocFileKind } from "@parkwell/contract";
import { issueFileLink } from "../../lib/private-files";
import type { FileRow } from "./vehicle-docs-files.repo";
import type { RequestRow } from "./vehicle-docs.repo";

const EXTENSION: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/** Who a file's link is for: the driver, or a staff member under the permission to see the files. */
export interface LinkHolder {
  audience: string;
  permission?: Permission;
}

export function presentVehicleDocFile(
  r: RequestRow,
  f: FileRow,
  holder: LinkHolder,
  now: Date,
  secret: string,
): VehicleDocFile {
  const name = `${r.code}-${f.id}.${EXTENSION[f.contentType]}`;
  return {
    id: f.id,
    kind: f.kind as VehicleDocFileKind,
    label: f.label,
    content_type: f.contentType as VehicleDocFile["content_type"],
    size_bytes: f.sizeBytes,
    uploaded_by: f.kind === "issued_scan" ? "staff" : "driver",
    created_at: f.createdAt.toISOString(),
    link: f.storageKey
      ? issueFileLink(f.storageKey, holder.audience, now, secret, name, holder.permission)
      : null,
    purged_at: f.purgedAt?.toISOString() ?? null,
  };
}
