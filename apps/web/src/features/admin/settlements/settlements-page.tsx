import type {
  AdminSettlement,
  AdminSettlementCurrent,
  AdminSettlementLine,
  SettlementPeriod,
} from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Route, Routes, useParams, useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { formatMoney } from "../../../lib/format";
import { errorText } from "../../../lib/form-errors";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { useAdminMe } from "../me";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import {
  currentPeriodQuery,
  downloadStatement,
  settlementOperatorsQuery,
  settlementQuery,
  settlementsQuery,
} from "./api";
import "./settlements.css";

/** /admin/settlements: the closed statements, /current (the open period) and /{id} (one statement). */
export function AdminSettlementsPage() {
  return (
    <Routes>
      <Route index element={<StatementList />} />
      <Route path="current" element={<CurrentPeriod />} />
      <Route path=":id" element={<StatementPage />} />
    </Routes>
  );
}

/**
 * "November 2026" for a month, "23 – 29 November 2026" for a week (its last day is the day before
 * its end), on the statement's clock.
 */
export function periodLabel(
  p: { period: SettlementPeriod; period_start: string; period_end: string; time_zone: string },
  language: string,
): string {
  const start = new Date(p.period_start);
  const last = new Date(new Date(p.period_end).getTime() - 1);
  const day = (at: Date) =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: p.time_zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(at);
  if (
    p.period === "monthly" &&
    day(start).endsWith("-01") &&
    day(start).slice(0, 7) === day(last).slice(0, 7)
  ) {
    return new Intl.DateTimeFormat(language, {
      month: "long",
      year: "numeric",
      timeZone: p.time_zone,
    }).format(start);
  }
  return new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: p.time_zone,
  }).formatRange(start, last);
}

const FILTERS = ["operator_id", "currency", "from", "to"] as const;

function useOperators() {
  const me = useAdminMe();
  const all = me.data?.role === "admin";
  const operators = useQuery({ ...settlementOperatorsQuery(), enabled: me.data !== undefined });
  return { all, operators: operators.data?.items ?? [], own: me.data?.operator ?? null };
}

function StatementList() {
  const { t, i18n } = useTranslation("admin-settlements");
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...settlementsQuery(applied, page, size), placeholderData: keepPreviousData });
  const { all, operators } = useOperators();
  const money = (n: number, c: string) => formatMoney(n, c, i18n.language);

  const columns: Column<AdminSettlement>[] = [
    {
      key: "period",
      header: t("columns.period"),
      cell: (s) => (
        <>
          <Link to={String(s.id)}>
            <strong>{periodLabel(s, i18n.language)}</strong>
          </Link>
          <br />
          <span className="admin-settlement-muted">
            {t(`periods.${s.period}`)} · {s.currency}
          </span>
        </>
      ),
    },
    ...(all
      ? [{ key: "operator", header: t("columns.operator"), cell: (s: AdminSettlement) => s.operator.name }]
      : []),
    {
      key: "opening",
      header: t("columns.opening"),
      numeric: true,
      cell: (s) => money(s.opening, s.currency),
    },
    { key: "sales", header: t("columns.sales"), numeric: true, cell: (s) => money(s.sales, s.currency) },
    {
      key: "refunds",
      header: t("columns.refunds"),
      numeric: true,
      cell: (s) => money(s.refunds, s.currency),
    },
    {
      key: "commission",
      header: t("columns.commission"),
      numeric: true,
      cell: (s) => money(-s.commission, s.currency),
    },
    {
      key: "closing",
      header: t("columns.closing"),
      numeric: true,
      cell: (s) => <strong>{money(s.closing, s.currency)}</strong>,
    },
    {
      key: "closed",
      header: t("columns.closed"),
      cell: (s) => formatZonedDateTime(s.closed_at, i18n.language, s.time_zone),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link className="button" to="current">
            {t("currentLink")}
          </Link>
        }
      />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        {all && (
          <SelectField
            label={t("filters.operator")}
            options={[
              ["", t("filters.allOperators")],
              ...operators.map((o): [string, string] => [String(o.id), o.name]),
            ]}
            value={draft.operator_id}
            onChange={(e) => set("operator_id", e.target.value)}
          />
        )}
        <TextField
          label={t("filters.currency")}
          value={draft.currency}
          maxLength={3}
          placeholder={t("filters.allCurrencies")}
          onChange={(e) => set("currency", e.target.value.toUpperCase())}
        />
        <TextField
          label={t("filters.from")}
          type="date"
          value={draft.from}
          onChange={(e) => set("from", e.target.value)}
        />
        <TextField
          label={t("filters.to")}
          type="date"
          value={draft.to}
          onChange={(e) => set("to", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("title")}
        columns={columns}
        rowKey={(s) => s.id}
        query={list}
        emptyText={t("empty")}
        cards
      />
    </>
  );
}

