import { CLAIM_REASONS, type AdminClaim } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Route, Routes } from "react-router";
import { SelectField } from "../../../components/ui/form-field";
import { formatMoney } from "../../../lib/format";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { adminApi } from "../api";
import { AdminNotFoundPage } from "../status-pages";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { ParkPicker } from "../ui/park-picker";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { ClaimDetailPage } from "./claim-detail";
import "../../../components/claims/claims.css";

const FILTERS = ["status", "reason", "overdue", "park_id"] as const;
const STATUSES = ["open", "decided", "any"] as const;
type Status = (typeof STATUSES)[number];
type Reason = (typeof CLAIM_REASONS)[number];

/** /admin/claims and /admin/claims/{id}: the queue and a claim with its evidence and decision. */
export function AdminClaimsPage() {
  return (
    <Routes>
      <Route index element={<ClaimsQueue />} />
      <Route path=":id" element={<ClaimDetailPage />} />
      <Route path="*" element={<AdminNotFoundPage />} />
    </Routes>
  );
}

const queueQuery = (filters: Record<(typeof FILTERS)[number], string>, page: number, size: number) => ({
  queryKey: ["admin", "claims", filters, page, size],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi("/claims", {
      query: {
        status: (STATUSES as readonly string[]).includes(filters.status)
          ? (filters.status as Status)
          : "open",
        reason: (CLAIM_REASONS as readonly string[]).includes(filters.reason)
          ? (filters.reason as Reason)
          : undefined,
        overdue: filters.overdue === "true" ? "true" : undefined,
        park_id: filters.park_id ? Number(filters.park_id) : undefined,
        page,
        size,
      },
      signal,
    }),
});

/**
 * The queue of drivers' claims at the user's parks: open ones first by the time they are due (the
 * overdue marked), each opening its page; filters in the URL.
 */
function ClaimsQueue() {
  const { t, i18n } = useTranslation(["admin-claims", "claims"]);
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...queueQuery(applied, page, size), placeholderData: keepPreviousData });
  const at = (c: AdminClaim, iso: string) => formatZonedDateTime(iso, i18n.language, c.time_zone);
  const columns: Column<AdminClaim>[] = [
    {
      key: "code",
      header: t("queue.claim"),
      cell: (c) => <Link to={`/admin/claims/${c.id}`}>{c.code}</Link>,
    },
    { key: "reason", header: t("queue.reason"), cell: (c) => t(`claims:reasons.${c.reason}`) },
    {
      key: "parking",
      header: t("queue.parking"),
      cell: (c) => `${c.booking?.code ?? c.pass?.code ?? ""} · ${c.park.name}`,
    },
    { key: "filed", header: t("queue.filed"), cell: (c) => at(c, c.filed_at) },
    {
      key: "due",
      header: t("queue.due"),
      cell: (c) =>
        c.overdue ? (
          <strong className="claim-overdue">{t("queue.overdue", { date: at(c, c.due_at) })}</strong>
        ) : (
          at(c, c.due_at)
        ),
    },
    { key: "status", header: t("queue.status"), cell: (c) => t(`claims:status.${c.status}`) },
    {
      key: "paid",
      header: t("queue.paid"),
      numeric: true,
      cell: (c) => formatMoney(c.paid, c.currency, i18n.language),
    },
  ];
  return (
    <>
      <PageHeader title={t("queue.title")} description={t("queue.description")} />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <SelectField
          label={t("queue.status")}
          value={draft.status || "open"}
          onChange={(e) => set("status", e.target.value === "open" ? "" : e.target.value)}
          options={STATUSES.map((s) => [s, t(`queue.statuses.${s}`)] as const)}
        />
        <SelectField
          label={t("queue.reason")}
          value={draft.reason}
          onChange={(e) => set("reason", e.target.value)}
          options={[
            ["", t("queue.anyReason")],
            ...CLAIM_REASONS.map((r) => [r, t(`claims:reasons.${r}`)] as const),
          ]}
        />
        <SelectField
          label={t("queue.overdueFilter")}
          value={draft.overdue}
          onChange={(e) => set("overdue", e.target.value)}
          options={[
            ["", t("queue.anyTime")],
            ["true", t("queue.onlyOverdue")],
          ]}
        />
        <ParkPicker
          permission="claims.view"
          status="any"
          value={draft.park_id}
          onChange={(v) => set("park_id", v)}
        />
      </FilterBar>
      <DataTable
        caption={t("queue.title")}
        columns={columns}
        rowKey={(c) => c.id}
        query={list}
        emptyText={t("queue.empty")}
        cards
      />
    </>
  );
}
