import type { PlainPathFor, QueryParams } from "../../../lib/api";
import { adminDownload, type AdminPaths } from "../api";
import { filenameFromDisposition, saveBlob } from "../../../lib/save-file";

/** A back-office list's route (under /api/v1/admin) that also answers `format=csv`. */
export type CsvPath = PlainPathFor<AdminPaths, "GET">;

/** `name-2026-11-25.csv`: the date of the download, so two exports do not overwrite each other. */
export function csvFilename(base: string, now = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Downloads an admin report as CSV: `format=csv` on the route, with the bearer token, which a
 * plain link cannot send. The body becomes a blob behind an object URL that a temporary link
 * with `download` saves under the server's file name, else `filename`.
 */
export async function downloadCsv(path: CsvPath, query: QueryParams, filename: string): Promise<void> {
  const { blob, disposition } = await adminDownload(path, {
    query: { ...query, format: "csv" },
    accept: "text/csv, application/json",
  });
  saveBlob(blob, filenameFromDisposition(disposition) ?? filename);
}
