/**
 * The back office's items (docs/PRODUCT-RULES.md#marketplace): items of one country with their
 * variations, add-on links and, for a service, its parks. Every change is one transaction with its
 * audit entry.
 */
import {
  MARKET_PRODUCT_CAPACITY_MESSAGE,
  MARKET_SERVICE_CAPACITY_MESSAGE,
  MARKET_SERVICE_STOCK_MESSAGE,
  MARKET_VARIATION_ATTRIBUTE_MESSAGE,
  MARKET_VARIATION_STOCK_MESSAGE,
  type AdminMarketItem,
  type AdminMarketItemCreateParsed,
  type AdminMarketItemList,
  type AdminMarketItemListQuery,
  type AdminMarketItemPatchParsed,
  type AdminMarketVariationBody,
  type AdminMarketVariationPatch,
  type ItemKind,
} from "@parkwell/contract";
import { toMajor } from "../../../lib/money";
import { type Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { type Localised } from "../../../db/schema/index";
import { normalizeSearchText } from "../../../lib/search-text";
import type { AuditActor } from "../audit.repo";
import { iso, minorOf, money, refuse, type MarketCountry } from "./market-admin.domain";
import { servedCountries, type ServedCountries } from "../../reference/served-countries";
import { audit, countryIdOf, requireCountry } from "./market-admin.service";
import { listPage, offsetOf } from "../../../lib/pagination";
import {
  addonsInCountry,
  attributeExists,
  hasVariationOfOtherAttribute,
  insertItem,
  insertVariation,
  itemById,
  itemDetailRows,
  itemPage,
  linksOf,
  lockVariation,
  parksInCountry,
  replaceLinks,
  updateItemRow,
  updateVariationRow,
  type ItemRow,
  type VariationRow,
} from "./items.repo";
import { categoryExists } from "./categories.repo";
import { presentItem } from "./items.present";
import {
  ADDON_COUNTRY_MESSAGE,
  CHOOSE_ATTRIBUTE_MESSAGE,
  CHOOSE_CATEGORY_MESSAGE,
  itemNotFound,
  PARK_COUNTRY_MESSAGE,
  PRODUCT_PARKS_MESSAGE,
  SERVICE_VARIATION_STOCK_MESSAGE,
  variationNotFound,
} from "./catalogue.domain";

// ---------------------------------------------------------------------------------------------
// Items

export async function listItems(db: Db, q: AdminMarketItemListQuery): Promise<AdminMarketItemList> {
  const countryId = await countryIdOf(servedCountries(db), q.country);
  // Every word must appear (accent- and case-blind), as in the public search.
  const terms = normalizeSearchText(q.search ?? "")
    .split(" ")
    .filter(Boolean)
    .slice(0, 8);
  const { total, rows } = await itemPage(db, {
    countryId,
    categoryId: q.category_id,
    kind: q.kind,
    status: q.status,
    terms,
    size: q.size,
    offset: offsetOf(q),
  });
  const served = servedCountries(db);
  const countries = await Promise.all(rows.map((r) => served.facts({ code: r.country_code })));
  return listPage(
    rows.map((r, i) => {
      const c = { currency: r.currency, decimals: countries[i]!.decimals };
      const variations = Number(r.variations);
      return {
        id: Number(r.id),
        country_code: r.country_code,
        kind: r.kind,
        name: r.name,
        category: { id: Number(r.category_id), name: r.category_name },
        image_url: r.images[0] ?? null,
        price: money(Number(r.price_minor), c),
        stock:
          r.kind === "service"
            ? null
            : variations > 0 && r.stock === null
              ? Number(r.variation_stock ?? 0)
              : r.stock === null
                ? null
                : Number(r.stock),
        daily_capacity: r.daily_capacity === null ? null : Number(r.daily_capacity),
        variations,
        status: r.status,
        sold: Number(r.sold),
        updated_at: iso(r.updated_at),
      };
    }),
    total,
    q,
  );
}

async function findItem(tx: Tx, id: number, lock = false): Promise<ItemRow> {
  const row = await itemById(tx, id, lock);
  if (!row) throw itemNotFound();
  return row;
}

/** An item as the back office answers it: its row with its country, category, variations, add-ons and parks, read in `tx`. */
async function adminItemView(served: ServedCountries, tx: Tx, row: ItemRow): Promise<AdminMarketItem> {
  const country = (await served.facts({ id: row.countryId }, tx))!;
  return presentItem(row, country, await itemDetailRows(tx, row));
}

export async function getItem(db: Db, id: number): Promise<AdminMarketItem> {
  return adminItemView(servedCountries(db), db, await findItem(db, id));
}

const itemAudit = (r: ItemRow, addonIds: number[], parkIds: number[]) => ({
  category_id: r.categoryId,
  kind: r.kind,
  name: r.name,
  description: r.description,
  images: r.images,
  price_minor: r.priceMinor,
  stock: r.stock,
  daily_capacity: r.dailyCapacity,
  duration_minutes: r.durationMinutes,
  status: r.status,
  addon_ids: addonIds,
  park_ids: parkIds,
});

interface ItemInput {
  kind: ItemKind;
  category_id: number;
  price: number;
  stock: number | null;
  daily_capacity: number | null;
  addon_ids: number[];
  park_ids: number[];
}

/** Every check of an item's fields against the database at once (422 with each field's sentence). */
async function checkItem(tx: Tx, country: MarketCountry, input: ItemInput, fields: Record<string, string>) {
  if (!(await categoryExists(tx, input.category_id))) fields.category_id = CHOOSE_CATEGORY_MESSAGE;
  if (input.kind === "service") {
    if (input.daily_capacity === null) fields.daily_capacity = MARKET_SERVICE_CAPACITY_MESSAGE;
    if (input.stock !== null) fields.stock = MARKET_SERVICE_STOCK_MESSAGE;
  } else {
    if (input.daily_capacity !== null) fields.daily_capacity = MARKET_PRODUCT_CAPACITY_MESSAGE;
    if (input.park_ids.length > 0) fields.park_ids = PRODUCT_PARKS_MESSAGE;
  }
  const priceMinor = minorOf(input.price, country, "price", fields);
  if (input.addon_ids.length > 0) {
    if ((await addonsInCountry(tx, input.addon_ids, country.id)) !== input.addon_ids.length)
      fields.addon_ids = ADDON_COUNTRY_MESSAGE;
  }
  if (input.park_ids.length > 0 && input.kind === "service") {
    if ((await parksInCountry(tx, input.park_ids, country.id)) !== input.park_ids.length)
      fields.park_ids = PARK_COUNTRY_MESSAGE;
  }
  return priceMinor;
}

const searchOf = (name: Localised, description: Localised) =>
  normalizeSearchText(`${name.en} ${name.fr} ${description.en} ${description.fr}`);

export async function createItem(
  db: Db,
  actor: AuditActor,
  body: AdminMarketItemCreateParsed,
  now: Date,
): Promise<AdminMarketItem> {
  return db.transaction(async (tx) => {
    const country = await requireCountry(servedCountries(db), tx, body.country_code);
    const fields: Record<string, string> = {};
    const priceMinor = await checkItem(tx, country, body, fields);
    refuse(fields);
    const row = await insertItem(tx, {
      countryId: country.id,
      categoryId: body.category_id,
      kind: body.kind,
      name: body.name,
      description: body.description,
      images: body.images,
      priceMinor,
      stock: body.kind === "product" ? body.stock : null,
      dailyCapacity: body.kind === "service" ? body.daily_capacity : null,
      durationMinutes: body.duration_minutes,
      status: body.status,
      search: searchOf(body.name, body.description),
      createdAt: now,
      updatedAt: now,
    });
    await replaceLinks(tx, row.id, body.addon_ids, body.park_ids);
    await audit(tx, actor, "market_item.create", "market_item", row.id, null, {
      country_code: country.code,
      ...itemAudit(
        row,
        [...body.addon_ids].sort((a, b) => a - b),
        [...body.park_ids].sort((a, b) => a - b),
      ),
    });
    return adminItemView(servedCountries(db), tx, row);
  });
}

export async function updateItem(
  db: Db,
  actor: AuditActor,
  id: number,
  body: AdminMarketItemPatchParsed,
  now: Date,
): Promise<AdminMarketItem> {
  return db.transaction(async (tx) => {
    const seen = await findItem(tx, id, true);
    const country = (await servedCountries(db).facts({ id: seen.countryId }, tx))!;
    const links = await linksOf(tx, id);
    const input: ItemInput = {
      kind: seen.kind,
      category_id: body.category_id ?? seen.categoryId,
      price: body.price ?? toMajor(seen.priceMinor, country.decimals),
      stock: body.stock === undefined ? seen.stock : body.stock,
      daily_capacity: body.daily_capacity === undefined ? seen.dailyCapacity : body.daily_capacity,
      addon_ids: body.addon_ids ?? links.addonIds,
      park_ids: body.park_ids ?? links.parkIds,
    };
    const fields: Record<string, string> = {};
    const priceMinor = await checkItem(tx, country, input, fields);
    refuse(fields);
    const name = body.name ?? seen.name;
    const description = body.description ?? seen.description;
    const row = await updateItemRow(tx, id, {
      categoryId: input.category_id,
      name,
      description,
      images: body.images ?? seen.images,
      priceMinor,
      stock: input.stock,
      dailyCapacity: input.daily_capacity,
      durationMinutes: body.duration_minutes === undefined ? seen.durationMinutes : body.duration_minutes,
      status: body.status ?? seen.status,
      search: searchOf(name, description),
      updatedAt: now,
    });
    await replaceLinks(tx, id, body.addon_ids, body.park_ids);
    const after = await linksOf(tx, id);
    await audit(
      tx,
      actor,
      "market_item.update",
      "market_item",
      id,
      itemAudit(seen, links.addonIds, links.parkIds),
      itemAudit(row, after.addonIds, after.parkIds),
    );
    return adminItemView(servedCountries(db), tx, row);
  });
}

/** Changes an item's image list under its row lock (uploads add, removals take out). */
export async function changeImages(
  db: Db,
  actor: AuditActor,
  id: number,
  action: string,
  change: (images: string[]) => string[],
  now: Date,
): Promise<AdminMarketItem> {
  return db.transaction(async (tx) => {
    const seen = await findItem(tx, id, true);
    const images = change(seen.images);
    const row = await updateItemRow(tx, id, { images, updatedAt: now });
    await audit(tx, actor, action, "market_item", id, { images: seen.images }, { images });
    return adminItemView(servedCountries(db), tx, row);
  });
}

export async function requireItem(db: Db, id: number): Promise<ItemRow> {
  return findItem(db, id);
}

// ---------------------------------------------------------------------------------------------
// Variations

const variationAudit = (v: VariationRow) => ({
  attribute_id: v.attributeId,
  value: v.value,
  price_minor: v.priceMinor,
  stock: v.stock,
  position: v.position,
  status: v.status,
});

function checkVariationStock(kind: ItemKind, stock: number | null, fields: Record<string, string>) {
  if (kind === "product" && stock === null) fields.stock = MARKET_VARIATION_STOCK_MESSAGE;
  if (kind === "service" && stock !== null) fields.stock = SERVICE_VARIATION_STOCK_MESSAGE;
}

export async function createVariation(
  db: Db,
  actor: AuditActor,
  itemId: number,
  body: Required<AdminMarketVariationBody>,
  now: Date,
): Promise<AdminMarketItem> {
  return db.transaction(async (tx) => {
    const item = await findItem(tx, itemId, true);
    const country = (await servedCountries(db).facts({ id: item.countryId }, tx))!;
    const fields: Record<string, string> = {};
    if (!(await attributeExists(tx, body.attribute_id))) fields.attribute_id = CHOOSE_ATTRIBUTE_MESSAGE;
    else {
      if (await hasVariationOfOtherAttribute(tx, itemId, body.attribute_id))
        fields.attribute_id = MARKET_VARIATION_ATTRIBUTE_MESSAGE;
    }
    checkVariationStock(item.kind, body.stock, fields);
    const priceMinor = minorOf(body.price, country, "price", fields);
    refuse(fields);
    const row = await insertVariation(tx, {
      itemId,
      attributeId: body.attribute_id,
      value: body.value,
      priceMinor,
      stock: body.stock,
      position: body.position,
      status: body.status,
    });
    // The item's own stock no longer counts once its variations carry it.
    const updated = await updateItemRow(tx, itemId, { stock: null, updatedAt: now });
    await audit(tx, actor, "market_variation.create", "market_item", itemId, null, {
      variation_id: row.id,
      ...variationAudit(row),
    });
    return adminItemView(servedCountries(db), tx, updated);
  });
}

export async function updateVariation(
  db: Db,
  actor: AuditActor,
  itemId: number,
  variationId: number,
  body: AdminMarketVariationPatch,
  now: Date,
): Promise<AdminMarketItem> {
  return db.transaction(async (tx) => {
    const item = await findItem(tx, itemId, true);
    const seen = await lockVariation(tx, itemId, variationId);
    if (!seen) throw variationNotFound();
    const country = (await servedCountries(db).facts({ id: item.countryId }, tx))!;
    const fields: Record<string, string> = {};
    const stock = body.stock === undefined ? seen.stock : body.stock;
    checkVariationStock(item.kind, stock, fields);
    const priceMinor =
      body.price === undefined ? seen.priceMinor : minorOf(body.price, country, "price", fields);
    refuse(fields);
    const row = await updateVariationRow(tx, variationId, {
      value: body.value ?? seen.value,
      priceMinor,
      stock,
      position: body.position ?? seen.position,
      status: body.status ?? seen.status,
    });
    const updated = await updateItemRow(tx, itemId, { updatedAt: now });
    await audit(
      tx,
      actor,
      row.status === "inactive" && seen.status === "active"
        ? "market_variation.deactivate"
        : "market_variation.update",
      "market_item",
      itemId,
      { variation_id: variationId, ...variationAudit(seen) },
      { variation_id: variationId, ...variationAudit(row) },
    );
    return adminItemView(servedCountries(db), tx, updated);
  });
}
