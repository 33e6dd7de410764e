/**
 * Saving a file the API sent (a CSV, a PDF, a wallet pass) that a plain link cannot fetch (the
 * request needs the bearer token): the body becomes a blob behind an object URL that a temporary
 * link with `download` saves.
 */

/** Saves `blob` under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the blob can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

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
