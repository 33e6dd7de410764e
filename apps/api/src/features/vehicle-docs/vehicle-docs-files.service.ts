/**
 * A vehicle document request's files (decisions 031 and 032): the driver's uploads (current
 * papers, a means of identification) and the scans of the issued papers staff send back. The bytes
 * go to the private file storage under a random key; answers carry short-lived signed links bound
 * to the caller, never keys. Ninety days after a request is closed its files are deleted.
 */
import {
  VEHICLE_DOC_FILE_LABEL_MAX,
  VEHICLE_DOC_FILES_MAX,
  type VehicleDocFile,
  type VehicleDocFileKind,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import {
  newPrivateFileKey,
  ownerAudience,
  purgeExpiredFiles,
  staffAudience,
  type DocumentType,
  type PrivateFileStorage,
} from "../../lib/private-files";
import * as repo from "./vehicle-docs-files.repo";
import type { FileRow } from "./vehicle-docs-files.repo";
import { lockRequest, requestByCode, type RequestRow } from "./vehicle-docs.repo";
import { moveRequest, requestNotFound, type VehicleDocDeps } from "./vehicle-docs.service";
import { presentVehicleDocFile, type LinkHolder } from "./vehicle-docs-files.present";

export const FILE_LABEL_REQUIRED_MESSAGE =
  "Say what the file is: current papers, means of identification, or in your own words";
export const FILE_LABEL_TOO_LONG_MESSAGE = "Describe the file in at most 60 characters";
export const FILE_LABEL_INVALID_MESSAGE = "The file's description has characters that cannot be kept";
export const FILES_CLOSED_MESSAGE = "This request is closed: no more files can be added to it";
export const FILES_FULL_MESSAGE = "This request already holds 10 files of this kind";
export const FILE_KIND_REFUSED_MESSAGE = "Only staff send the scans of the issued papers";

/** Stages after which nothing more is uploaded. */
const CLOSED = ["delivered", "cancelled", "refunded"];

export interface VehicleDocFileDeps extends VehicleDocDeps {
  storage: PrivateFileStorage;
  /** The links' signing secret (QR_SIGNING_SECRET). */
  secret: string;
}

/** What a multipart upload carried: the checked document and the form's text fields. */
export interface FileUpload {
  bytes: Buffer;
  type: DocumentType;
  fields: Record<string, string>;
}

/** The label as kept: trimmed, 1 to 60 characters, no control characters (422 otherwise). */
export function labelOf(raw: string | undefined): string {
  const label = (raw ?? "").trim();
  if (!label) throw AppError.validation({ label: FILE_LABEL_REQUIRED_MESSAGE });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(label)) throw AppError.validation({ label: FILE_LABEL_INVALID_MESSAGE });
  if ([...label].length > VEHICLE_DOC_FILE_LABEL_MAX) {
    throw AppError.validation({ label: FILE_LABEL_TOO_LONG_MESSAGE });
  }
  return label;
}

const driverLink = (userId: string): LinkHolder => ({ audience: ownerAudience(userId) });
/** Staff's links need vehicle_docs.view, checked again each time a link is used (decision 032). */
const staffLink = (staffId: string): LinkHolder => ({
  audience: staffAudience(staffId),
  permission: "vehicle_docs.view",
});

async function page(deps: VehicleDocFileDeps, r: RequestRow, holder: LinkHolder, q: PageQuery) {
  const { rows, total } = await repo.filesPage(deps.db, r.id, { limit: q.size, offset: offsetOf(q) });
  const now = deps.clock();
  return listPage(
    rows.map((f) => presentVehicleDocFile(r, f, holder, now, deps.secret)),
    total,
    q,
  );
}

/** The driver's own request's files, each with a link for them (another driver's request: 404). */
export async function listOwnFiles(deps: VehicleDocFileDeps, userId: string, code: string, q: PageQuery) {
  const r = await requestByCode(deps.db, code, userId);
  if (!r) throw requestNotFound();
  return page(deps, r, driverLink(userId), q);
}

/** A request's files for staff with vehicle_docs.view, each with a link for that staff member. */
export async function listFilesForStaff(
  deps: VehicleDocFileDeps,
  staffId: string,
  code: string,
  q: PageQuery,
) {
  const r = await requestByCode(deps.db, code);
  if (!r) throw requestNotFound();
  return page(deps, r, staffLink(staffId), q);
}

/** The request a driver may upload to: their own (404 otherwise). Read before the upload is. */
export async function requireOwnRequest(db: Db, userId: string, code: string): Promise<void> {
  if (!(await requestByCode(db, code, userId))) throw requestNotFound();
}

