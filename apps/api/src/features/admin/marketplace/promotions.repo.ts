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

export async function offerById(db: Tx, id: number, lock = false): Promise<OfferRow | undefined> {
  const query = db.select().from(marketOffers).where(eq(marketOffers.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** Whether an item belongs to the country. */
export async function itemInCountry(tx: Tx, itemId: number, countryId: number): Promise<boolean> {
  const [item] = await tx
    .select({ id: marketItems.id })
    .from(marketItems)
    .where(and(eq(marketItems.id, itemId), eq(marketItems.countryId, countryId)));
  return item !== undefined;
}

export async function categoryExists(tx: Tx, id: number): Promise<boolean> {
  const [category] = await tx
    .select({ id: marketCategories.id })
    .from(marketCategories)
    .where(eq(marketCategories.id, id));
  return category !== undefined;
}

export async function insertOffer(tx: Tx, values: typeof marketOffers.$inferInsert): Promise<OfferRow> {
  const [row] = await tx.insert(marketOffers).values(values).returning();
  return row!;
}

export async function updateOfferRow(tx: Tx, id: number, values: Partial<OfferRow>): Promise<OfferRow> {
  const [row] = await tx.update(marketOffers).set(values).where(eq(marketOffers.id, id)).returning();
  return row!;
}

export async function deleteOfferRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(marketOffers).where(eq(marketOffers.id, id));
}

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

export async function couponById(db: Tx, id: number, lock = false): Promise<CouponRow | undefined> {
  const query = db.select().from(coupons).where(eq(coupons.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The id of the country's coupon of a code. */
export async function couponIdOfCode(tx: Tx, countryId: number, code: string): Promise<number | undefined> {
  const [taken] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.countryId, countryId), eq(coupons.code, code)));
  return taken?.id;
}

export async function insertCoupon(tx: Tx, values: typeof coupons.$inferInsert): Promise<CouponRow> {
  const [row] = await tx.insert(coupons).values(values).returning();
  return row!;
}

export async function updateCouponRow(tx: Tx, id: number, values: Partial<CouponRow>): Promise<CouponRow> {
  const [row] = await tx.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  return row!;
}

/** How many orders used a coupon. */
export async function ordersWithCoupon(tx: Tx, couponId: number): Promise<number> {
  const [used] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM orders WHERE coupon_id = ${couponId}`,
  );
  return Number(used?.n ?? 0);
}

export async function deleteCouponRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(coupons).where(eq(coupons.id, id));
}

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

export async function sliderById(db: Tx, id: number, lock = false): Promise<SliderRow | undefined> {
  const query = db.select().from(marketSliders).where(eq(marketSliders.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function sliderExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: marketSliders.id }).from(marketSliders).where(eq(marketSliders.id, id));
  return row !== undefined;
}

export async function insertSlider(tx: Tx, values: typeof marketSliders.$inferInsert): Promise<SliderRow> {
  const [row] = await tx.insert(marketSliders).values(values).returning();
  return row!;
}

export async function updateSliderRow(tx: Tx, id: number, values: Partial<SliderRow>): Promise<SliderRow> {
  const [row] = await tx.update(marketSliders).set(values).where(eq(marketSliders.id, id)).returning();
  return row!;
}

export async function deleteSliderRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(marketSliders).where(eq(marketSliders.id, id));
}
