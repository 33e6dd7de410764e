/**
 * The back office's categories and attributes (docs/PRODUCT-RULES.md#marketplace), shared by every
 * country. Records are deactivated, not removed, once something uses them (a 409 says so). Every
 * change is one transaction with its audit entry.
 */ import {
  type AdminMarketAttribute,
  type AdminMarketAttributeList,
  type AdminMarketCategory,
  type AdminMarketCategoryList,
  type RecordStatus,
} from "@parkwell/contract";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { marketAttributes, marketCategories, type Localised } from "../../../db/schema/index";
import { AppError } from "../../../lib/app-error";
import type { AuditActor } from "../audit.repo";
import { inUse } from "./market-admin.domain";
import { audit } from "./market-admin.service";
import { likePattern } from "../../../lib/like";
import { listPage, offsetOf, type PageQuery } from "../../../lib/pagination";
import { isUniqueViolation } from "../../../lib/pg-error";
import {
  ATTRIBUTE_IN_USE_MESSAGE,
  attributeNotFound,
  CATEGORY_IN_USE_MESSAGE,
  categoryNotFound,
  SLUG_TAKEN_MESSAGE,
} from "./catalogue.domain";

// ---------------------------------------------------------------------------------------------
// Categories

type CategoryRow = typeof marketCategories.$inferSelect;

async function categoryOut(tx: Tx, row: CategoryRow): Promise<AdminMarketCategory> {
  const [n] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM market_items WHERE category_id = ${row.id}`,
  );
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    icon: row.icon,
    position: row.position,
    status: row.status,
    items: Number(n?.n ?? 0),
  };
}

const categoryAudit = (r: CategoryRow) => ({
  slug: r.slug,
  name: r.name,
  icon: r.icon,
  position: r.position,
  status: r.status,
});

export async function listCategories(
  db: Db,
  q: PageQuery & { status?: RecordStatus | undefined; search?: string | undefined },
): Promise<AdminMarketCategoryList> {
  const where = sql`${q.status ? sql`c.status = ${q.status}` : sql`true`}
    AND ${q.search ? sql`(c.slug ILIKE ${likePattern(q.search)} OR c.name->>'en' ILIKE ${likePattern(q.search)} OR c.name->>'fr' ILIKE ${likePattern(q.search)})` : sql`true`}`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM market_categories c WHERE ${where}`,
  );
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
      ORDER BY c.position, c.id LIMIT ${q.size} OFFSET ${offsetOf(q)}`,
  );
  const total = Number(count?.n ?? 0);
  return listPage(
    rows.map((r) => ({ ...r, id: Number(r.id), items: Number(r.items) })),
    total,
    q,
  );
}

async function slugFree(tx: Tx, slug: string, exceptId: number | null): Promise<void> {
  const [row] = await tx
    .select({ id: marketCategories.id })
    .from(marketCategories)
    .where(eq(marketCategories.slug, slug));
  if (row && row.id !== exceptId) throw AppError.validation({ slug: SLUG_TAKEN_MESSAGE });
}

export async function createCategory(
  db: Db,
  actor: AuditActor,
  body: { slug: string; name: Localised; icon: string; position: number; status: RecordStatus },
): Promise<AdminMarketCategory> {
  try {
    return await db.transaction(async (tx) => {
      await slugFree(tx, body.slug, null);
      const [row] = await tx.insert(marketCategories).values(body).returning();
      await audit(tx, actor, "market_category.create", "market_category", row!.id, null, categoryAudit(row!));
      return categoryOut(tx, row!);
    });
  } catch (err) {
    if (isUniqueViolation(err, "market_categories_slug_key")) {
      throw AppError.validation({ slug: SLUG_TAKEN_MESSAGE });
    }
    throw err;
  }
}

export async function updateCategory(
  db: Db,
  actor: AuditActor,
  id: number,
  body: Partial<{ slug: string; name: Localised; icon: string; position: number; status: RecordStatus }>,
): Promise<AdminMarketCategory> {
  try {
    return await db.transaction(async (tx) => {
      const [seen] = await tx
        .select()
        .from(marketCategories)
        .where(eq(marketCategories.id, id))
        .for("update");
      if (!seen) throw categoryNotFound();
      if (body.slug !== undefined) await slugFree(tx, body.slug, id);
      const [row] = await tx
        .update(marketCategories)
        .set(body)
        .where(eq(marketCategories.id, id))
        .returning();
      await audit(
        tx,
        actor,
        "market_category.update",
        "market_category",
        id,
        categoryAudit(seen),
        categoryAudit(row!),
      );
      return categoryOut(tx, row!);
    });
  } catch (err) {
    if (isUniqueViolation(err, "market_categories_slug_key")) {
      throw AppError.validation({ slug: SLUG_TAKEN_MESSAGE });
    }
    throw err;
  }
}

export async function deleteCategory(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [seen] = await tx.select().from(marketCategories).where(eq(marketCategories.id, id)).for("update");
    if (!seen) throw categoryNotFound();
    const [used] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT (SELECT count(*) FROM market_items WHERE category_id = ${id})
        + (SELECT count(*) FROM market_offers WHERE category_id = ${id}) AS n`,
    );
    if (Number(used?.n ?? 0) > 0) throw inUse(CATEGORY_IN_USE_MESSAGE);
    await tx.delete(marketCategories).where(eq(marketCategories.id, id));
    await audit(tx, actor, "market_category.delete", "market_category", id, categoryAudit(seen), null);
  });
}