export async function requireRequest(db: Db, code: string): Promise<void> {
  if (!(await requestByCode(db, code))) throw requestNotFound();
}

/** The row's checks and insert, under the request's row lock: open, fewer than 10 of the kind. */
async function insertChecked(
  tx: Tx,
  r: RequestRow,
  values: { kind: VehicleDocFileKind; label: string; key: string; upload: FileUpload; by: string; at: Date },
): Promise<FileRow> {
  if (CLOSED.includes(r.stage)) throw new AppError(409, "request_closed", FILES_CLOSED_MESSAGE);
  if ((await repo.countOfKind(tx, r.id, values.kind)) >= VEHICLE_DOC_FILES_MAX) {
    throw new AppError(409, "too_many_files", FILES_FULL_MESSAGE);
  }
  return repo.insertFile(tx, {
    requestId: r.id,
    kind: values.kind,
    label: values.label,
    storageKey: values.key,
    contentType: values.upload.type,
    sizeBytes: values.upload.bytes.length,
    uploadedBy: values.by,
    createdAt: values.at,
  });
}

/**
 * Stores the file, then records it under the request's row lock; a refused record removes the
 * stored file again. A driver's upload while staff asked for more information is the answer: the
 * request goes back to be checked (the label is the answer's text), in the same transaction.
 */
async function store(
  deps: VehicleDocFileDeps,
  code: string,
  kind: VehicleDocFileKind,
  actor: { role: "driver" | "staff"; userId: string },
  upload: FileUpload,
): Promise<{ request: RequestRow; file: FileRow }> {
  const label = labelOf(upload.fields.label);
  const known = await requestByCode(deps.db, code, actor.role === "driver" ? actor.userId : undefined);
  if (!known) throw requestNotFound();
  const key = newPrivateFileKey(`vehicle-docs/${known.id}`, upload.type);
  await deps.storage.put(key, upload.bytes, upload.type);
  const at = deps.clock();
  const values = { kind, label, key, upload, by: actor.userId, at };
  const plain = () =>
    deps.db.transaction(async (tx) => {
      const r = await lockRequest(tx, code);
      if (!r || (actor.role === "driver" && r.userId !== actor.userId)) throw requestNotFound();
      return { request: r, file: await insertChecked(tx, r, values) };
    });
  try {
    if (actor.role === "driver" && known.stage === "info_needed") {
      let file: FileRow | undefined;
      try {
        const request = await moveRequest(
          deps,
          { code, to: "submitted", actor, answer: label },
          async (tx, before) => {
            file = await insertChecked(tx, before, values);
          },
        );
        return { request, file: file! };
      } catch (err) {
        // Staff moved it meanwhile: the upload is then a plain one.
        if (!(err instanceof AppError && err.code === "stage_refused")) throw err;
      }
    }
    return await plain();
  } catch (err) {
    await deps.storage.remove(key);
    throw err;
  }
}

/** A driver's upload to their own open request (current papers, identification): its file with a link. */
export async function uploadOwn(
  deps: VehicleDocFileDeps,
  userId: string,
  code: string,
  upload: FileUpload,
): Promise<VehicleDocFile> {
  const kind = upload.fields.kind;
  if (kind !== undefined && kind !== "driver_upload") {
    throw new AppError(403, "kind_refused", FILE_KIND_REFUSED_MESSAGE);
  }
  const { request, file } = await store(deps, code, "driver_upload", { role: "driver", userId }, upload);
  return presentVehicleDocFile(request, file, driverLink(userId), deps.clock(), deps.secret);
}

/** Staff send a scan of the issued papers: the driver sees it in their list (kind issued_scan). */
export async function uploadIssuedScan(
  deps: VehicleDocFileDeps,
  staffId: string,
  code: string,
  upload: FileUpload,
): Promise<VehicleDocFile> {
  const { request, file } = await store(
    deps,
    code,
    "issued_scan",
    { role: "staff", userId: staffId },
    upload,
  );
  return presentVehicleDocFile(request, file, staffLink(staffId), deps.clock(), deps.secret);
}

/**
 * The retention job: files of requests delivered, cancelled or refunded 90 days ago or more are
 * removed from the storage and marked purged. Answers how many it removed.
 */
export function purgeVehicleDocFiles(db: Db, storage: PrivateFileStorage, clock: Clock): Promise<number> {
  return purgeExpiredFiles(storage, clock, {
    due: (cutoff, limit) => repo.dueKeys(db, cutoff, limit),
    purged: (keys) => repo.markPurged(db, keys, clock()),
  });
}
