import {
  ORDER_STAGES,
  SALES_REPORT_GROUPS,
  type MarketItemsReport,
  type MarketItemsRow,
  type MarketReportKind,
  type MarketSalesReport,
  type MarketSalesRow,
} from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { countryLabel, formatMoney, formatNumber } from "../../../lib/format";
import { countriesQuery } from "../../../lib/queries";
import { adminApi } from "../api";
import { categoryOptionsQuery } from "../marketplace/api";
import { loc } from "./format";
import { CsvExportButton } from "../ui/csv-button";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";

const FILTERS = ["from", "to", "country", "stage", "group", "category_id"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** The filters a marketplace report takes. */
function queryOf(kind: MarketReportKind, f: Filters): Record<string, string> {
  const q: Record<string, string> = {};
  for (const key of ["from", "to", "country"] as const) if (f[key]) q[key] = f[key];
  if (kind === "market-sales") {
    if (f.stage) q.stage = f.stage;
    if (f.group) q.group = f.group;
  } else if (f.category_id) q.category_id = f.category_id;
  return q;
}

/**
 * The marketplace's Sales Report (per day or per order) and Items Report (units and revenue per
 * item), as the other reports: filters in the URL, page sizes, totals per currency and CSV.
 */
export function MarketReport({ kind, tabs }: { kind: MarketReportKind; tabs: ReactNode }) {
  const path = kind === "market-sales" ? "/orders/reports/sales" : "/orders/reports/items";
  const { t, i18n } = useTranslation(["admin-reports", "admin-marketplace"]);
  const lang = i18n.language;
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const query = queryOf(kind, applied);
  const list = useQuery({
    queryKey: ["admin", "reports", kind, query, page, size] as const,
    queryFn: () =>
      adminApi(path, {
        query: new URLSearchParams({ ...query, page: String(page), size: String(size) }).toString(),
      }),
    placeholderData: keepPreviousData,
  });
  const countries = useQuery(countriesQuery());
  const categories = useQuery({ ...categoryOptionsQuery, enabled: kind === "market-items" });
  const money = (amount: number, currency: string) => formatMoney(amount, currency, lang);
  const m = (key: string) => `admin-marketplace:reports.${key}`;
  const byOrder = kind === "market-sales" && applied.group === "order";

  const salesColumns: Column<MarketSalesRow>[] = [
    byOrder
      ? {
          key: "order",
          header: t(m("columns.order")),
          cell: (r) => <span className="report-code">{r.order_code}</span>,
        }
      : { key: "day", header: t(m("columns.day")), cell: (r) => r.day },
    ...(byOrder
      ? [
          { key: "day", header: t(m("columns.day")), cell: (r: MarketSalesRow) => r.day },
          {
            key: "stage",
            header: t(m("columns.stage")),
            cell: (r: MarketSalesRow) => (r.stage ? t(`admin-marketplace:stages.${r.stage}`) : "—"),
          },
        ]
      : []),
    { key: "country", header: t(m("columns.country")), cell: (r) => r.country_code },
    {
      key: "orders",
      header: t(m("columns.orders")),
      numeric: true,
      cell: (r) => formatNumber(r.orders, lang),
    },
    {
      key: "subtotal",
      header: t(m("columns.subtotal")),
      numeric: true,
      cell: (r) => money(r.subtotal, r.currency),
    },
    {
      key: "discounts",
      header: t(m("columns.discounts")),
      numeric: true,
      cell: (r) => money(r.discounts, r.currency),
    },
    {
      key: "delivery",
      header: t(m("columns.delivery")),
      numeric: true,
      cell: (r) => money(r.delivery, r.currency),
    },
    { key: "tax", header: t(m("columns.tax")), numeric: true, cell: (r) => money(r.tax, r.currency) },
    { key: "total", header: t(m("columns.total")), numeric: true, cell: (r) => money(r.total, r.currency) },
    {
      key: "refunded",
      header: t(m("columns.refunded")),
      numeric: true,
      cell: (r) => money(r.refunded, r.currency),
    },
    {
      key: "net",
      header: t(m("columns.net")),
      numeric: true,
      cell: (r) => <strong>{money(r.net, r.currency)}</strong>,
    },
  ];
  const itemColumns: Column<MarketItemsRow>[] = [
    {
      key: "item",
      header: t(m("columns.item")),
      cell: (r) => (
        <>
          <strong>{r.name}</strong>
          {r.variation_name && <> · {r.variation_name}</>}
          <br />
          <span className="report-muted">
            {t(`admin-marketplace:kinds.${r.kind}`)} · {r.category}
          </span>
        </>
      ),
    },
    { key: "country", header: t(m("columns.country")), cell: (r) => r.country_code },
    {
      key: "sold",
      header: t(m("columns.sold")),
      numeric: true,
      cell: (r) => formatNumber(r.units_sold, lang),
    },
    {
      key: "returned",
      header: t(m("columns.returned")),
      numeric: true,
      cell: (r) => formatNumber(r.units_returned, lang),
    },
    {
      key: "revenue",
      header: t(m("columns.revenue")),
      numeric: true,
      cell: (r) => <strong>{money(r.revenue, r.currency)}</strong>,
    },
  ];

  const data = list.data;
  return (
    <>
      <PageHeader
        title={t(m(`${kind}.title`))}
        description={t(m(`${kind}.description`))}
        actions={<CsvExportButton path={path} query={query} filename={`parkwell-${kind}`} />}
      />
      {tabs}
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <TextField
          type="date"
          label={t("filters.from")}
          value={draft.from}
          max={draft.to || undefined}
          onChange={(e) => set("from", e.target.value)}
        />
        <TextField
          type="date"
          label={t("filters.to")}
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => set("to", e.target.value)}
        />
        <SelectField
          label={t(m("columns.country"))}
          options={[
            ["", t("admin-marketplace:filters.anyCountry")],
            ...(countries.data ?? []).map((c) => [c.code, countryLabel(t, c)] as const),
          ]}
          value={draft.country}
          onChange={(e) => set("country", e.target.value)}
        />
        {kind === "market-sales" ? (
          <>
            <SelectField
              label={t(m("columns.stage"))}
              options={[
                ["", t("admin-marketplace:orders.allStages")],
                ...ORDER_STAGES.map((s) => [s, t(`admin-marketplace:stages.${s}`)] as const),
              ]}
              value={draft.stage}
              onChange={(e) => set("stage", e.target.value)}
            />
            <SelectField
              label={t(m("group"))}
              options={SALES_REPORT_GROUPS.map((g) => [g === "day" ? "" : g, t(m(`groups.${g}`))] as const)}
              value={draft.group}
              onChange={(e) => set("group", e.target.value)}
            />
          </>
        ) : (
          <SelectField
            label={t(m("columns.category"))}
            options={[
              ["", t(m("anyCategory"))],
              ...(categories.data?.items ?? []).map((c) => [String(c.id), loc(c.name, lang)] as const),
            ]}
            value={draft.category_id}
            onChange={(e) => set("category_id", e.target.value)}
          />
        )}
      </FilterBar>
      {data && <p className="report-muted report-range">{t(m("range"), { from: data.from, to: data.to })}</p>}
      {data && data.totals.length > 0 && (
        <section className="report-totals" aria-label={t("totals.label")}>
          {data.totals.map((row) => {
            const currency = String(row.currency);
            const fields = Object.keys(row).filter((k) => k !== "currency" && typeof row[k] === "number");
            return (
              <dl key={currency} className="report-card">
                <dt className="report-card__label">{currency}</dt>
                <dd className="report-muted">{t(m("totalsNote"))}</dd>
                {fields.map((f) => (
                  <div key={f} className="report-totals__line">
                    <dt>{t(m(`totals.${f}`), { defaultValue: f })}</dt>
                    <dd>
                      {["orders", "units_sold", "units_returned"].includes(f)
                        ? formatNumber(Number(row[f]), lang)
                        : money(Number(row[f]), currency)}
                    </dd>
                  </div>
                ))}
              </dl>
            );
          })}
        </section>
      )}
      {kind === "market-sales" ? (
        <DataTable
          caption={t(m(`${kind}.title`))}
          columns={salesColumns}
          rowKey={(r) => `${r.key}-${r.currency}`}
          query={list as typeof list & { data: MarketSalesReport | undefined }}
          emptyText={t("empty")}
        />
      ) : (
        <DataTable
          caption={t(m(`${kind}.title`))}
          columns={itemColumns}
          rowKey={(r) => `${r.item_id}-${r.variation_id ?? 0}-${r.currency}`}
          query={list as typeof list & { data: MarketItemsReport | undefined }}
          emptyText={t("empty")}
        />
      )}
    </>
  );
}
