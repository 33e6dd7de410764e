/**
 * The marketplace's Sales Report and Items Report, read as the back office's other reports are
 * (features/admin/reports): the range defaults to the last 30 days and spans at most 366, a page
 * by OFFSET for the screen, the whole range as CSV in keyset batches (no transaction held between
 * them) with the formula guard of csvCell, totals per currency (never summed across currencies).
 * A day is the order's country's own day. Money in minor units here, major units out.
 */
import type {
  MarketItemsReport,
  MarketItemsReportQuery,
  MarketItemsRow,
  MarketSalesReport,
  MarketSalesReportQuery,
  MarketSalesRow,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { toMajor } from "../../../lib/money";
import { servedCountries } from "../../reference/served-countries";
import { csvLine, latestToday, resolveRange, type CsvColumn } from "../reports/reports.domain";
import { EXPORT_BATCH } from "../reports/reports.service";
import { listPage, offsetOf } from "../../../lib/pagination";
import {
  itemsRows,
  itemsTotals,
  salesRows,
  salesTotals,
  type Filter,
  type ItemsFilter,
  type ItemsRaw,
  type PageAt,
  type SalesFilter,
  type SalesRaw,
} from "./market-reports.repo";

export interface MarketReportDeps {
  db: Db;
  clock: Clock;
}

async function rangeOf(
  deps: MarketReportDeps,
  q: { from?: string | undefined; to?: string | undefined; country?: string | undefined },
): Promise<Filter> {
  const country = q.country ?? null;
  // The default range holds today on the clock of each country it covers (an order's day is its
  // country's): the served countries are in memory, so this reads no row.
  const served = servedCountries(deps.db);
  const covered = country === null ? await served.list() : [await served.byCode(country)];
  const zones = covered.flatMap((c) => (c ? [c.timezone] : []));
  const range = resolveRange(q.from, q.to, latestToday(deps.clock(), zones));
  if (!range.ok) throw AppError.validation(range.fields);
  return { from: range.from, to: range.to, country };
}

const m = (minor: unknown, decimals: number) => toMajor(Number(minor ?? 0), decimals);

/** Each served currency's decimals (from the served countries), fixed for one report, its pages and totals. */
type Decimals = (currency: string) => number;
async function decimalsOf(deps: MarketReportDeps): Promise<Decimals> {
  const served = servedCountries(deps.db);
  const of = await served.decimalsOfAll((await served.list()).map((c) => c.currency));
  return (currency) => {
    const d = of(currency);
    if (d === undefined) throw new Error(`unsupported currency ${currency}`);
    return d;
  };
}

// ---------------------------------------------------------------------------------- sales

function salesRow(r: SalesRaw, decimalsIn: Decimals): MarketSalesRow {
  const total = Number(r.total_minor);
  const refunded = Number(r.refunded_minor);
  const decimals = decimalsIn(r.currency);
  return {
    key: r.key,
    day: r.day,
    order_code: r.order_code,
    stage: r.stage,
    country_code: r.country_code,
    currency: r.currency,
    orders: Number(r.orders),
    subtotal: m(r.subtotal_minor, decimals),
    discounts: m(r.discounts_minor, decimals),
    delivery: m(r.delivery_minor, decimals),
    tax: m(r.tax_minor, decimals),
    total: m(total, decimals),
    refunded: m(refunded, decimals),
    net: m(total - refunded, decimals),
  };
}

async function salesFilter(deps: MarketReportDeps, q: MarketSalesReportQuery): Promise<SalesFilter> {
  return { ...(await rangeOf(deps, q)), stage: q.stage ?? null, group: q.group };
}

export async function salesReport(
  deps: MarketReportDeps,
  q: MarketSalesReportQuery,
): Promise<MarketSalesReport> {
  const f = await salesFilter(deps, q);
  const raw = await salesRows(deps.db, f, { offset: offsetOf(q), limit: q.size });
  const totals = await salesTotals(deps.db, f);
  const total = totals.reduce((n, t) => n + Number(f.group === "order" ? t.orders : t.rows), 0);
  const decimals = await decimalsOf(deps);
  return {
    ...listPage(
      raw.map((r) => salesRow(r, decimals)),
      total,
      q,
    ),
    from: f.from,
    to: f.to,
    totals: totals.map((t) => ({
      currency: t.currency,
      orders: Number(t.orders),
      subtotal: m(t.subtotal_minor, decimals(t.currency)),
      discounts: m(t.discounts_minor, decimals(t.currency)),
      delivery: m(t.delivery_minor, decimals(t.currency)),
      tax: m(t.tax_minor, decimals(t.currency)),
      total: m(t.total_minor, decimals(t.currency)),
      refunded: m(t.refunded_minor, decimals(t.currency)),
      net: m(Number(t.total_minor) - Number(t.refunded_minor), decimals(t.currency)),
    })),
  };
}

const salesColumns: CsvColumn<MarketSalesRow>[] = [
  { header: "Day", value: (r) => r.day },
  { header: "Order", value: (r) => r.order_code },
  { header: "Stage", value: (r) => r.stage },
  { header: "Country", value: (r) => r.country_code },
  { header: "Currency", value: (r) => r.currency },
  { header: "Orders", value: (r) => r.orders },
  { header: "Subtotal", value: (r) => r.subtotal },
  { header: "Discounts", value: (r) => r.discounts },
  { header: "Delivery", value: (r) => r.delivery },
  { header: "Tax", value: (r) => r.tax },
  { header: "Total", value: (r) => r.total },
  { header: "Refunded", value: (r) => r.refunded },
  { header: "Net", value: (r) => r.net },
];

// ---------------------------------------------------------------------------------- items

function itemsRow(r: ItemsRaw, decimals: Decimals): MarketItemsRow {
  return {
    item_id: Number(r.item_id),
    variation_id: r.variation_id === null ? null : Number(r.variation_id),
    name: r.name,
    variation_name: r.variation_name,
    category: r.category,
    kind: r.kind,
    country_code: r.country_code,
    currency: r.currency,
    units_sold: Number(r.units_sold),
    units_returned: Number(r.units_returned),
    revenue: m(r.revenue_minor, decimals(r.currency)),
  };
}

async function itemsFilter(deps: MarketReportDeps, q: MarketItemsReportQuery): Promise<ItemsFilter> {
  return { ...(await rangeOf(deps, q)), categoryId: q.category_id ?? null };
}

export async function itemsReport(
  deps: MarketReportDeps,
  q: MarketItemsReportQuery,
): Promise<MarketItemsReport> {
  const f = await itemsFilter(deps, q);
  const raw = await itemsRows(deps.db, f, { offset: offsetOf(q), limit: q.size });
  const totals = await itemsTotals(deps.db, f);
  const total = totals.reduce((n, t) => n + Number(t.rows), 0);
  const decimals = await decimalsOf(deps);
  return {
    ...listPage(
      raw.map((r) => itemsRow(r, decimals)),
      total,
      q,
    ),
    from: f.from,
    to: f.to,
    totals: totals.map((t) => ({
      currency: t.currency,
      units_sold: Number(t.units_sold),
      units_returned: Number(t.units_returned),
      revenue: m(t.revenue_minor, decimals(t.currency)),
    })),
  };
}

const itemsColumns: CsvColumn<MarketItemsRow>[] = [
  { header: "Item ID", value: (r) => r.item_id },
  { header: "Item", value: (r) => r.name },
  { header: "Variation ID", value: (r) => r.variation_id },
  { header: "Variation", value: (r) => r.variation_name },
  { header: "Category", value: (r) => r.category },
  { header: "Kind", value: (r) => r.kind },
  { header: "Country", value: (r) => r.country_code },
  { header: "Currency", value: (r) => r.currency },
  { header: "Units sold", value: (r) => r.units_sold },
  { header: "Units returned", value: (r) => r.units_returned },
  { header: "Revenue", value: (r) => r.revenue },
];

// ---------------------------------------------------------------------------------- CSV

function csvOf<Raw, Row>(
  deps: MarketReportDeps,
  columns: CsvColumn<Row>[],
  read: (at: PageAt) => Promise<Raw[]>,
  row: (r: Raw) => Row,
  key: (r: Raw) => string[],
  batch: number,
): AsyncGenerator<string> {
  return (async function* chunks(): AsyncGenerator<string> {
    // A byte order mark so that spreadsheets read the file as UTF-8 (names, "é").
    yield `\uFEFF${csvLine(columns.map((c) => c.header))}`;
    let after: string[] | null = null;
    for (;;) {
      const raw = await read({ after, limit: batch });
      if (raw.length === 0) return;
      let out = "";
      for (const r of raw) {
        const values = row(r);
        out += csvLine(columns.map((c) => c.value(values)));
      }
      yield out;
      if (raw.length < batch) return;
      after = key(raw[raw.length - 1]!);
    }
  })();
}

/** The Sales Report's whole range as CSV: checked first (a bad query is a 422 before anything is sent). */
export async function salesCsv(
  deps: MarketReportDeps,
  q: MarketSalesReportQuery,
  batch = EXPORT_BATCH,
): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const f = await salesFilter(deps, q);
  const decimals = await decimalsOf(deps);
  return {
    filename: `parkwell-market-sales-${f.from}-to-${f.to}.csv`,
    chunks: csvOf<SalesRaw, MarketSalesRow>(
      deps,
      salesColumns,
      (at) => salesRows(deps.db, f, at),
      (r) => salesRow(r, decimals),
      (r) => (f.group === "order" ? [r.k1, r.k2] : [r.day, r.k2]),
      batch,
    ),
  };
}

export async function itemsCsv(
  deps: MarketReportDeps,
  q: MarketItemsReportQuery,
  batch = EXPORT_BATCH,
): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const f = await itemsFilter(deps, q);
  const decimals = await decimalsOf(deps);
  return {
    filename: `parkwell-market-items-${f.from}-to-${f.to}.csv`,
    chunks: csvOf<ItemsRaw, MarketItemsRow>(
      deps,
      itemsColumns,
      (at) => itemsRows(deps.db, f, at),
      (r) => itemsRow(r, decimals),
      (r) => [String(-Number(r.units_sold)), String(r.item_id), r.k_variation, r.currency],
      batch,
    ),
  };
}
