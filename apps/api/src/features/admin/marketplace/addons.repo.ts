/** The queries of the back office's add-ons and of the parks a service may be done at. Queries only. */
import type { RecordStatus } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { marketAddons, type Localised } from "../../../db/schema/index";
import { likePattern } from "../../../lib/like";
import { insertRecord, recordById, updateRecord } from "./market-records.repo";

export type AddonRow = typeof marketAddons.$inferSelect;

/** How many items offer an add-on. */
export async function itemsWithAddon(tx: Tx, addonId: number): Promise<number> {
  const [n] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM market_item_addons WHERE addon_id = ${addonId}`,
  );
  return Number(n?.n ?? 0);
}

/** One page of add-ons by country and name, with their item counts, and the count of all that match. */
export async function addonPage(
  db: Db,
  f: {
    countryId: number | null | undefined;
    status?: RecordStatus | undefined;
    search?: string | undefined;
    size: number;
    offset: number;
  },
) {
  const where = sql`${f.countryId === undefined ? sql`true` : sql`a.country_id = ${f.countryId}`}
    AND ${f.status ? sql`a.status = ${f.status}` : sql`true`}
    AND ${f.search ? sql`(a.name->>'en' ILIKE ${likePattern(f.search)} OR a.name->>'fr' ILIKE ${likePattern(f.search)})` : sql`true`}`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM market_addons a WHERE ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    country_code: string;
    currency: string;
    name: Localised;
    price_minor: string;
    status: RecordStatus;
    items: number;
  }>(
    db,
    sql`SELECT a.id, k.code AS country_code, k.currency, a.name, a.price_minor,
        a.status, (SELECT count(*)::int FROM market_item_addons l WHERE l.addon_id = a.id) AS items
      FROM market_addons a JOIN countries k ON k.id = a.country_id WHERE ${where}
      ORDER BY k.code, a.name->>'en', a.id LIMIT ${f.size} OFFSET ${f.offset}`,
  );
  return { total: Number(count?.n ?? 0), rows };
}

export const lockAddon = (tx: Tx, id: number) => recordById(tx, marketAddons, id, true);

export const insertAddon = (tx: Tx, values: typeof marketAddons.$inferInsert) =>
  insertRecord(tx, marketAddons, values);

export const updateAddonRow = (tx: Tx, id: number, values: Partial<AddonRow>) =>
  updateRecord(tx, marketAddons, id, values);
