/**
 * The queries of the marketplace's Sales and Items reports: one page (OFFSET) or one keyset batch
 * (after the last row's key) of rows, and the totals per currency. A day is the order's country's.
 */
import type { OrderStage } from "@parkwell/contract";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../../db/client";
import { afterKey, limitOf, type PageAt } from "../reports/reports.repo";

// A page or a keyset batch, as the back office's other reports read theirs.
export type { PageAt } from "../reports/reports.repo";

export interface Filter {
  from: string;
  to: string;
  country: string | null;
}

/** Orders of the range (created on the country's days `from` to `to`) and the country filter. */
const ordersIn = (f: Filter) => sql`o.created_at >= ((${f.from}::date)::timestamp AT TIME ZONE k.timezone)
  AND o.created_at < (((${f.to}::date + 1))::timestamp AT TIME ZONE k.timezone)
  AND ${f.country === null ? sql`true` : sql`k.code = ${f.country}`}`;

export interface SalesFilter extends Filter {
  stage: OrderStage | null;
  group: "day" | "order";
}

export interface SalesRaw {
  key: string;
  day: string;
  order_code: string | null;
  stage: OrderStage | null;
  country_code: string;
  currency: string;
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
        k.code AS country_code, o.currency::text AS currency, 1 AS orders,
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
      count(*)::int AS orders,
      sum(o.subtotal_minor) AS subtotal_minor, sum(o.offer_discount_minor + o.coupon_discount_minor) AS discounts_minor,
      sum(o.delivery_minor) AS delivery_minor, sum(o.tax_minor) AS tax_minor, sum(o.total_minor) AS total_minor,
      sum(o.refunded_minor) AS refunded_minor, ${localDay}::text AS k1, k.code || ' ' || o.currency AS k2
    FROM orders o JOIN countries k ON k.id = o.country_id
    WHERE ${where}
    GROUP BY ${localDay}, k.code, o.currency) x
    WHERE ${afterKey(at, sql`x.day::date, x.k2`, ["date", "text"])}
    ORDER BY x.day, x.k2 ${limitOf(at)}`;
}

/** One page or batch of the Sales Report's rows. */
export function salesRows(db: Db, f: SalesFilter, at: PageAt): Promise<SalesRaw[]> {
  return queryRows<SalesRaw>(db, salesQuery(f, at));
}

/** The Sales Report's totals per currency, with the count of orders and of day rows. */
export function salesTotals(db: Db, f: SalesFilter) {
  return queryRows<{
    currency: string;
    orders: number;
    rows: number;
    subtotal_minor: string;
    discounts_minor: string;
    delivery_minor: string;
    tax_minor: string;
    total_minor: string;
    refunded_minor: string;
  }>(
    db,
    sql`SELECT o.currency::text AS currency, count(*)::int AS orders,
        count(DISTINCT (${localDay}, k.code))::int AS rows,
        sum(o.subtotal_minor) AS subtotal_minor, sum(o.offer_discount_minor + o.coupon_discount_minor) AS discounts_minor,
        sum(o.delivery_minor) AS delivery_minor, sum(o.tax_minor) AS tax_minor, sum(o.total_minor) AS total_minor,
        sum(o.refunded_minor) AS refunded_minor
      FROM orders o JOIN countries k ON k.id = o.country_id
      WHERE ${ordersIn(f)} AND ${f.stage === null ? sql`true` : sql`o.stage = ${f.stage}`}
      GROUP BY o.currency ORDER BY o.currency`,
  );
}

export interface ItemsFilter extends Filter {
  categoryId: number | null;
}

export interface ItemsRaw {
  item_id: number;
  variation_id: number | null;
  name: string;
  variation_name: string | null;
  category: string;
  kind: "product" | "service";
  country_code: string;
  currency: string;
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
      sum(l.quantity)::int AS units_sold,
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

/** One page or batch of the Items Report's rows. */
export function itemsRows(db: Db, f: ItemsFilter, at: PageAt): Promise<ItemsRaw[]> {
  return queryRows<ItemsRaw>(db, itemsQuery(f, at));
}

/** The Items Report's totals per currency, with the count of rows. */
export function itemsTotals(db: Db, f: ItemsFilter) {
  return queryRows<{
    currency: string;
    rows: number;
    units_sold: number;
    units_returned: number;
    revenue_minor: string;
  }>(
    db,
    sql`SELECT x.currency, count(*)::int AS rows, sum(x.units_sold)::int AS units_sold,
        sum(x.units_returned)::int AS units_returned, sum(x.revenue_minor) AS revenue_minor
      FROM (${itemsQuery(f, { offset: 0, limit: 2_147_483_647 })}) x GROUP BY x.currency ORDER BY x.currency`,
  );
}
