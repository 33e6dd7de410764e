import {
  REPORT_KINDS,
  REPORT_STATUSES,
  type BookingsRow,
  type CreditBalanceRow,
  type OccupancyRow,
  type PayoutsRow,
  type ReportKind,
  type ReportPage,
  type ReportRows,
  type SalesRow,
  type TransactionsRow,
  type ChargerUse,
} from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, NavLink, Route, Routes, useParams } from "react-router";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { formatMoney, formatNumber, vehicleTypeLabel } from "../../../lib/format";
import {
  formatCalendarDate,
  formatShortZoned,
  formatShortZonedParts,
  formatZonedDateTime,
} from "../../../lib/zoned-time";
import { useCan } from "../me";
import type { Permission } from "../permissions";
import { CsvExportButton } from "../ui/csv-button";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { AdminNotFoundPage } from "../status-pages";
import { isReportKind, queryOf, REPORT_FILTERS, reportQuery } from "./api";
import { ParkPicker } from "../ui/park-picker";
import "./reports.css";

/** Who may open each report. */
const PERMISSION: Record<ReportKind, Permission> = {
  sales: "reports.view",
  bookings: "reports.view",
  occupancy: "reports.view",
  transactions: "transactions.view",
  "credit-balance": "credit_balance.view",
  payouts: "reports.view",
};

/** /admin/reports/:kind, with a tab per report the user may open. */
export function ReportsPage() {
  return (
    <Routes>
      <Route index element={<Navigate to="sales" replace />} />
      <Route path=":kind" element={<ReportView />} />
      <Route path="*" element={<AdminNotFoundPage />} />
    </Routes>
  );
}

function ReportTabs({ current }: { current: ReportKind }) {
  const { t } = useTranslation("admin-reports");
  const can = useCan();
  return (
    <nav className="report-tabs" aria-label={t("tabs")}>
      {REPORT_KINDS.filter((k) => can(PERMISSION[k])).map((k) => (
        <NavLink key={k} to={`/admin/reports/${k}`} aria-current={k === current ? "page" : undefined}>
          {t(`kinds.${k}.title`)}
        </NavLink>
      ))}
    </nav>
  );
}

function ReportView() {
  const { kind } = useParams();
  const can = useCan();
  if (!isReportKind(kind)) return <AdminNotFoundPage />;
  if (!can(PERMISSION[kind])) return <Navigate to="/admin/reports/sales" replace />;
  return <Report key={kind} kind={kind} />;
}

function Report<K extends ReportKind>({ kind }: { kind: K }) {
  // The bookings catalogue names the vehicle types in the page's language.
  const { t, i18n } = useTranslation(["admin-reports", "bookings"]);
  const lang = i18n.language;
  const filters = useUrlFilters(REPORT_FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...reportQuery(kind, applied, page, size), placeholderData: keepPreviousData });
  const ranged = kind !== "credit-balance";
  const parked = kind === "sales" || kind === "bookings" || kind === "occupancy";
  const statuses = kind === "transactions" ? REPORT_STATUSES.transactions : REPORT_STATUSES[kind];
  const data = list.data as ReportPage<K> | undefined;
  const shownFrom = draft.from || data?.from || "";
  const shownTo = draft.to || data?.to || "";

  return (
    <>
      <PageHeader
        title={t(`kinds.${kind}.title`)}
        description={t(`kinds.${kind}.description`)}
        actions={
          <CsvExportButton
            path={`/reports/${kind}`}
            query={queryOf(kind, applied)}
            filename={`parkwell-${kind}`}
          />
        }
      />
      <ReportTabs current={kind} />
      {(ranged || parked || statuses.length > 0) && (
        <FilterBar onApply={filters.apply} onReset={filters.reset}>
          {ranged && (
            <>
              {/* Until a range is chosen, the fields show the one the report covers (its default). */}
              <TextField
                type="date"
                label={t("filters.from")}
                value={shownFrom}
                max={shownTo || undefined}
                onChange={(e) => {
                  set("from", e.target.value);
                  if (!draft.to) set("to", shownTo);
                }}
              />
              <TextField
                type="date"
                label={t("filters.to")}
                value={shownTo}
                min={shownFrom || undefined}
                onChange={(e) => {
                  set("to", e.target.value);
                  if (!draft.from) set("from", shownFrom);
                }}
              />
            </>
          )}
          {parked && (
            <ParkPicker
              permission={PERMISSION[kind]}
              value={draft.park_id}
              onChange={(v) => set("park_id", v)}
            />
          )}
          {statuses.length > 0 && (
            <SelectField
              label={kind === "transactions" ? t("filters.kind") : t("filters.status")}
              options={[["", t("status.any")], ...statuses.map((s) => [s, t(`status.${s}`)] as const)]}
              value={draft.status}
              onChange={(e) => set("status", e.target.value)}
            />
          )}
        </FilterBar>
      )}
      {data && ranged && (
        <p className="report-muted report-range">
          {t(parked ? "rangeParks" : kind === "payouts" ? "rangeCountries" : "rangeUtc", {
            from: formatCalendarDate(data.from, lang, "date"),
            to: formatCalendarDate(data.to, lang, "date"),
          })}
        </p>
      )}
      {data && data.totals.length > 0 && <Totals kind={kind} totals={data.totals} lang={lang} />}
      {kind === "bookings" && data && (
        <ChargerUses chargers={(data as unknown as ReportPage<"bookings">).chargers} lang={lang} />
      )}
      <DataTable
        caption={t(`kinds.${kind}.title`)}
        columns={
          columnsOf(kind, t, lang, {
            busyTime: ((data?.items ?? []) as Partial<SalesRow>[]).some((r) => (r.busy_time ?? 0) !== 0),
          }) as Column<ReportRows[K]>[]
        }
        rowKey={(r) => keyOf(kind, r)}
        query={list as typeof list & { data: ReportPage<K> | undefined }}
        emptyText={t("empty")}
        dense
      />
    </>
  );
}

