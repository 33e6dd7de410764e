import { PAYOUT_STATUSES, type Payout } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { formatMoney } from "../../../lib/format";
import { browserTimeZone, formatZonedDateTime, formatZonedDay } from "../../../lib/zoned-time";
import { useAdminMe, useCan } from "../me";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { payoutOperatorsQuery, payoutsQuery } from "./api";
import { PayoutHolds } from "./payout-holds";
import "./payouts.css";

const FILTERS = ["operator_id", "country", "status", "from", "to"] as const;

/**
 * /admin/payouts: the payouts by operator, country, status and period, with each one's reason
 * (why it waits, or the provider's words); Parkwell's admin holds and releases an operator's payouts.
 */
export function PayoutsPage() {
  const { t, i18n } = useTranslation("admin-payouts");
  const me = useAdminMe();
  const can = useCan();
  const isParkwell = me.data?.operator === null;
  const filters = useUrlFilters(FILTERS);
  const { page, size } = usePageParams();
  const query = Object.fromEntries(
    Object.entries({ ...filters.applied, page, size }).filter(([, v]) => v !== ""),
  ) as Record<string, string | number>;
  const list = useQuery({ ...payoutsQuery(query), placeholderData: keepPreviousData });
  const operators = useQuery(payoutOperatorsQuery());
  const day = (iso: string, zone: string) => formatZonedDay(iso, i18n.language, zone);
  const columns: Column<Payout>[] = [
    ...(isParkwell
      ? [{ key: "operator", header: t("payouts.columns.operator"), cell: (p: Payout) => p.operator.name }]
      : []),
    {
      key: "period",
      header: t("payouts.columns.period"),
      // [start, end): the last day is the one before the end's instant, on the statement's clock.
      cell: (p) =>
        t("payouts.period", {
          start: day(p.period_start, p.time_zone),
          end: day(new Date(new Date(p.period_end).getTime() - 1).toISOString(), p.time_zone),
        }),
    },
    {
      key: "amount",
      header: t("payouts.columns.amount"),
      numeric: true,
      cell: (p) => formatMoney(p.amount, p.currency, i18n.language),
    },
    {
      key: "status",
      header: t("payouts.columns.status"),
      cell: (p) => (
        <>
          <span className={`po-badge po-badge--${p.status}`}>{t(`payoutStatus.${p.status}`)}</span>
          {p.reason && <p className="po-muted">{p.reason}</p>}
        </>
      ),
    },
    {
      key: "account",
      header: t("payouts.columns.account"),
      cell: (p) =>
        p.account ? (
          <>
            {p.account.holder_name}
            <br />
            <span className="po-muted">
              {t("accounts.ending", { last4: p.account.last4 })}
              {p.account.bank_name ? ` · ${p.account.bank_name}` : ""}
            </span>
          </>
        ) : (
          "—"
        ),
    },
    {
      key: "when",
      header: t("payouts.columns.when"),
      cell: (p) =>
        formatZonedDateTime(p.settled_at ?? p.sent_at ?? p.created_at, i18n.language, browserTimeZone()),
    },
  ];
  return (
    <>
      <PageHeader title={t("payouts.title")} description={t("payouts.description")} />
      <PayoutHolds editable={can("payouts.update")} />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        {isParkwell && (
          <SelectField
            label={t("payouts.filters.operator")}
            value={filters.draft.operator_id}
            onChange={(e) => filters.set("operator_id", e.target.value)}
            options={[
              ["", t("payouts.filters.any")],
              ...(operators.data?.items ?? []).map((o) => [String(o.id), o.name] as const),
            ]}
          />
        )}
        {isParkwell && (
          <TextField
            label={t("payouts.filters.country")}
            value={filters.draft.country}
            maxLength={2}
            autoComplete="off"
            onChange={(e) => filters.set("country", e.target.value)}
          />
        )}
        <SelectField
          label={t("payouts.filters.status")}
          value={filters.draft.status}
          onChange={(e) => filters.set("status", e.target.value)}
          options={[
            ["", t("payouts.filters.any")],
            ...PAYOUT_STATUSES.map((s) => [s, t(`payoutStatus.${s}`)] as const),
          ]}
        />
        <TextField
          label={t("payouts.filters.from")}
          type="date"
          value={filters.draft.from}
          onChange={(e) => filters.set("from", e.target.value)}
        />
        <TextField
          label={t("payouts.filters.to")}
          type="date"
          value={filters.draft.to}
          onChange={(e) => filters.set("to", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("payouts.title")}
        columns={columns}
        rowKey={(p) => p.id}
        query={list}
        emptyText={t("payouts.empty")}
        cards
      />
    </>
  );
}
