/**
 * A CSV cell and line as spreadsheets read them (RFC 4180, CRLF): quoted when needed, and a text
 * starting with = + - @ is prefixed with ' so that no spreadsheet runs it as a formula. Used by
 * every CSV export (the back office's reports, a company's bookings and statements).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(",")}\r\n`;