function keyOf(kind: ReportKind, r: ReportRows[ReportKind]): string {
  switch (kind) {
    case "sales":
      return `${(r as SalesRow).channel}-${(r as SalesRow).id}`;
    case "bookings":
      return (r as BookingsRow).id;
    case "occupancy":
      return `${(r as OccupancyRow).park_id}-${(r as OccupancyRow).hour}`;
    case "transactions":
      return String((r as TransactionsRow).entry_id);
    case "credit-balance":
      return `${(r as CreditBalanceRow).user_id}-${(r as CreditBalanceRow).currency}`;
    case "payouts":
      return `${(r as PayoutsRow).operator_id}-${(r as PayoutsRow).currency}`;
  }
}

type T = (key: string, options?: Record<string, unknown>) => string;

function Totals({
  kind,
  totals,
  lang,
}: {
  kind: ReportKind;
  totals: Record<string, string | number>[];
  lang: string;
}) {
  const { t } = useTranslation("admin-reports");
  const fields = Object.keys(totals[0] ?? {}).filter((k) => k !== "currency" && k !== "count");
  return (
    <section className="report-totals" aria-label={t("totals.label")}>
      {totals.map((row) => {
        const currency = String(row.currency);
        return (
          <dl key={currency} className="report-card">
            <dt className="report-card__label">{currency}</dt>
            <dd className="report-muted">{t(`totals.count.${kind}`, { count: Number(row.count) })}</dd>
            {/* Busy-time prices' line only where they added (or took) something, as the column. */}
            {fields
              .filter((f) => f !== "busy_time" || Number(row[f]) !== 0)
              .map((f) => (
                <div key={f} className="report-totals__line">
                  <dt>{t(`totals.${f}`)}</dt>
                  <dd>{formatMoney(Number(row[f]), currency, lang)}</dd>
                </div>
              ))}
          </dl>
        );
      })}
    </section>
  );
}

/**
 * The bookings report's EV chargers, per park: the bookings that held one, the charger-hours they
 * reserved and the charging sold with them (groups priced per hour; per kWh is paid at the charger).
 */
function ChargerUses({ chargers, lang }: { chargers: ChargerUse[]; lang: string }) {
  const { t } = useTranslation("admin-reports");
  const titleId = useId();
  if (chargers.length === 0) return null;
  // Titled where it shows: beside the money's totals, a park's card alone would not say it is chargers.
  return (
    <section className="report-section report-chargers" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("chargers.label")}</h2>
      <p className="report-muted">{t("chargers.note")}</p>
      <div className="report-totals">
        {chargers.map((c) => (
          <dl key={c.park_id} className="report-card">
            <dt className="report-card__label">{c.park}</dt>
            <dd className="report-muted">{t("chargers.bookings", { count: c.bookings })}</dd>
            <div className="report-totals__line">
              <dt>{t("chargers.hours")}</dt>
              <dd>{formatNumber(c.charger_hours, lang, { maximumFractionDigits: 2 })}</dd>
            </div>
            <div className="report-totals__line">
              <dt>{t("chargers.revenue")}</dt>
              <dd data-testid="charging-revenue">{money(c.charging_revenue, c.currency, lang)}</dd>
            </div>
          </dl>
        ))}
      </div>
    </section>
  );
}

