/** The queries of the back office's items, their variations and links. Queries only. */
import type { ItemKind, RecordStatus } from "@parkwell/contract";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import {
  marketAddons,
  marketAttributes,
  marketCategories,
  marketItemAddons,
  marketItemParks,
  marketItems,
  marketVariations,
  type Localised,
} from "../../../db/schema/index";
import { likePattern } from "../../../lib/like";
import { insertRecord, recordById, updateRecord } from "./market-records.repo";

export type ItemRow = typeof marketItems.$inferSelect;
export type VariationRow = typeof marketVariations.$inferSelect;

export interface ItemListFilter {
  countryId: number | null | undefined;
  categoryId?: number | undefined;
  kind?: ItemKind | undefined;
  status?: RecordStatus | undefined;
  /** Normalised words, every one in the item's search text. */
  terms: string[];
  size: number;
  offset: number;
}

/** One page of items, last updated first, with their country and category, and the count of all that match. */
export async function itemPage(db: Db, f: ItemListFilter) {
  const where: SQL = sql`${f.countryId === undefined ? sql`true` : sql`i.country_id = ${f.countryId}`}
    AND ${f.categoryId ? sql`i.category_id = ${f.categoryId}` : sql`true`}
    AND ${f.kind ? sql`i.kind = ${f.kind}` : sql`true`}
    AND ${f.status ? sql`i.status = ${f.status}` : sql`true`}
    AND ${
      f.terms.length > 0
        ? sql.join(
            f.terms.map((t) => sql`i.search LIKE ${likePattern(t)}`),
            sql` AND `,
          )
        : sql`true`
    }`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM market_items i WHERE ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    country_code: string;
    currency: string;
    kind: ItemKind;
    name: Localised;
    category_id: number;
    category_name: Localised;
    images: string[];
    price_minor: string;
    stock: number | null;
    variation_stock: number | null;
    daily_capacity: number | null;
    variations: number;
    status: RecordStatus;
    sold: number;
    updated_at: string;
  }>(
    db,
    sql`SELECT i.id, k.code AS country_code, k.currency, i.kind, i.name,
        i.category_id, c.name AS category_name, i.images, i.price_minor, i.stock, i.daily_capacity,
        i.status, i.sold, i.updated_at,
        (SELECT count(*)::int FROM market_variations v WHERE v.item_id = i.id) AS variations,
        (SELECT sum(v.stock)::int FROM market_variations v WHERE v.item_id = i.id AND v.status = 'active')
          AS variation_stock
      FROM market_items i JOIN countries k ON k.id = i.country_id
      JOIN market_categories c ON c.id = i.category_id
      WHERE ${where}
      ORDER BY i.updated_at DESC, i.id DESC LIMIT ${f.size} OFFSET ${f.offset}`,
  );
  return { total: Number(count?.n ?? 0), rows };
}

/** An item; with `lock`, its row is held until the transaction commits. */
export const itemById = (tx: Tx, id: number, lock = false) => recordById(tx, marketItems, id, lock);

/** An item's category, variations (with their attribute's name), add-ons and parks. */
export async function itemDetailRows(tx: Tx, row: ItemRow) {
  const [category] = await tx.select().from(marketCategories).where(eq(marketCategories.id, row.categoryId));
  const variations = await queryRows<{
    id: number;
    attribute_id: number;
    attribute_name: Localised;
    value: Localised;
    price_minor: string;
    stock: number | null;
    position: number;
    status: RecordStatus;
  }>(
    tx,
    sql`SELECT v.id, v.attribute_id, a.name AS attribute_name, v.value, v.price_minor, v.stock, v.position,
        v.status
      FROM market_variations v JOIN market_attributes a ON a.id = v.attribute_id
      WHERE v.item_id = ${row.id} ORDER BY v.position, v.id`,
  );
  const addons = await queryRows<{ id: number; name: Localised; price_minor: string }>(
    tx,
    sql`SELECT a.id, a.name, a.price_minor FROM market_item_addons l JOIN market_addons a ON a.id = l.addon_id
      WHERE l.item_id = ${row.id} ORDER BY a.id`,
  );
  const parks = await queryRows<{ id: number; name: string; city: string }>(
    tx,
    sql`SELECT p.id, p.name, p.city FROM market_item_parks l JOIN parks p ON p.id = l.park_id
      WHERE l.item_id = ${row.id} ORDER BY p.name, p.id`,
  );
  return { category, variations, addons, parks };
}

