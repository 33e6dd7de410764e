import { REPORT_KINDS, type ReportKind, type ReportPage } from "@parkwell/contract";
import { adminApi, type AdminAnswer } from "../api";

export const REPORT_FILTERS = ["from", "to", "park_id", "status"] as const;
export type ReportFilters = Record<(typeof REPORT_FILTERS)[number], string>;

export function isReportKind(kind: string | undefined): kind is ReportKind {
  return (REPORT_KINDS as readonly string[]).includes(kind ?? "");
}

/** The filters that apply to a report (credit balance: none; occupancy: no status). */
export function queryOf(kind: ReportKind, f: ReportFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (kind !== "credit-balance") {
    if (f.from) q.from = f.from;
    if (f.to) q.to = f.to;
  }
  if (f.park_id && (kind === "sales" || kind === "bookings" || kind === "occupancy")) q.park_id = f.park_id;
  if (f.status && kind !== "occupancy" && kind !== "credit-balance") q.status = f.status;
  return q;
}

/**
 * Each report's documented answer is the contract's page of that report: a report whose
 * document and contract types part fails the typecheck here, so the pages may read the latter.
 */
const _documentedAsContract: {
  [K in ReportKind]: AdminAnswer<`/reports/${K}`> extends ReportPage<K> ? true : false;
} = {
  sales: true,
  bookings: true,
  occupancy: true,
  transactions: true,
  "credit-balance": true,
  payouts: true,
};

export function reportQuery<K extends ReportKind>(kind: K, f: ReportFilters, page: number, size: number) {
  const params = new URLSearchParams({ ...queryOf(kind, f), page: String(page), size: String(size) });
  return {
    queryKey: ["admin", "reports", kind, f, page, size] as const,
    // The kind's own page (checked above): TypeScript does not tie the union's member to K.
    queryFn: () =>
      adminApi(`/reports/${kind as ReportKind}`, { query: params.toString() }) as Promise<ReportPage<K>>,
  };
}