/** Opening to closing, each figure with its sign as it moves the balance. */
function Totals({
  s,
  closingLabel,
}: {
  s: Pick<
    AdminSettlement,
    | "currency"
    | "opening"
    | "sales"
    | "refunds"
    | "collected"
    | "commission"
    | "adjustments"
    | "payouts"
    | "closing"
  >;
  closingLabel?: string;
}) {
  const { t, i18n } = useTranslation("admin-settlements");
  const money = (n: number) => formatMoney(n, s.currency, i18n.language);
  const rows: [string, number][] = [
    [t("totals.opening"), s.opening],
    [t("totals.sales"), s.sales],
    [t("totals.refunds"), s.refunds],
    ...(s.collected !== 0 ? [[t("totals.collected"), -s.collected] as [string, number]] : []),
    [t("totals.commission"), -s.commission],
    [t("totals.adjustments"), s.adjustments],
    [t("totals.payouts"), s.payouts],
  ];
  return (
    <dl className="admin-settlement-totals">
      {rows.map(([label, amount]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{money(amount)}</dd>
        </div>
      ))}
      <div className="admin-settlement-totals__closing">
        <dt>{closingLabel ?? t("totals.closing")}</dt>
        <dd>{money(s.closing)}</dd>
      </div>
    </dl>
  );
}

function lineColumns(
  t: (key: string, values?: Record<string, unknown>) => string,
  language: string,
  currency: string,
  timeZone: string,
): Column<AdminSettlementLine>[] {
  const money = (n: number) => formatMoney(n, currency, language);
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 });
  return [
    {
      key: "when",
      header: t("lines.when"),
      cell: (l) => formatZonedDateTime(l.occurred_at, language, timeZone),
    },
    {
      key: "what",
      header: t("lines.what"),
      cell: (l) => (
        <>
          <strong>{t(`kinds.${l.kind}`)}</strong>
          {l.product && (
            <>
              <br />
              {t(`products.${l.product}`)}
            </>
          )}
          {l.reference && (
            <>
              <br />
              <span className="admin-settlement-muted">{l.reference}</span>
            </>
          )}
          {l.note && (
            <>
              <br />
              <span className="admin-settlement-muted">{l.note}</span>
            </>
          )}
        </>
      ),
    },
    { key: "park", header: t("lines.park"), cell: (l) => l.park?.name ?? "" },
    { key: "receipt", header: t("lines.receipt"), cell: (l) => l.receipt_number ?? "" },
    {
      key: "gross",
      header: t("lines.gross"),
      numeric: true,
      cell: (l) => (l.gross === 0 ? "" : money(l.gross)),
    },
    {
      key: "rate",
      header: t("lines.rate"),
      numeric: true,
      cell: (l) => (l.commission_rate === null ? "" : percent.format(l.commission_rate / 100)),
    },
    {
      key: "commission",
      header: t("lines.commission"),
      numeric: true,
      cell: (l) => (l.commission === 0 ? "" : money(l.commission)),
    },
    { key: "share", header: t("lines.share"), numeric: true, cell: (l) => <strong>{money(l.share)}</strong> },
  ];
}

