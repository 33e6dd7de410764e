/**
 * The back office's add-ons, per country, and the parks a service may be done at. Every change is
 * one transaction with its audit entry.
 */
import { type AdminMarketAddon, type AdminMarketAddonList, type RecordStatus } from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import type { Localised } from "../../../db/schema/index";
import {
  addonPage,
  insertAddon,
  itemsWithAddon,
  lockAddon,
  updateAddonRow,
  type AddonRow,
} from "./addons.repo";
import type { AuditActor } from "../audit.repo";
import { minorOf, money, refuse } from "./market-admin.domain";
import { servedCountries, type ServedCountries } from "../../reference/served-countries";
import { audit, countryIdOf, requireCountry } from "./market-admin.service";
import { listPage, offsetOf, type PageQuery } from "../../../lib/pagination";
import { addonNotFound } from "./catalogue.domain";

// ---------------------------------------------------------------------------------------------
// Add-ons

async function addonOut(served: ServedCountries, tx: Tx, row: AddonRow): Promise<AdminMarketAddon> {
  const country = (await served.facts({ id: row.countryId }, tx))!;
  const items = await itemsWithAddon(tx, row.id);
  return {
    id: row.id,
    country_code: country.code,
    name: row.name,
    price: money(row.priceMinor, country),
    status: row.status,
    items,
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
  const countryId = await countryIdOf(servedCountries(db), q.country);
  const { total, rows } = await addonPage(db, {
    countryId,
    status: q.status,
    search: q.search,
    size: q.size,
    offset: offsetOf(q),
  });
  const served = servedCountries(db);
  const countries = await Promise.all(rows.map((r) => served.facts({ code: r.country_code })));
  return listPage(
    rows.map((r, i) => ({
      id: Number(r.id),
      country_code: r.country_code,
      name: r.name,
      price: money(Number(r.price_minor), { currency: r.currency, decimals: countries[i]!.decimals }),
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
    const country = await requireCountry(servedCountries(db), tx, body.country_code);
    const fields: Record<string, string> = {};
    const priceMinor = minorOf(body.price, country, "price", fields);
    refuse(fields);
    const row = await insertAddon(tx, {
      countryId: country.id,
      name: body.name,
      priceMinor,
      status: body.status,
    });
    await audit(tx, actor, "market_addon.create", "market_addon", row.id, null, {
      country_code: country.code,
      ...addonAudit(row),
    });
    return addonOut(servedCountries(db), tx, row);
  });
}

export async function updateAddon(
  db: Db,
  actor: AuditActor,
  id: number,
  body: Partial<{ name: Localised; price: number; status: RecordStatus }>,
): Promise<AdminMarketAddon> {
  return db.transaction(async (tx) => {
    const seen = await lockAddon(tx, id);
    if (!seen) throw addonNotFound();
    const country = (await servedCountries(db).facts({ id: seen.countryId }, tx))!;
    const fields: Record<string, string> = {};
    const priceMinor =
      body.price === undefined ? seen.priceMinor : minorOf(body.price, country, "price", fields);
    refuse(fields);
    const row = await updateAddonRow(tx, id, {
      name: body.name ?? seen.name,
      priceMinor,
      status: body.status ?? seen.status,
    });
    await audit(tx, actor, "market_addon.update", "market_addon", id, addonAudit(seen), addonAudit(row));
    return addonOut(servedCountries(db), tx, row);
  });
}
