/**
 * The back office's add-ons, per country, and the parks a service may be done at. Every change is
 * one transaction with its audit entry.
 */ import { type AdminMarketAddon, type AdminMarketAddonList, type RecordStatus } from "@parkwell/contract";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { marketAddons, type Localised } from "../../../db/schema/index";
import type { AuditActor } from "../audit.repo";
import { minorOf, money, refuse } from "./market-admin.domain";
import { findCountry } from "./market-admin.repo";
import { audit, countryIdOf, requireCountry } from "./market-admin.service";
import { likePattern } from "../../../lib/like";
import { listPage, offsetOf, type PageQuery } from "../../../lib/pagination";
import { addonNotFound } from "./catalogue.domain";

// ---------------------------------------------------------------------------------------------
// Add-ons

type AddonRow = typeof marketAddons.$inferSelect;

async function addonOut(tx: Tx, row: AddonRow): Promise<AdminMarketAddon> {
  const country = (await findCountry(tx, { id: row.countryId }))!;
  const [n] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM market_item_addons WHERE addon_id = ${row.id}`,
  );
  return {
    id: row.id,
    country_code: country.code,
    name: row.name,
    price: money(row.priceMinor, country),
    status: row.status,
    items: Number(n?.n ?? 0),
  };
}

export async function listAddons(
  db: Db,
  q: PageQuery & {
    country?: string | undefined;
    status?: RecordStatus | undefined;
    search?: string | undefined;
  },
): Promise<AdminMarketAddonList> {
  const countryId = await countryIdOf(db, q.country);
  const where = sql`${countryId === undefined ? sql`true` : sql`a.country_id = ${countryId}`}
    AND ${q.status ? sql`a.status = ${q.status}` : sql`true`}
    AND ${q.search ? sql`(a.name->>'en' ILIKE ${likePattern(q.search)} OR a.name->>'fr' ILIKE ${likePattern(q.search)})` : sql`true`}`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM market_addons a WHERE ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    country_code: string;
    currency: string;
    decimals: number;
    name: Localised;
    price_minor: string;
    status: RecordStatus;
    items: number;
  }>(
    db,
    sql`SELECT a.id, k.code AS country_code, k.currency, k.currency_decimals AS decimals, a.name, a.price_minor,
        a.status, (SELECT count(*)::int FROM market_item_addons l WHERE l.addon_id = a.id) AS items
      FROM market_addons a JOIN countries k ON k.id = a.country_id WHERE ${where}
      ORDER BY k.code, a.name->>'en', a.id LIMIT ${q.size} OFFSET ${offsetOf(q)}`,
  );
  const total = Number(count?.n ?? 0);
  return listPage(
    rows.map((r) => ({
      id: Number(r.id),
      country_code: r.country_code,
      name: r.name,
      price: money(Number(r.price_minor), { currency: r.currency, decimals: Number(r.decimals) }),
      status: r.status,
      items: Number(r.items),
    })),
    total,
    q,
  );
}

const addonAudit = (r: AddonRow) => ({ name: r.name, price_minor: r.priceMinor, status: r.status });

export async function createAddon(
  db: Db,
  actor: AuditActor,
  body: { country_code: string; name: Localised; price: number; status: RecordStatus },
): Promise<AdminMarketAddon> {
  return db.transaction(async (tx) => {
    const country = await requireCountry(tx, body.country_code);
    const fields: Record<string, string> = {};
    const priceMinor = minorOf(body.price, country, "price", fields);
    refuse(fields);
    const [row] = await tx
      .insert(marketAddons)
      .values({ countryId: country.id, name: body.name, priceMinor, status: body.status })
      .returning();
    await audit(tx, actor, "market_addon.create", "market_addon", row!.id, null, {
      country_code: country.code,
      ...addonAudit(row!),
    });
    return addonOut(tx, row!);
  });
}

export async function updateAddon(
  db: Db,
  actor: AuditActor,
  id: number,
  body: Partial<{ name: Localised; price: number; status: RecordStatus }>,
): Promise<AdminMarketAddon> {
  return db.transaction(async (tx) => {
    const [seen] = await tx.select().from(marketAddons).where(eq(marketAddons.id, id)).for("update");
    if (!seen) throw addonNotFound();
    const country = (await findCountry(tx, { id: seen.countryId }))!;
    const fields: Record<string, string> = {};
    const priceMinor =
      body.price === undefined ? seen.priceMinor : minorOf(body.price, country, "price", fields);
    refuse(fields);
    const [row] = await tx
      .update(marketAddons)
      .set({ name: body.name ?? seen.name, priceMinor, status: body.status ?? seen.status })
      .where(eq(marketAddons.id, id))
      .returning();
    await audit(tx, actor, "market_addon.update", "market_addon", id, addonAudit(seen), addonAudit(row!));
    return addonOut(tx, row!);
  });
}

/** A country's active parks, by city and name, for a service's park list. */
export async function parkChoices(
  db: Db,
  code: string,
): Promise<{ items: { id: number; name: string; city: string }[] }> {
  const country = await requireCountry(db, code, "country");
  const rows = await queryRows<{ id: number; name: string; city: string }>(
    db,
    sql`SELECT id, name, city FROM parks WHERE country_id = ${country.id} AND status = 'active'
      ORDER BY city, name, id LIMIT 2000`,
  );
  return { items: rows.map((r) => ({ id: Number(r.id), name: r.name, city: r.city })) };
}
