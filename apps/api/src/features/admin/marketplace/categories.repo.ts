/** The queries of the back office's categories and attributes. Queries only. */
import type { RecordStatus } from "@parkwell/contract";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { marketAttributes, marketCategories, type Localised } from "../../../db/schema/index";
import { likePattern } from "../../../lib/like";
import { deleteRecord, insertRecord, recordById, updateRecord } from "./market-records.repo";

export type CategoryRow = typeof marketCategories.$inferSelect;
export type AttributeRow = typeof marketAttributes.$inferSelect;

interface ListFilter {
  status?: RecordStatus | undefined;
  search?: string | undefined;
  size: number;
  offset: number;
}

async function count(tx: Tx, query: ReturnType<typeof sql>): Promise<number> {
  const [n] = await queryRows<{ n: number }>(tx, query);
  return Number(n?.n ?? 0);
}

/** How many items a category holds. */
export const itemsInCategory = (tx: Tx, id: number) =>
  count(tx, sql`SELECT count(*)::int AS n FROM market_items WHERE category_id = ${id}`);

/** How many items and offers name a category. */
export const usesOfCategory = (tx: Tx, id: number) =>
  count(
    tx,
    sql`SELECT (SELECT count(*) FROM market_items WHERE category_id = ${id})
        + (SELECT count(*) FROM market_offers WHERE category_id = ${id}) AS n`,
  );

/** How many variations use an attribute. */
export const variationsOfAttribute = (tx: Tx, id: number) =>
  count(tx, sql`SELECT count(*)::int AS n FROM market_variations WHERE attribute_id = ${id}`);

/** One page of categories with their item counts, by position, and the count of all that match. */
export async function categoryPage(db: Db, q: ListFilter) {
  const where = sql`${q.status ? sql`c.status = ${q.status}` : sql`true`}
    AND ${q.search ? sql`(c.slug ILIKE ${likePattern(q.search)} OR c.name->>'en' ILIKE ${likePattern(q.search)} OR c.name->>'fr' ILIKE ${likePattern(q.search)})` : sql`true`}`;
  const total = await count(db, sql`SELECT count(*)::int AS n FROM market_categories c WHERE ${where}`);
  const rows = await queryRows<{
    id: number;
    slug: string;
    name: Localised;
    icon: string;
    position: number;
    status: RecordStatus;
    items: number;
  }>(
    db,
    sql`SELECT c.id, c.slug, c.name, c.icon, c.position, c.status,
        (SELECT count(*)::int FROM market_items i WHERE i.category_id = c.id) AS items
      FROM market_categories c WHERE ${where}
      ORDER BY c.position, c.id LIMIT ${q.size} OFFSET ${q.offset}`,
  );
  return { total, rows };
}

/** The id of the category of a slug. */
export async function categoryIdOfSlug(tx: Tx, slug: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: marketCategories.id })
    .from(marketCategories)
    .where(eq(marketCategories.slug, slug));
  return row?.id;
}

export const lockCategory = (tx: Tx, id: number) => recordById(tx, marketCategories, id, true);

export const insertCategory = (tx: Tx, values: typeof marketCategories.$inferInsert) =>
  insertRecord(tx, marketCategories, values);

export const updateCategoryRow = (tx: Tx, id: number, values: Partial<CategoryRow>) =>
  updateRecord(tx, marketCategories, id, values);

/** Whether a category of this id exists. */
export async function categoryExists(tx: Tx, id: number): Promise<boolean> {
  const [category] = await tx
    .select({ id: marketCategories.id })
    .from(marketCategories)
    .where(eq(marketCategories.id, id));
  return category !== undefined;
}

export const deleteCategoryRow = (tx: Tx, id: number) => deleteRecord(tx, marketCategories, id);

/** One page of attributes with their variation counts, by English name, and the count of all that match. */
export async function attributePage(db: Db, q: ListFilter) {
  const where = sql`${q.status ? sql`a.status = ${q.status}` : sql`true`}
    AND ${q.search ? sql`(a.name->>'en' ILIKE ${likePattern(q.search)} OR a.name->>'fr' ILIKE ${likePattern(q.search)})` : sql`true`}`;
  const total = await count(db, sql`SELECT count(*)::int AS n FROM market_attributes a WHERE ${where}`);
  const rows = await queryRows<{ id: number; name: Localised; status: RecordStatus; variations: number }>(
    db,
    sql`SELECT a.id, a.name, a.status,
        (SELECT count(*)::int FROM market_variations v WHERE v.attribute_id = a.id) AS variations
      FROM market_attributes a WHERE ${where}
      ORDER BY a.name->>'en', a.id LIMIT ${q.size} OFFSET ${q.offset}`,
  );
  return { total, rows };
}

export const lockAttribute = (tx: Tx, id: number) => recordById(tx, marketAttributes, id, true);

export const insertAttribute = (tx: Tx, values: typeof marketAttributes.$inferInsert) =>
  insertRecord(tx, marketAttributes, values);

export const updateAttributeRow = (tx: Tx, id: number, values: Partial<AttributeRow>) =>
  updateRecord(tx, marketAttributes, id, values);

export const deleteAttributeRow = (tx: Tx, id: number) => deleteRecord(tx, marketAttributes, id);