function StatementPage() {
  const { t, i18n } = useTranslation("admin-settlements");
  const id = Number(useParams().id) || 0;
  const { page, size } = usePageParams();
  const detail = useQuery({ ...settlementQuery(id, page, size), placeholderData: keepPreviousData });
  const [busy, setBusy] = useState<"csv" | "pdf" | null>(null);
  const [failed, setFailed] = useState(false);
  const back = (
    <Link className="admin-settlement-back" to="..">
      ← {t("back")}
    </Link>
  );
  if (detail.isPending) return <LoadingState text={t("loading")} />;
  if (detail.isError) {
    return (
      <>
        {back}
        <FormAlert message={errorText(t, detail.error)} />
      </>
    );
  }
  const s = detail.data.statement;
  const when = (iso: string) => formatZonedDateTime(iso, i18n.language, s.time_zone);
  const download = async (kind: "csv" | "pdf") => {
    setBusy(kind);
    setFailed(false);
    try {
      await downloadStatement(s.id, kind, i18n.language);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {back}
      <PageHeader
        title={t("statementTitle", { period: periodLabel(s, i18n.language) })}
        description={t("statementMeta", {
          operator: s.operator.name,
          currency: s.currency,
          kind: t(`periods.${s.period}`),
          zone: s.time_zone,
        })}
        actions={
          <>
            <button
              type="button"
              className="button button--accent"
              disabled={busy !== null}
              onClick={() => void download("csv")}
            >
              {busy === "csv" ? t("download.busy") : t("download.csv")}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => void download("pdf")}
            >
              {busy === "pdf" ? t("download.busy") : t("download.pdf")}
            </button>
          </>
        }
      />
      {failed && <FormAlert message={t("download.failed")} />}
      <p className="admin-settlement-muted">
        {t("closedAt", { at: when(s.closed_at) })}
        {" · "}
        {s.mailed_at ? t("mailedAt", { at: when(s.mailed_at) }) : t("notMailed")}
      </p>
      <Totals s={s} />
      <h2 className="admin-settlement-h2">{t("lines.title")}</h2>
      <DataTable
        caption={t("lines.caption")}
        columns={lineColumns(t, i18n.language, s.currency, s.time_zone)}
        rowKey={(l) => l.id}
        query={{ ...detail, data: detail.data.lines }}
        emptyText={t("lines.empty")}
        cards
        dense
      />
    </>
  );
}

function CurrentPeriod() {
  const { t } = useTranslation("admin-settlements");
  const { all, operators, own } = useOperators();
  const [search, setSearch] = useSearchParams();
  const picked = Number(search.get("operator_id")) || 0;
  const operatorId = all ? picked : (own?.id ?? 0);
  const current = useQuery({ ...currentPeriodQuery(operatorId), enabled: operatorId > 0 });
  return (
    <>
      <Link className="admin-settlement-back" to="..">
        ← {t("back")}
      </Link>
      <PageHeader title={t("current.title")} description={t("current.description")} />
      {all && (
        <div className="admin-settlement-picker">
          <SelectField
            label={t("current.operator")}
            options={[
              ["", t("filters.allOperators")],
              ...operators.map((o): [string, string] => [String(o.id), o.name]),
            ]}
            value={picked ? String(picked) : ""}
            onChange={(e) =>
              setSearch((s) => {
                const next = new URLSearchParams(s);
                if (e.target.value) next.set("operator_id", e.target.value);
                else next.delete("operator_id");
                return next;
              })
            }
          />
        </div>
      )}
      {operatorId === 0 && <p>{t("current.choose")}</p>}
      {current.isPending && operatorId > 0 && <LoadingState text={t("loading")} />}
      {current.isError && <FormAlert message={errorText(t, current.error)} />}
      {current.data?.items.length === 0 && <p>{t("current.none")}</p>}
      {current.data?.items.map((c) => (
        <RunningFigures key={c.currency} c={c} />
      ))}
    </>
  );
}

function RunningFigures({ c }: { c: AdminSettlementCurrent }) {
  const { t, i18n } = useTranslation("admin-settlements");
  const when = (iso: string) => formatZonedDateTime(iso, i18n.language, c.time_zone);
  const page = {
    items: c.lines,
    total: c.lines.length,
    page: 1,
    size: Math.max(c.lines.length, 1),
    pages: 1,
  };
  return (
    <section className="admin-settlement-current" aria-label={`${c.operator.name} ${c.currency}`}>
      <h2 className="admin-settlement-h2">
        {c.operator.name} · {c.currency}
      </h2>
      <p className="admin-settlement-muted">
        {t("current.period", { start: when(c.period_start), end: when(c.period_end) })}
        {" · "}
        {t("current.asOf", { at: when(c.as_of) })}
      </p>
      <Totals s={c} closingLabel={t("current.balanceNow")} />
      {c.line_count > c.lines.length && (
        <p className="admin-settlement-muted">
          {t("current.latest", { shown: c.lines.length, count: c.line_count })}
        </p>
      )}
      <DataTable
        caption={t("current.caption")}
        columns={lineColumns(t, i18n.language, c.currency, c.time_zone)}
        rowKey={(l) => l.id}
        query={{ data: page, isPending: false, isError: false, error: null }}
        emptyText={t("current.none")}
        cards
        dense
        paged={false}
      />
    </section>
  );
}
