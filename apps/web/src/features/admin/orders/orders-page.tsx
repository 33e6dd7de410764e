import { ORDER_STAGES, type AdminOrderListItem, type OrderStage } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Route, Routes, useSearchParams } from "react-router";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { countryLabel, formatMoney } from "../../../lib/format";
import { countriesQuery } from "../../../lib/queries";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { writePageParams } from "../ui/pagination";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { AdminNotFoundPage } from "../status-pages";
import { ordersQuery } from "./api";
import { MarketReport } from "./market-reports";
import { OrderDetail } from "./order-detail";
import { ReceiptPage } from "./receipt-page";
import { StageBadge } from "./stage";
import "../parks/parks.css";
import "../reports/reports.css";
import "./orders.css";

/** /admin/orders: the list, /{code} (the order), /{code}/receipt, and the Sales and Items reports. */
export function AdminOrdersPage() {
  return (
    <Routes>
      <Route index element={<OrdersList />} />
      <Route path="reports/sales" element={<MarketReport kind="market-sales" tabs={<OrdersTabs />} />} />
      <Route path="reports/items" element={<MarketReport kind="market-items" tabs={<OrdersTabs />} />} />
      <Route path=":code" element={<OrderDetail />} />
      <Route path=":code/receipt" element={<ReceiptPage />} />
      <Route path="*" element={<AdminNotFoundPage />} />
    </Routes>
  );
}

/** The orders' list and its two reports. */
function OrdersTabs() {
  const { t } = useTranslation("admin-marketplace");
  return (
    <nav className="report-tabs" aria-label={t("orders.tabs")}>
      <NavLink to="/admin/orders" end>
        {t("orders.title")}
      </NavLink>
      <NavLink to="/admin/orders/reports/sales">{t("reports.market-sales.title")}</NavLink>
      <NavLink to="/admin/orders/reports/items">{t("reports.market-items.title")}</NavLink>
    </nav>
  );
}

const FILTERS = ["search", "country", "from", "to"] as const;

function OrdersList() {
  const { t, i18n } = useTranslation("admin-marketplace");
  const lang = i18n.language;
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const [search, setSearch] = useSearchParams();
  const stage = (ORDER_STAGES as readonly string[]).includes(search.get("stage") ?? "")
    ? (search.get("stage") as OrderStage)
    : "";
  const { page, size } = usePageParams();
  const list = useQuery({
    ...ordersQuery({ ...applied, stage }, page, size),
    placeholderData: keepPreviousData,
  });
  const countries = useQuery(countriesQuery());
  const zoneOf = (code: string) => countries.data?.find((c) => c.code === code)?.timezone ?? "UTC";
  const counts = list.data?.stages;
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;

  const chooseStage = (s: OrderStage | "") =>
    setSearch((current) => {
      const next = writePageParams(current, { page: 1 });
      if (s) next.set("stage", s);
      else next.delete("stage");
      return next;
    });

  const columns: Column<AdminOrderListItem>[] = [
    {
      key: "code",
      header: t("orders.columns.code"),
      cell: (o) => (
        <Link to={o.order_code} className="admin-park-code">
          <strong>{o.order_code}</strong>
        </Link>
      ),
    },
    {
      key: "customer",
      header: t("orders.columns.customer"),
      cell: (o) => (
        <>
          {o.customer.name}
          <br />
          <span className="admin-park-muted">{o.customer.email}</span>
        </>
      ),
    },
    {
      key: "created",
      header: t("orders.columns.created"),
      // On the order's country's clock, the zone named, as its page and the driver's /orders show it.
      cell: (o) => formatZonedDateTime(o.created_at, lang, zoneOf(o.country_code)),
    },
    {
      key: "type",
      header: t("orders.columns.type"),
      cell: (o) => `${t(`orderTypes.${o.order_type}`)} · ${o.country_code}`,
    },
    { key: "items", header: t("orders.columns.items"), numeric: true, cell: (o) => o.items },
    {
      key: "total",
      header: t("orders.columns.total"),
      numeric: true,
      cell: (o) => (
        <>
          {formatMoney(o.total.amount, o.total.currency, lang)}
          {o.refunded.amount > 0 && (
            <>
              <br />
              <span className="admin-park-muted">
                {t("orders.refunded", { amount: formatMoney(o.refunded.amount, o.refunded.currency, lang) })}
              </span>
            </>
          )}
        </>
      ),
    },
    {
      key: "stage",
      header: t("orders.columns.stage"),
      cell: (o) => <StageBadge stage={o.stage} type={o.order_type} />,
    },
    {
      key: "courier",
      header: t("orders.columns.courier"),
      cell: (o) => o.courier?.name ?? <span className="admin-park-muted">—</span>,
    },
  ];

  return (
    <>
      <PageHeader title={t("orders.title")} description={t("orders.description")} />
      <OrdersTabs />
      <nav className="mp-stage-tabs" aria-label={t("orders.stagesLabel")}>
        <ul>
          <li>
            <button type="button" aria-pressed={stage === ""} onClick={() => chooseStage("")}>
              {t("orders.allStages")}
              {all !== undefined && <span className="mp-count">{all}</span>}
            </button>
          </li>
          {ORDER_STAGES.map((s) => (
            <li key={s}>
              <button type="button" aria-pressed={stage === s} onClick={() => chooseStage(s)}>
                {t(s === "delivered" ? "stageFilterDelivered" : `stages.${s}`)}
                {counts && <span className="mp-count">{counts[s] ?? 0}</span>}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <TextField
          label={t("orders.filters.search")}
          value={draft.search}
          maxLength={100}
          onChange={(e) => set("search", e.target.value)}
        />
        <SelectField
          label={t("filters.country")}
          options={[
            ["", t("filters.anyCountry")],
            ...(countries.data ?? []).map((c) => [c.code, countryLabel(t, c)] as const),
          ]}
          value={draft.country}
          onChange={(e) => set("country", e.target.value)}
        />
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
      </FilterBar>
      <DataTable
        caption={t("orders.title")}
        columns={columns}
        rowKey={(o) => o.order_code}
        query={list}
        emptyText={t("orders.empty")}
      />
    </>
  );
}
