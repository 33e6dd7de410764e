/**
 * A company's money and dashboard, as its owners and admins see it (/business/:id/...): the
 * wallet and billing mode, the month's spend, the bookings and receipts it paid, its statements.
 */
import type { CompanyBillingMode } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, apiDownload, ApiError } from "../../lib/api";
import { saveBlob } from "../../lib/save-file";

export const DASHBOARD_PAGE_SIZE = 20;

/** A refusal (403, 404, a bad filter) is an answer, not a failure to retry. */
const retry = (count: number, err: unknown) => count < 1 && !(err instanceof ApiError && err.status < 500);

export const companyWalletQuery = (id: number) =>
  queryOptions({
    queryKey: ["business", id, "wallet"],
    queryFn: ({ signal }) => api("/business/companies/{id}/wallet", { params: { id }, signal }),
    retry,
  });

/** The statement's month for the page: the account's opening and closing balances, the moves between. */
export const companyStatementBalancesQuery = (id: number, month: string) =>
  queryOptions({
    queryKey: ["business", id, "statement", month],
    queryFn: ({ signal }) =>
      api("/business/companies/{id}/statements/{month}/balances", { params: { id, month }, signal }),
    retry,
  });

export const companySpendQuery = (id: number, month: string) =>
  queryOptions({
    queryKey: ["business", id, "spend", month],
    queryFn: ({ signal }) =>
      api("/business/companies/{id}/spend", { params: { id }, query: { month }, signal }),
    retry,
  });

/** The bookings list's filters as the URL keeps them. */
export interface BookingFilters {
  from: string;
  to: string;
  status: "" | "active" | "completed" | "cancelled";
  /** A member's or a park's bookings (the overview links to a member's). */
  member: number | null;
  park: number | null;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STATUSES = ["active", "completed", "cancelled"] as const;

export function bookingFiltersOf(params: URLSearchParams): BookingFilters {
  const day = (name: string) => {
    const v = params.get(name) ?? "";
    return DAY.test(v) ? v : "";
  };
  const status = params.get("status") ?? "";
  const page = Number(params.get("page"));
  return {
    from: day("from"),
    to: day("to"),
    status: (STATUSES as readonly string[]).includes(status) ? (status as BookingFilters["status"]) : "",
    member: companyIdOf(params.get("member_id") ?? undefined),
    park: companyIdOf(params.get("park_id") ?? undefined),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

const bookingQuery = (f: BookingFilters) => ({
  from: f.from,
  to: f.to,
  status: f.status,
  member_id: f.member ?? undefined,
  park_id: f.park ?? undefined,
});

export const companyBookingsQuery = (id: number, f: BookingFilters) =>
  queryOptions({
    queryKey: ["business", id, "bookings", f],
    queryFn: ({ signal }) =>
      api("/business/companies/{id}/bookings", {
        params: { id },
        query: { ...bookingQuery(f), page: f.page, size: DASHBOARD_PAGE_SIZE },
        signal,
      }),
    retry,
  });

export const companyReceiptsQuery = (id: number, month: string, page: number) =>
  queryOptions({
    queryKey: ["business", id, "receipts", month, page],
    queryFn: ({ signal }) =>
      api("/business/companies/{id}/receipts", {
        params: { id },
        query: { month, page, size: DASHBOARD_PAGE_SIZE },
        signal,
      }),
    retry,
  });

export const setCompanyBilling = (id: number, billing: CompanyBillingMode) =>
  api("/business/companies/{id}/billing", { method: "PATCH", params: { id }, body: { billing } });

export const startCompanyTopUp = (id: number, amount: number, key: string) =>
  api("/business/companies/{id}/top-ups", {
    method: "POST",
    params: { id },
    body: { amount },
    headers: { "idempotency-key": key },
  });

export const verifyCompanyTopUp = (id: number, reference: string) =>
  api("/business/companies/{id}/top-ups/{reference}/verify", { method: "POST", params: { id, reference } });

export async function downloadBookingsCsv(id: number, f: BookingFilters): Promise<void> {
  const { blob } = await apiDownload("/business/companies/{id}/bookings", {
    params: { id },
    query: { ...bookingQuery(f), format: "csv" },
    accept: "text/csv",
  });
  saveBlob(blob, `company-${id}-bookings.csv`);
}

export async function downloadStatement(id: number, month: string, kind: "pdf" | "csv", lang: string) {
  const { blob } =
    kind === "pdf"
      ? await apiDownload("/business/companies/{id}/statements/{month}.pdf", {
          params: { id, month },
          query: { lang: lang === "fr" ? "fr" : "en" },
          accept: "application/pdf",
        })
      : await apiDownload("/business/companies/{id}/statements/{month}.csv", {
          params: { id, month },
          accept: "text/csv",
        });
  saveBlob(blob, `statement-${id}-${month}.${kind}`);
}

/** The month (YYYY-MM) `at` is in on `timeZone`'s clock. */
export function monthOn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
  }).formatToParts(at);
  return `${parts.find((p) => p.type === "year")?.value}-${parts.find((p) => p.type === "month")?.value}`;
}

/** "November 2026" in `language`. */
export function monthLabel(month: string, language: string): string {
  return new Intl.DateTimeFormat(language, { year: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const isMonth = (v: string | null): v is string => !!v && MONTH.test(v);

/** A positive whole id (the company's in the route, a member's or park's in the query), or null. */
export function companyIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** One of the company's receipts as its PDF, in the page's language. */
export async function downloadCompanyReceipt(id: number, number: string, lang: string): Promise<void> {
  const { blob } = await apiDownload("/business/companies/{id}/receipts/{number}.pdf", {
    params: { id, number },
    query: { lang: lang === "fr" ? "fr" : "en" },
    accept: "application/pdf",
  });
  saveBlob(blob, `${number}.pdf`);
}
