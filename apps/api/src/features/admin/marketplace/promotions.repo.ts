/** The queries of the back office's offers, coupons and sliders. Queries only; promotions.service.ts holds the rules. */
import type { RecordStatus } from "@parkwell/contract";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import {
  coupons,
  marketCategories,
  marketItems,
  marketOffers,
  marketSliders,
  type Localised,
} from "../../../db/schema/index";
import { likePattern } from "../../../lib/like";
import { deleteRecord, insertRecord, recordById, updateRecord } from "./market-records.repo";

export type OfferRow = typeof marketOffers.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type SliderRow = typeof marketSliders.$inferSelect;

export interface PromotionFilter {
  countryId?: number | null | undefined;
  status?: RecordStatus | undefined;
  search?: string | undefined;
  size: number;
  offset: number;
}

const countryIs = (column: SQL, countryId: number | null | undefined) =>
  countryId === undefined ? sql`true` : sql`${column} = ${countryId}`;

async function countAndIds(db: Db, table: SQL, where: SQL, order: SQL, f: PromotionFilter) {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
  );
  const ids = await queryRows<{ id: number }>(
    db,
    sql`SELECT x.id FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${f.size} OFFSET ${f.offset}`,
  );
  return { total: Number(count?.n ?? 0), ids: ids.map((r) => Number(r.id)) };
}

// ---------------------------------------------------------------------------------------------
// Offers

/** The item and the category an offer names (each when it names one). */
export async function offerTargets(tx: Tx, row: OfferRow) {
  const item = row.itemId
    ? (
        await tx
          .select({ id: marketItems.id, name: marketItems.name })
          .from(marketItems)
          .where(eq(marketItems.id, row.itemId))
      )[0]
    : undefined;
  const category = row.categoryId
    ? (
        await tx
          .select({ id: marketCategories.id, name: marketCategories.name })
          .from(marketCategories)
          .where(eq(marketCategories.id, row.categoryId))
      )[0]
    : undefined;
  return { item, category };
}

/** The count of the offers the filter matches and the ids of one page, latest end first. */
export function offerIdsPage(db: Db, f: PromotionFilter) {
  const where = sql`${countryIs(sql`x.country_id`, f.countryId)}
    AND ${f.status ? sql`x.status = ${f.status}` : sql`true`}
    AND ${f.search ? sql`(x.name->>'en' ILIKE ${likePattern(f.search)} OR x.name->>'fr' ILIKE ${likePattern(f.search)})` : sql`true`}`;
  return countAndIds(db, sql`market_offers x`, where, sql`x.ends_at DESC, x.id DESC`, f);
}

export const offerById = (tx: Tx, id: number, lock = false) => recordById(tx, marketOffers, id, lock);

/** Whether an item belongs to the country. */
export async function itemInCountry(tx: Tx, itemId: number, countryId: number): Promise<boolean> {
  const [item] = await tx
    .select({ id: marketItems.id })
    .from(marketItems)
    .where(and(eq(marketItems.id, itemId), eq(marketItems.countryId, countryId)));
  return item !== undefined;
}

export const insertOffer = (tx: Tx, values: typeof marketOffers.$inferInsert) =>
  insertRecord(tx, marketOffers, values);

export const updateOfferRow = (tx: Tx, id: number, values: Partial<OfferRow>) =>
  updateRecord(tx, marketOffers, id, values);

export const deleteOfferRow = (tx: Tx, id: number) => deleteRecord(tx, marketOffers, id);

// ---------------------------------------------------------------------------------------------
// Coupons

export async function couponUseCount(tx: Tx, couponId: number): Promise<number> {
  const [uses] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM coupon_uses WHERE coupon_id = ${couponId}`,
  );
  return Number(uses?.n ?? 0);
}

/** The count of the coupons the filter matches and the ids of one page, newest first. */
export function couponIdsPage(db: Db, f: PromotionFilter) {
  const where = sql`${countryIs(sql`x.country_id`, f.countryId)}
    AND ${f.status ? sql`x.status = ${f.status}` : sql`true`}
    AND ${f.search ? sql`(x.code ILIKE ${likePattern(f.search)} OR x.name ILIKE ${likePattern(f.search)})` : sql`true`}`;
  return countAndIds(db, sql`coupons x`, where, sql`x.created_at DESC, x.id DESC`, f);
}

export const couponById = (tx: Tx, id: number, lock = false) => recordById(tx, coupons, id, lock);

/** The id of the country's coupon of a code. */
export async function couponIdOfCode(tx: Tx, countryId: number, code: string): Promise<number | undefined> {
  const [taken] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.countryId, countryId), eq(coupons.code, code)));
  return taken?.id;
}

export const insertCoupon = (tx: Tx, values: typeof coupons.$inferInsert) =>
  insertRecord(tx, coupons, values);

export const updateCouponRow = (tx: Tx, id: number, values: Partial<CouponRow>) =>
  updateRecord(tx, coupons, id, values);

/**
 * How many purchases used a coupon (a positive count is all that matters): every use the engine
 * recorded (any kind, passes included), plus the rows that keep the coupon they were priced with
 * even when refunded or when the code took nothing off (marketplace orders, vehicle-document
 * requests).
 */
export async function purchasesWithCoupon(tx: Tx, couponId: number): Promise<number> {
  const [used] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT (SELECT count(*) FROM coupon_uses WHERE coupon_id = ${couponId})
      + (SELECT count(*) FROM orders WHERE coupon_id = ${couponId})
      + (SELECT count(*) FROM vehicle_doc_requests WHERE coupon_id = ${couponId}) AS n`,
  );
  return Number(used?.n ?? 0);
}

export const deleteCouponRow = (tx: Tx, id: number) => deleteRecord(tx, coupons, id);

// ---------------------------------------------------------------------------------------------
// Sliders

/** The count of the sliders the filter matches and one page, by country code and position. */
export async function sliderPage(db: Db, f: PromotionFilter) {
  const where = sql`${countryIs(sql`s.country_id`, f.countryId)}
    AND ${f.status ? sql`s.status = ${f.status}` : sql`true`}`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM market_sliders s WHERE ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    country_code: string;
    title: Localised;
    subtitle: Localised;
    image_url: string | null;
    link: string;
    position: number;
    status: RecordStatus;
  }>(
    db,
    sql`SELECT s.id, k.code AS country_code, s.title, s.subtitle, s.image_url, s.link, s.position, s.status
      FROM market_sliders s JOIN countries k ON k.id = s.country_id WHERE ${where}
      ORDER BY k.code, s.position, s.id LIMIT ${f.size} OFFSET ${f.offset}`,
  );
  return { total: Number(count?.n ?? 0), rows };
}

export const sliderById = (tx: Tx, id: number, lock = false) => recordById(tx, marketSliders, id, lock);

export async function sliderExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: marketSliders.id }).from(marketSliders).where(eq(marketSliders.id, id));
  return row !== undefined;
}

export const insertSlider = (tx: Tx, values: typeof marketSliders.$inferInsert) =>
  insertRecord(tx, marketSliders, values);

export const updateSliderRow = (tx: Tx, id: number, values: Partial<SliderRow>) =>
  updateRecord(tx, marketSliders, id, values);

export const deleteSliderRow = (tx: Tx, id: number) => deleteRecord(tx, marketSliders, id);
