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
  OrderStage,
} from "@parkwell/contract";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { toMajor } from "../../../lib/money";
import { servedCountries } from "../../reference/served-countries";
import { csvLine, latestToday, resolveRange, type CsvColumn } from "../reports/reports.domain";
import { EXPORT_BATCH } from "../reports/reports.service";
import { listPage, offsetOf } from "../../../lib/pagination";

export interface MarketReportDeps {
  db: Db;
  clock: Clock;
}

type PageAt = { offset: number; limit: number } | { after: string[] | null; limit: number };

const limitOf = (at: PageAt): SQL =>
  "offset" in at ? sql`LIMIT ${at.limit} OFFSET ${at.offset}` : sql`LIMIT ${at.limit}`;

function afterKey(at: PageAt, columns: SQL, types: string[]): SQL {
  if ("offset" in at || at.after === null) return sql`true`;
  const values = sql.join(
    at.after.map((v, i) => sql`${v}::${sql.raw(types[i]!)}`),
    sql`, `,
  );
  return sql`(${columns}) > (${values})`;
}

interface Filter {
  from: string;
  to: string;
  country: string | null;
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

/** Orders of the range (created on the country's days `from` to `to`) and the country filter. */
const ordersIn = (f: Filter) => sql`o.created_at >= ((${f.from}::date)::timestamp AT TIME ZONE k.timezone)
  AND o.created_at < (((${f.to}::date + 1))::timestamp AT TIME ZONE k.timezone)
  AND ${f.country === null ? sql`true` : sql`k.code = ${f.country}`}`;

const m = (minor: unknown, decimals: unknown) => toMajor(Number(minor ?? 0), Number(decimals));

// ---------------------------------------------------------------------------------- sales

interface SalesFilter extends Filter {
  stage: OrderStage | null;
  group: "day" | "order";
}

interface SalesRaw {
  key: string;
  day: string;
  order_code: string | null;
  stage: OrderStage | null;
  country_code: string;
  currency: string;
  decimals: number;
  orders: number;
  subtotal_minor: string;
  discounts_minor: string;
  delivery_minor: string;
  tax_minor: string;
  total_minor: string;
  refunded_minor: string;
  k1: string;
  k2: string;
}

const localDay = sql`(o.created_at AT TIME ZONE k.timezone)::date`;

function salesQuery(f: SalesFilter, at: PageAt): SQL {
  const where = sql`${ordersIn(f)} AND ${f.stage === null ? sql`true` : sql`o.stage = ${f.stage}`}`;
  if (f.group === "order") {
    return sql`SELECT * FROM (SELECT o.order_code AS key, ${localDay}::text AS day, o.order_code, o.stage,
        k.code AS country_code, o.currency::text AS currency, k.currency_decimals AS decimals, 1 AS orders,
        o.subtotal_minor, (o.offer_discount_minor + o.coupon_discount_minor) AS discounts_minor,
        o.delivery_minor, o.tax_minor, o.total_minor, o.refunded_minor,
        o.created_at::text AS k1, o.id::text AS k2, o.created_at AS at, o.id
      FROM orders o JOIN countries k ON k.id = o.country_id
      WHERE ${where}) x
      WHERE ${afterKey(at, sql`x.at, x.id::text`, ["timestamptz", "text"])}
      ORDER BY x.at, x.id ${limitOf(at)}`;
  }
  return sql`SELECT * FROM (SELECT ${localDay}::text AS key, ${localDay}::text AS day, NULL::text AS order_code,
      NULL::text AS stage, k.code AS country_code, o.currency::text AS currency,
      min(k.currency_decimals) AS decimals, count(*)::int AS orders,
      sum(o.subtotal_minor) AS subtotal_minor, sum(o.offer_discount_minor + o.coupon_discount_minor) AS discounts_minor,
      sum(o.delivery_minor) AS delivery_minor, sum(o.tax_minor) AS tax_minor, sum(o.total_minor) AS total_minor,
      sum(o.refunded_minor) AS refunded_minor, ${localDay}::text AS k1, k.code || ' ' || o.currency AS k2
    FROM orders o JOIN countries k ON k.id = o.country_id
    WHERE ${where}
    GROUP BY ${localDay}, k.code, o.currency) x
    WHERE ${afterKey(at, sql`x.day::date, x.k2`, ["date", "text"])}
    ORDER BY x.day, x.k2 ${limitOf(at)}`;
}

function salesRow(r: SalesRaw): MarketSalesRow {
  const total = Number(r.total_minor);
  const refunded = Number(r.refunded_minor);
  return {
    key: r.key,
    day: r.day,
    order_code: r.order_code,
    stage: r.stage,
    country_code: r.country_code,
    currency: r.currency,
    orders: Number(r.orders),
    subtotal: m(r.subtotal_minor, r.decimals),
    discounts: m(r.discounts_minor, r.decimals),
    delivery: m(r.delivery_minor, r.decimals),
    tax: m(r.tax_minor, r.decimals),
    total: m(total, r.decimals),
    refunded: m(refunded, r.decimals),
    net: m(total - refunded, r.decimals),
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
  const raw = await queryRows<SalesRaw>(deps.db, salesQuery(f, { offset: offsetOf(q), limit: q.size }));
  const totals = await queryRows<{
    currency: string;
    decimals: number;
    orders: number;
    rows: number;
    subtotal_minor: string;
    discounts_minor: string;
    delivery_minor: string;
    tax_minor: string;
    total_minor: string;
    refunded_minor: string;
  }>(
    deps.db,
    sql`SELECT o.currency::text AS currency, min(k.currency_decimals) AS decimals, count(*)::int AS orders,
        count(DISTINCT (${localDay}, k.code))::int AS rows,
        sum(o.subtotal_minor) AS subtotal_minor, sum(o.offer_discount_minor + o.coupon_discount_minor) AS discounts_minor,
        sum(o.delivery_minor) AS delivery_minor, sum(o.tax_minor) AS tax_minor, sum(o.total_minor) AS total_minor,
        sum(o.refunded_minor) AS refunded_minor
      FROM orders o JOIN countries k ON k.id = o.country_id
      WHERE ${ordersIn(f)} AND ${f.stage === null ? sql`true` : sql`o.stage = ${f.stage}`}
      GROUP BY o.currency ORDER BY o.currency`,
  );
  const total = totals.reduce((n, t) => n + Number(f.group === "order" ? t.orders : t.rows), 0);
  return {
    ...listPage(raw.map(salesRow), total, q),
    from: f.from,
    to: f.to,
    totals: totals.map((t) => ({
      currency: t.currency,
      orders: Number(t.orders),
      subtotal: m(t.subtotal_minor, t.decimals),
      discounts: m(t.discounts_minor, t.decimals),
      delivery: m(t.delivery_minor, t.decimals),
      tax: m(t.tax_minor, t.decimals),
      total: m(t.total_minor, t.decimals),
      refunded: m(t.refunded_minor, t.decimals),
      net: m(Number(t.total_minor) - Number(t.refunded_minor), t.decimals),
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

interface ItemsFilter extends Filter {
  categoryId: number | null;
}

interface ItemsRaw {
  item_id: number;
  variation_id: number | null;
  name: string;
  variation_name: string | null;
  category: string;
  kind: "product" | "service";
  country_code: string;
  currency: string;
  decimals: number;
  units_sold: number;
  units_returned: number;
  revenue_minor: string;
  k_units: string;
  k_variation: string;
}

/** A line's cost after offers, its coupon share off and its tax share on; a return gives back its floor share. */
const lineTotal = sql`(l.unit_price_minor * l.quantity - l.unit_offer_minor * l.quantity - l.coupon_share_minor + l.tax_share_minor)`;

function itemsQuery(f: ItemsFilter, at: PageAt): SQL {
  return sql`SELECT * FROM (SELECT l.item_id, l.variation_id, i.name->>'en' AS name, v.value->>'en' AS variation_name,
      c.name->>'en' AS category, i.kind, k.code AS country_code, o.currency::text AS currency,
      min(k.currency_decimals) AS decimals, sum(l.quantity)::int AS units_sold,
      sum(l.returned_quantity)::int AS units_returned,
      sum(${lineTotal} - (${lineTotal} * l.returned_quantity) / l.quantity) AS revenue_minor,
      (-sum(l.quantity))::text AS k_units, COALESCE(l.variation_id, 0)::text AS k_variation
    FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN countries k ON k.id = o.country_id
    JOIN market_items i ON i.id = l.item_id JOIN market_categories c ON c.id = i.category_id
    LEFT JOIN market_variations v ON v.id = l.variation_id
    WHERE ${ordersIn(f)} AND o.stage NOT IN ('canceled', 'rejected')
      AND ${f.categoryId === null ? sql`true` : sql`i.category_id = ${f.categoryId}`}
    GROUP BY l.item_id, l.variation_id, i.name, v.value, c.name, i.kind, k.code, o.currency) x
    WHERE ${afterKey(at, sql`-x.units_sold, x.item_id, COALESCE(x.variation_id, 0), x.currency`, ["int", "int", "int", "text"])}
    ORDER BY -x.units_sold, x.item_id, COALESCE(x.variation_id, 0), x.currency ${limitOf(at)}`;
}

function itemsRow(r: ItemsRaw): MarketItemsRow {
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
    revenue: m(r.revenue_minor, r.decimals),
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
  const raw = await queryRows<ItemsRaw>(deps.db, itemsQuery(f, { offset: offsetOf(q), limit: q.size }));
  const totals = await queryRows<{
    currency: string;
    decimals: number;
    rows: number;
    units_sold: number;
    units_returned: number;
    revenue_minor: string;
  }>(
    deps.db,
    sql`SELECT x.currency, min(x.decimals) AS decimals, count(*)::int AS rows, sum(x.units_sold)::int AS units_sold,
        sum(x.units_returned)::int AS units_returned, sum(x.revenue_minor) AS revenue_minor
      FROM (${itemsQuery(f, { offset: 0, limit: 2_147_483_647 })}) x GROUP BY x.currency ORDER BY x.currency`,
  );
  const total = totals.reduce((n, t) => n + Number(t.rows), 0);
  return {
    ...listPage(raw.map(itemsRow), total, q),
    from: f.from,
    to: f.to,
    totals: totals.map((t) => ({
      currency: t.currency,
      units_sold: Number(t.units_sold),
      units_returned: Number(t.units_returned),
      revenue: m(t.revenue_minor, t.decimals),
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
  query: (at: PageAt) => SQL,
  row: (r: Raw) => Row,
  key: (r: Raw) => string[],
  batch: number,
): AsyncGenerator<string> {
  return (async function* chunks(): AsyncGenerator<string> {
    // A byte order mark so that spreadsheets read the file as UTF-8 (names, "é").
    yield `\uFEFF${csvLine(columns.map((c) => c.header))}`;
    let after: string[] | null = null;
    for (;;) {
      const raw = await queryRows<Raw>(deps.db, query({ after, limit: batch }));
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
  return {
    filename: `parkwell-market-sales-${f.from}-to-${f.to}.csv`,
    chunks: csvOf<SalesRaw, MarketSalesRow>(
      deps,
      salesColumns,
      (at) => salesQuery(f, at),
      salesRow,
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
  return {
    filename: `parkwell-market-items-${f.from}-to-${f.to}.csv`,
    chunks: csvOf<ItemsRaw, MarketItemsRow>(
      deps,
      itemsColumns,
      (at) => itemsQuery(f, at),
      itemsRow,
      (r) => [String(-Number(r.units_sold)), String(r.item_id), r.k_variation, r.currency],
      batch,
    ),
  };
}
