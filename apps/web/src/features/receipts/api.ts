import {
  purchaseKindOfCode,
  purchaseKindOfReceipt,
  purchasePage,
  RECEIPT_KINDS,
  type ReceiptKind,
} from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, apiDownloadLink, ApiError } from "../../lib/api";
import { saveBlob } from "../../lib/save-file";

export const RECEIPTS_PAGE_SIZE = 20;

/** The list's filters as the URL keeps them (`?from=2026-11-01&to=2026-11-30&kind=booking&page=2`). */
export interface ReceiptFilters {
  from: string;
  to: string;
  kind: ReceiptKind | "";
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a URL's query gives; anything unreadable is no filter. */
export function filtersOf(params: URLSearchParams): ReceiptFilters {
  const day = (name: string) => {
    const v = params.get(name) ?? "";
    return DAY.test(v) ? v : "";
  };
  const kind = params.get("kind") ?? "";
  const page = Number(params.get("page"));
  return {
    from: day("from"),
    to: day("to"),
    kind: (RECEIPT_KINDS as readonly string[]).includes(kind) ? (kind as ReceiptKind) : "",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export const receiptsQuery = (f: ReceiptFilters) =>
  queryOptions({
    queryKey: ["receipts", "list", f],
    queryFn: ({ signal }) =>
      api("/receipts", {
        query: { from: f.from, to: f.to, kind: f.kind, page: f.page, size: RECEIPTS_PAGE_SIZE },
        signal,
      }),
    // A refused filter (the first day after the last) is an answer, not a failure to retry.
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status < 500),
  });

/** One receipt: its lines are worded in the language shown, so the key names it. */
export const receiptQuery = (number: string, language: string) =>
  queryOptions({
    queryKey: ["receipts", "detail", number, language],
    queryFn: ({ signal }) => api("/receipts/{number}", { params: { number }, signal }),
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status === 404),
  });

/**
 * Saves the receipt's PDF: its `pdf_url` fetched with the bearer token (a plain link cannot send
 * it), the body a blob behind an object URL that a temporary link with `download` saves.
 */
export async function downloadReceiptPdf(pdfUrl: string, number: string): Promise<void> {
  const { blob } = await apiDownloadLink(pdfUrl, "application/pdf");
  saveBlob(blob, `${number}.pdf`);
}

/**
 * The page of the purchase a receipt is for: its kind's purchase kind (the one whose
 * `receiptKinds` name it). Null for a top-up, and for a credit note, whose purchase is the receipt
 * it reverses.
 */
export function purchasePath(kind: ReceiptKind, reference: string): string | null {
  const purchase = purchaseKindOfReceipt(kind);
  if (!purchase) return null;
  // The code names its purchase: a pass visit's overstay is receipted as an overstay, under the pass's code.
  return purchasePage(purchaseKindOfCode(reference) ?? purchase, encodeURIComponent(reference));
}