/**
 * A time on its park's clock, its day and its time each kept whole ("Sat, Nov 28," / "10:03 AM"):
 * one line where the column has room, two short ones where it has not.
 */
function When({ iso, tz, lang }: { iso: string | null; tz: string; lang: string }) {
  if (!iso) return <>—</>;
  const [day, time] = formatShortZonedParts(iso, lang, tz);
  return (
    <span className="report-when">
      <span>{day}</span> <span>{time}</span>
    </span>
  );
}

const money = (amount: number, currency: string, lang: string) => formatMoney(amount, currency, lang);
const num = (key: string, header: string, cell: (r: never) => ReactNode) => ({
  key,
  header,
  cell,
  numeric: true,
});

/**
 * The report's columns. `busyTime`: some row shown has a part added (or taken) by busy-time prices;
 * otherwise that column (zero on every row, at parks without rules) is left out, as the parking
 * is, so the sales table keeps to a laptop's width in both languages.
 */
function columnsOf(kind: ReportKind, t: T, lang: string, shown: { busyTime: boolean }): Column<never>[] {
  const when = (iso: string | null, tz: string) => <When iso={iso} tz={tz} lang={lang} />;
  const whenText = (iso: string, tz: string) => formatShortZoned(iso, lang, tz);
  switch (kind) {
    case "sales":
      // Every part of the net in a column of its own, the space sold as its two shares, then the
      // refunds and the net (the parking, the shares' sum, and the total, net + refunds, are in the
      // totals and the CSV): one table that fits 1280 px.
      return [
        {
          key: "code",
          header: t("columns.code"),
          cell: (r: SalesRow) => (
            <>
              <span className="report-code">{r.code}</span>
              <br />
              <span className="report-muted">{t(`channel.${r.channel}`)}</span>
            </>
          ),
        },
        { key: "park", header: t("columns.park"), cell: (r: SalesRow) => r.park ?? "—" },
        { key: "time", header: t("columns.time"), cell: (r: SalesRow) => when(r.time, r.time_zone) },
        { key: "status", header: t("columns.status"), cell: (r: SalesRow) => t(`status.${r.status}`) },
        num("operator_share", t("columns.operator_share"), (r: SalesRow) =>
          money(r.operator_share, r.currency, lang),
        ),
        num("commission", t("columns.commission"), (r: SalesRow) => money(r.commission, r.currency, lang)),
        ...(shown.busyTime
          ? [num("busy_time", t("columns.busy_time"), (r: SalesRow) => money(r.busy_time, r.currency, lang))]
          : []),
        num("fees", t("columns.fees"), (r: SalesRow) => money(r.fees, r.currency, lang)),
        num("discount", t("columns.discount"), (r: SalesRow) => money(r.discount, r.currency, lang)),
        num("vat", t("columns.vat"), (r: SalesRow) => money(r.vat, r.currency, lang)),
        num("refunds", t("columns.refunds"), (r: SalesRow) => money(r.refunds, r.currency, lang)),
        num("net", t("columns.net"), (r: SalesRow) => <strong>{money(r.net, r.currency, lang)}</strong>),
      ] as Column<never>[];
    case "bookings":
      return [
        {
          key: "code",
          header: t("columns.code"),
          cell: (r: BookingsRow) => <span className="report-code">{r.code}</span>,
        },
        { key: "park", header: t("columns.park"), cell: (r: BookingsRow) => r.park },
        {
          key: "vehicle",
          header: t("columns.vehicle"),
          cell: (r: BookingsRow) => (
            <>
              <strong>{r.plate_number ?? t("noPlate")}</strong>
              <br />
              <span className="report-muted">{vehicleTypeLabel(t, r.vehicle_type_id, r.vehicle_type)}</span>
            </>
          ),
        },
        {
          key: "window",
          header: t("columns.window"),
          cell: (r: BookingsRow) => (
            <>
              <span className="report-nowrap">{whenText(r.start_time, r.time_zone)} –</span>{" "}
              <span className="report-nowrap">{whenText(r.end_time, r.time_zone)}</span>
            </>
          ),
        },
        { key: "status", header: t("columns.status"), cell: (r: BookingsRow) => t(`status.${r.status}`) },
        {
          key: "gate",
          header: t("columns.gate"),
          cell: (r: BookingsRow) =>
            r.checked_in_at ? (
              <>
                <span className="report-nowrap">
                  {t("checkedIn", { time: whenText(r.checked_in_at, r.time_zone) })}
                </span>
                {r.checked_out_at && (
                  <>
                    <br />
                    <span className="report-nowrap">
                      {t("checkedOut", { time: whenText(r.checked_out_at, r.time_zone) })}
                    </span>
                  </>
                )}
              </>
            ) : (
              <span className="report-muted report-nowrap">{t("notCheckedIn")}</span>
            ),
        },
        num("total", t("columns.total"), (r: BookingsRow) => money(r.total, r.currency, lang)),
        num("paid", t("columns.paid"), (r: BookingsRow) => money(r.paid, r.currency, lang)),
      ] as Column<never>[];
    case "occupancy":
      return [
        { key: "park", header: t("columns.park"), cell: (r: OccupancyRow) => r.park },
        { key: "hour", header: t("columns.hour"), cell: (r: OccupancyRow) => when(r.hour, r.time_zone) },
        num("held", t("columns.held"), (r: OccupancyRow) => formatNumber(r.held, lang)),
        num("capacity", t("columns.capacity"), (r: OccupancyRow) => formatNumber(r.capacity, lang)),
        num("percent", t("columns.percent"), (r: OccupancyRow) => (
          <span className="report-meter">
            <span
              className="report-meter__bar"
              style={{ width: `${Math.min(100, r.percent) * 0.6}px` }}
              aria-hidden="true"
            />
            {formatNumber(r.percent, lang, { maximumFractionDigits: 1 })} %
          </span>
        )),
      ] as Column<never>[];
    case "transactions":
      return [
        {
          key: "time",
          header: t("columns.time"),
          // The ledger belongs to no park: its days are UTC's, and so are its times, named.
          cell: (r: TransactionsRow) => formatZonedDateTime(r.time, lang, "UTC"),
        },
        {
          key: "kind",
          header: t("columns.kind"),
          cell: (r: TransactionsRow) => t(`status.${r.kind}`, { defaultValue: r.kind }),
        },
        {
          key: "reference",
          header: t("columns.reference"),
          cell: (r: TransactionsRow) => r.reference ?? "—",
        },
        {
          key: "account",
          header: t("columns.account"),
          cell: (r: TransactionsRow) => <span className="report-code report-account">{r.account}</span>,
        },
        num("amount", t("columns.amount"), (r: TransactionsRow) => money(r.amount, r.currency, lang)),
        {
          key: "transaction",
          header: t("columns.transaction"),
          cell: (r: TransactionsRow) => (
            <span className="report-muted report-id">{r.transaction_id.slice(0, 8)}</span>
          ),
        },
      ] as Column<never>[];
    case "credit-balance":
      return [
        { key: "name", header: t("columns.name"), cell: (r: CreditBalanceRow) => r.name },
        { key: "email", header: t("columns.email"), cell: (r: CreditBalanceRow) => r.email },
        { key: "currency", header: t("columns.currency"), cell: (r: CreditBalanceRow) => r.currency },
        num("balance", t("columns.balance"), (r: CreditBalanceRow) => money(r.balance, r.currency, lang)),
      ] as Column<never>[];
    case "payouts":
      return [
        { key: "operator", header: t("columns.operator"), cell: (r: PayoutsRow) => r.operator },
        { key: "country", header: t("columns.country"), cell: (r: PayoutsRow) => r.country_code ?? "—" },
        { key: "currency", header: t("columns.currency"), cell: (r: PayoutsRow) => r.currency },
        num("balance", t("columns.balance"), (r: PayoutsRow) => money(r.balance, r.currency, lang)),
        num("owed", t("columns.owed"), (r: PayoutsRow) => <strong>{money(r.owed, r.currency, lang)}</strong>),
        num("paid", t("columns.paid"), (r: PayoutsRow) => money(r.paid, r.currency, lang)),
        num("in_transit", t("columns.in_transit"), (r: PayoutsRow) => money(r.in_transit, r.currency, lang)),
        num("held", t("columns.held_money"), (r: PayoutsRow) =>
          r.held_reason ? (
            <span title={t("heldBecause", { reason: r.held_reason })}>
              {money(r.held, r.currency, lang)}
              <br />
              <span className="report-muted">{t("heldBecause", { reason: r.held_reason })}</span>
            </span>
          ) : (
            money(r.held, r.currency, lang)
          ),
        ),
        num("failed", t("columns.failed"), (r: PayoutsRow) => money(r.failed, r.currency, lang)),
      ] as Column<never>[];
  }
}