// ---------------------------------------------------------------------------------------------
// Attributes

type AttributeRow = typeof marketAttributes.$inferSelect;

async function attributeOut(tx: Tx, row: AttributeRow): Promise<AdminMarketAttribute> {
  const [n] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM market_variations WHERE attribute_id = ${row.id}`,
  );
  return { id: row.id, name: row.name, status: row.status, variations: Number(n?.n ?? 0) };
}

export async function listAttributes(
  db: Db,
  q: PageQuery & { status?: RecordStatus | undefined; search?: string | undefined },
): Promise<AdminMarketAttributeList> {
  const where = sql`${q.status ? sql`a.status = ${q.status}` : sql`true`}
    AND ${q.search ? sql`(a.name->>'en' ILIKE ${likePattern(q.search)} OR a.name->>'fr' ILIKE ${likePattern(q.search)})` : sql`true`}`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM market_attributes a WHERE ${where}`,
  );
  const rows = await queryRows<{ id: number; name: Localised; status: RecordStatus; variations: number }>(
    db,
    sql`SELECT a.id, a.name, a.status,
        (SELECT count(*)::int FROM market_variations v WHERE v.attribute_id = a.id) AS variations
      FROM market_attributes a WHERE ${where}
      ORDER BY a.name->>'en', a.id LIMIT ${q.size} OFFSET ${offsetOf(q)}`,
  );
  const total = Number(count?.n ?? 0);
  return listPage(
    rows.map((r) => ({ ...r, id: Number(r.id), variations: Number(r.variations) })),
    total,
    q,
  );
}

export async function createAttribute(
  db: Db,
  actor: AuditActor,
  body: { name: Localised; status: RecordStatus },
): Promise<AdminMarketAttribute> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(marketAttributes).values(body).returning();
    await audit(tx, actor, "market_attribute.create", "market_attribute", row!.id, null, {
      name: row!.name,
      status: row!.status,
    });
    return attributeOut(tx, row!);
  });
}

export async function updateAttribute(
  db: Db,
  actor: AuditActor,
  id: number,
  body: Partial<{ name: Localised; status: RecordStatus }>,
): Promise<AdminMarketAttribute> {
  return db.transaction(async (tx) => {
    const [seen] = await tx.select().from(marketAttributes).where(eq(marketAttributes.id, id)).for("update");
    if (!seen) throw attributeNotFound();
    const [row] = await tx.update(marketAttributes).set(body).where(eq(marketAttributes.id, id)).returning();
    await audit(
      tx,
      actor,
      "market_attribute.update",
      "market_attribute",
      id,
      { name: seen.name, status: seen.status },
      { name: row!.name, status: row!.status },
    );
    return attributeOut(tx, row!);
  });
}

export async function deleteAttribute(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [seen] = await tx.select().from(marketAttributes).where(eq(marketAttributes.id, id)).for("update");
    if (!seen) throw attributeNotFound();
    const [used] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM market_variations WHERE attribute_id = ${id}`,
    );
    if (Number(used?.n ?? 0) > 0) throw inUse(ATTRIBUTE_IN_USE_MESSAGE);
    await tx.delete(marketAttributes).where(eq(marketAttributes.id, id));
    await audit(
      tx,
      actor,
      "market_attribute.delete",
      "market_attribute",
      id,
      {
        name: seen.name,
        status: seen.status,
      },
      null,
    );
  });
}