/** The ids of an item's add-ons and parks, ascending. */
export async function linksOf(tx: Tx, itemId: number): Promise<{ addonIds: number[]; parkIds: number[] }> {
  const addons = await tx
    .select({ id: marketItemAddons.addonId })
    .from(marketItemAddons)
    .where(eq(marketItemAddons.itemId, itemId));
  const parks = await tx
    .select({ id: marketItemParks.parkId })
    .from(marketItemParks)
    .where(eq(marketItemParks.itemId, itemId));
  return {
    addonIds: addons.map((a) => a.id).sort((a, b) => a - b),
    parkIds: parks.map((p) => p.id).sort((a, b) => a - b),
  };
}

/** How many of these add-ons belong to the country. */
export async function addonsInCountry(tx: Tx, ids: number[], countryId: number): Promise<number> {
  const found = await tx
    .select({ id: marketAddons.id })
    .from(marketAddons)
    .where(and(inArray(marketAddons.id, ids), eq(marketAddons.countryId, countryId)));
  return found.length;
}

/** How many of these parks belong to the country. */
export async function parksInCountry(tx: Tx, ids: number[], countryId: number): Promise<number> {
  const found = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM parks WHERE country_id = ${countryId}
      AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return found.length;
}

/** Replaces an item's add-on links and park links (each when given). */
export async function replaceLinks(
  tx: Tx,
  itemId: number,
  addonIds: number[] | undefined,
  parkIds: number[] | undefined,
) {
  if (addonIds) {
    await tx.delete(marketItemAddons).where(eq(marketItemAddons.itemId, itemId));
    if (addonIds.length > 0) {
      await tx.insert(marketItemAddons).values(addonIds.map((addonId) => ({ itemId, addonId })));
    }
  }
  if (parkIds) {
    await tx.delete(marketItemParks).where(eq(marketItemParks.itemId, itemId));
    if (parkIds.length > 0) {
      await tx.insert(marketItemParks).values(parkIds.map((parkId) => ({ itemId, parkId })));
    }
  }
}

export async function attributeExists(tx: Tx, id: number): Promise<boolean> {
  const [attribute] = await tx
    .select({ id: marketAttributes.id })
    .from(marketAttributes)
    .where(eq(marketAttributes.id, id));
  return attribute !== undefined;
}

/** Whether an item has a variation of another attribute (an item's variations share one). */
export async function hasVariationOfOtherAttribute(tx: Tx, itemId: number, attributeId: number) {
  const [other] = await tx
    .select({ id: marketVariations.id })
    .from(marketVariations)
    .where(and(eq(marketVariations.itemId, itemId), sql`${marketVariations.attributeId} <> ${attributeId}`))
    .limit(1);
  return other !== undefined;
}

/** An item's variation, its row held until the transaction commits. */
export async function lockVariation(tx: Tx, itemId: number, variationId: number) {
  const [seen] = await tx
    .select()
    .from(marketVariations)
    .where(and(eq(marketVariations.id, variationId), eq(marketVariations.itemId, itemId)))
    .for("update");
  return seen;
}

export const insertItem = (tx: Tx, values: typeof marketItems.$inferInsert) =>
  insertRecord(tx, marketItems, values);

export const updateItemRow = (tx: Tx, id: number, values: Partial<ItemRow>) =>
  updateRecord(tx, marketItems, id, values);

export const insertVariation = (tx: Tx, values: typeof marketVariations.$inferInsert) =>
  insertRecord(tx, marketVariations, values);

export const updateVariationRow = (tx: Tx, id: number, values: Partial<VariationRow>) =>
  updateRecord(tx, marketVariations, id, values);
