import type { PlainPathFor, QueryParams } from "../../../lib/api";
import { adminDownload, type AdminPaths } from "../api";

/** A back-office list's route (under /api/v1/admin) that also answers `format=csv`. */
export type CsvPath = PlainPathFor<AdminPaths, "GET">;

/** The file name a response names in Content-Disposition (`filename="x.csv"` or `filename*=UTF-8''x.csv`). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A badly encoded name: fall through to the plain one.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}

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
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filenameFromDisposition(disposition) ?? filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the blob can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
