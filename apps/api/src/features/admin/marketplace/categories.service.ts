/**
 * The back office's categories and attributes (docs/PRODUCT-RULES.md#marketplace), shared by every
 * country. Records are deactivated, not removed, once something uses them (a 409 says so). Every
 * change is one transaction with its audit entry.
 */
import {
  type AdminMarketAttribute,
  type AdminMarketAttributeList,
  type AdminMarketCategory,
  type AdminMarketCategoryList,
  type RecordStatus,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import type { Localised } from "../../../db/schema/index";
import {
  attributePage,
  categoryIdOfSlug,
  categoryPage,
  deleteAttributeRow,
  deleteCategoryRow,
  insertAttribute,
  insertCategory,
  itemsInCategory,
  lockAttribute,
  lockCategory,
  updateAttributeRow,
  updateCategoryRow,
  usesOfCategory,
  variationsOfAttribute,
  type AttributeRow,
  type CategoryRow,
} from "./categories.repo";
import { AppError } from "../../../lib/app-error";
import type { AuditActor } from "../audit.repo";
import { inUse } from "./market-admin.domain";
import { audit } from "./market-admin.service";
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

async function categoryOut(tx: Tx, row: CategoryRow): Promise<AdminMarketCategory> {
  const items = await itemsInCategory(tx, row.id);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    icon: row.icon,
    position: row.position,
    status: row.status,
    items,
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
  const { total, rows } = await categoryPage(db, {
    status: q.status,
    search: q.search,
    size: q.size,
    offset: offsetOf(q),
  });
  return listPage(
    rows.map((r) => ({ ...r, id: Number(r.id), items: Number(r.items) })),
    total,
    q,
  );
}

async function slugFree(tx: Tx, slug: string, exceptId: number | null): Promise<void> {
  const id = await categoryIdOfSlug(tx, slug);
  if (id !== undefined && id !== exceptId) throw AppError.validation({ slug: SLUG_TAKEN_MESSAGE });
}

export async function createCategory(
  db: Db,
  actor: AuditActor,
  body: { slug: string; name: Localised; icon: string; position: number; status: RecordStatus },
): Promise<AdminMarketCategory> {
  try {
    return await db.transaction(async (tx) => {
      await slugFree(tx, body.slug, null);
      const row = await insertCategory(tx, body);
      await audit(tx, actor, "market_category.create", "market_category", row.id, null, categoryAudit(row));
      return categoryOut(tx, row);
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
      const seen = await lockCategory(tx, id);
      if (!seen) throw categoryNotFound();
      if (body.slug !== undefined) await slugFree(tx, body.slug, id);
      const row = await updateCategoryRow(tx, id, body);
      await audit(
        tx,
        actor,
        "market_category.update",
        "market_category",
        id,
        categoryAudit(seen),
        categoryAudit(row),
      );
      return categoryOut(tx, row);
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
    const seen = await lockCategory(tx, id);
    if (!seen) throw categoryNotFound();
    if ((await usesOfCategory(tx, id)) > 0) throw inUse(CATEGORY_IN_USE_MESSAGE);
    await deleteCategoryRow(tx, id);
    await audit(tx, actor, "market_category.delete", "market_category", id, categoryAudit(seen), null);
  });
}

// ---------------------------------------------------------------------------------------------
// Attributes

async function attributeOut(tx: Tx, row: AttributeRow): Promise<AdminMarketAttribute> {
  const variations = await variationsOfAttribute(tx, row.id);
  return { id: row.id, name: row.name, status: row.status, variations };
}

export async function listAttributes(
  db: Db,
  q: PageQuery & { status?: RecordStatus | undefined; search?: string | undefined },
): Promise<AdminMarketAttributeList> {
  const { total, rows } = await attributePage(db, {
    status: q.status,
    search: q.search,
    size: q.size,
    offset: offsetOf(q),
  });
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
    const row = await insertAttribute(tx, body);
    await audit(tx, actor, "market_attribute.create", "market_attribute", row.id, null, {
      name: row.name,
      status: row.status,
    });
    return attributeOut(tx, row);
  });
}

export async function updateAttribute(
  db: Db,
  actor: AuditActor,
  id: number,
  body: Partial<{ name: Localised; status: RecordStatus }>,
): Promise<AdminMarketAttribute> {
  return db.transaction(async (tx) => {
    const seen = await lockAttribute(tx, id);
    if (!seen) throw attributeNotFound();
    const row = await updateAttributeRow(tx, id, body);
    await audit(
      tx,
      actor,
      "market_attribute.update",
      "market_attribute",
      id,
      { name: seen.name, status: seen.status },
      { name: row.name, status: row.status },
    );
    return attributeOut(tx, row);
  });
}

export async function deleteAttribute(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await lockAttribute(tx, id);
    if (!seen) throw attributeNotFound();
    if ((await variationsOfAttribute(tx, id)) > 0) throw inUse(ATTRIBUTE_IN_USE_MESSAGE);
    await deleteAttributeRow(tx, id);
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
