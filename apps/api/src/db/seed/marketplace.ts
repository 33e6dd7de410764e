/**
 * The demo marketplace (docs/PRODUCT-RULES.md#marketplace): categories and attributes shared by
 * every country, and per country a catalogue priced as sold locally in its currency (minor units;
 * the CFA franc has none), services at a few parks of its main cities, add-ons, live offers,
 * sliders, Delivery Setup (depots, distance bands, time slots) and the two published coupons.
 *
 * Seeding only ever inserts what is missing. Items, add-ons, offers, sliders and attributes have
 * fixed ids; categories are keyed by slug, coupons by code, Delivery Setup by country. An item's
 * variations, add-on links and parks are written with the item, once; a country's depots, bands
 * and slots with its delivery settings row, once. So a restart or a demo reset never duplicates a
 * row nor puts back stock that orders have taken, and the back office's changes stay: a seeded
 * row it has deleted, or a category or coupon it has renamed (there is an audit entry), stays so.
 * The only update: an offer or a coupon about to end, that the back office has not touched (no
 * audit entry), is moved forward, so the demo always has live ones.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { queryRows } from "../client";
import {
  marketAddons,
  marketAttributes,
  marketCategories,
  marketItemAddons,
  marketItemParks,
  marketItems,
  marketSliders,
  marketVariations,
  type Localised,
} from "../schema/index";
import type { Tx } from "../tx";
import { normalizeSearchText } from "../../lib/search-text";
import { buildSeedParks } from "./park-rows";
import { addonId, COUNTRIES, itemId, sliderId, type CountryId } from "./marketplace-values";
import {
  MARKET_ADDON_SEED,
  MARKET_ATTRIBUTE_SEED,
  MARKET_CATEGORY_SEED,
  RETIRED_DESCRIPTIONS,
  seedItemsOf,
  type SeedItem,
  type ServiceParks,
} from "./marketplace-catalogue";
import { MARKET_SLIDER_SEED, seedCoupons, seedOffers } from "./marketplace-promotions";
import { seedDelivery } from "./marketplace-delivery";

// The data lives by resource beside this file; these names are read from here by the tests and the demo reset.
export { itemId } from "./marketplace-values";
export { MARKET_CATEGORY_SEED, RETIRED_DESCRIPTIONS, seedItemsOf } from "./marketplace-catalogue";

/** The main cities whose parks do the services. */
export const SERVICE_CITIES: Record<CountryId, string[]> = {
  1: ["Lagos", "Abuja"],
  2: ["Toronto", "Montréal"],
  3: ["Dakar"],
  4: ["New York", "Los Angeles"],
};

interface SeedPark {
  id: number;
  city: string;
  type: string;
  name: string;
}

/** The parks a service may be done at now: the active ones, and of those the ones with an active charger. */
export interface ServiceParkFacts {
  active: Set<number>;
  charging: Set<number>;
}

/**
 * The seeded parks (by id, so the same on every run) a service is done at in a city: washes and
 * valets in city-centre garages and mall car parks, oil changes in garages (in town first),
 * charging where the park has an active charger (its park_chargers rows, not the `ev_charging`
 * mark); only parks that are active now.
 */
export function serviceParks(
  all: readonly SeedPark[],
  kind: ServiceParks,
  city: string,
  { active, charging }: ServiceParkFacts,
) {
  const inCity = all.filter((p) => p.city === city && active.has(p.id)).sort((a, b) => a.id - b.id);
  const central = inCity.filter((p) => p.type === "city" || p.type === "mall");
  const pick = (list: SeedPark[], n: number, skip = 0) =>
    (list.length >= skip + 2 ? list.slice(skip) : list).slice(0, n);
  switch (kind) {
    case "wash":
      return pick(central, 3);
    case "valet":
      return pick(central, 3, 1);
    case "garage":
      // Garages in town first (a mechanic comes to the car), then the others.
      return pick(
        [...central, ...inCity.filter((p) => !central.includes(p))].filter((p) =>
          /garage|souterrain/i.test(p.name),
        ),
        2,
      );
    case "ev":
      return pick(
        inCity.filter((p) => charging.has(p.id)),
        3,
      );
  }
}

/** An item's text-search column, as the back office writes it: both languages' names and descriptions. */
export function itemSearchText(name: Localised, description: Localised): string {
  return normalizeSearchText(`${name.en} ${name.fr} ${description.en} ${description.fr}`);
}

/**
 * The seeded rows the back office has had in hand, from the audit log: `<entity>:<id>` for rows
 * with fixed ids, and `<entity>:<slug or code>` for categories and coupons by what they were
 * called before a change. One it has deleted (or renamed) is not put back.
 */
async function staffRows(db: Tx): Promise<Set<string>> {
  const rows = await queryRows<{ entity: string; key: string }>(
    db,
    sql`SELECT DISTINCT entity, entity_id AS key FROM audit_log
        WHERE entity IN ('market_attribute', 'market_addon', 'market_item', 'market_offer', 'market_slider')
      UNION
      SELECT DISTINCT entity, coalesce(before->>'slug', before->>'code') AS key FROM audit_log
        WHERE entity IN ('market_category', 'coupon') AND coalesce(before->>'slug', before->>'code') IS NOT NULL`,
  );
  return new Set(rows.map((r) => `${r.entity}:${r.key}`));
}

/** Seeds the marketplace at `now` (the offers' and coupons' windows count from it). */
export async function seedMarketplace(db: Tx, now: Date): Promise<void> {
  const staff = await staffRows(db);
  const fresh = (entity: string) => (row: { id: number }) => !staff.has(`${entity}:${row.id}`);
  const categories = MARKET_CATEGORY_SEED.map((c, position) => ({ ...c, position })).filter(
    (c) => !staff.has(`market_category:${c.slug}`),
  );
  if (categories.length > 0) {
    await db
      .insert(marketCategories)
      .values(categories)
      .onConflictDoNothing({ target: marketCategories.slug });
  }
  const categoryIds = new Map(
    (await db.select({ id: marketCategories.id, slug: marketCategories.slug }).from(marketCategories)).map(
      (c) => [c.slug, c.id],
    ),
  );
  const attributes = MARKET_ATTRIBUTE_SEED.map((a) => ({ id: a.id, name: a.name })).filter(
    fresh("market_attribute"),
  );
  if (attributes.length > 0) {
    await db.insert(marketAttributes).values(attributes).onConflictDoNothing({ target: marketAttributes.id });
  }
  const found = await queryRows<{ id: number; charging: boolean }>(
    db,
    sql`SELECT p.id, EXISTS (SELECT 1 FROM park_chargers c WHERE c.park_id = p.id AND c.status = 'active') AS charging
      FROM parks p
      WHERE p.status = 'active' AND p.city = ANY(${sql.param(Object.values(SERVICE_CITIES).flat())}::text[])`,
  );
  const parkFacts: ServiceParkFacts = {
    active: new Set(found.map((r) => Number(r.id))),
    charging: new Set(found.filter((r) => r.charging).map((r) => Number(r.id))),
  };
  const parks = buildSeedParks().map((p) => p.row);
  for (const countryId of COUNTRIES) {
    const addons = MARKET_ADDON_SEED.map((a) => ({
      id: addonId(countryId, a.n),
      countryId,
      name: a.name,
      priceMinor: a.price[countryId],
    })).filter(fresh("market_addon"));
    if (addons.length > 0) {
      await db.insert(marketAddons).values(addons).onConflictDoNothing({ target: marketAddons.id });
    }
    for (const item of seedItemsOf(countryId)) {
      if (!fresh("market_item")({ id: itemId(countryId, item.n) })) continue;
      await seedItem(db, countryId, item, categoryIds, parks, parkFacts);
      await replaceRetiredDescription(db, countryId, item);
    }
    await seedOffers(db, countryId, categoryIds, now, fresh("market_offer"));
    const sliders = MARKET_SLIDER_SEED.map((s) => ({
      id: sliderId(countryId, s.n),
      countryId,
      title: s.title,
      subtitle: s.subtitle,
      link: s.link(countryId),
      position: s.n,
    })).filter(fresh("market_slider"));
    if (sliders.length > 0) {
      await db.insert(marketSliders).values(sliders).onConflictDoNothing({ target: marketSliders.id });
    }
    await seedCoupons(db, countryId, now, staff);
    await seedDelivery(db, countryId);
  }
  for (const table of [
    "market_items",
    "market_addons",
    "market_offers",
    "market_sliders",
    "market_attributes",
  ]) {
    await moveIdentityPast(db, table);
  }
}

async function seedItem(
  db: Tx,
  countryId: CountryId,
  item: SeedItem,
  categoryIds: Map<string, number>,
  parks: readonly SeedPark[],
  parkFacts: ServiceParkFacts,
): Promise<void> {
  const categoryId = categoryIds.get(item.category);
  // The back office may have changed the category's slug: then the item is not put back.
  if (categoryId === undefined) return;
  const id = itemId(countryId, item.n);
  const description = item.descriptionFor?.[countryId] ?? item.description;
  const varied = (item.variations?.length ?? 0) > 0;
  const inserted = await db
    .insert(marketItems)
    .values({
      id,
      countryId,
      categoryId,
      kind: item.kind,
      name: item.name,
      description,
      priceMinor: item.price[countryId],
      stock: item.kind === "product" && !varied ? (item.stock?.[countryId] ?? 0) : null,
      dailyCapacity: item.service?.capacity ?? null,
      durationMinutes: item.service?.minutes ?? null,
      status: item.status ?? "active",
      search: itemSearchText(item.name, description),
    })
    .onConflictDoNothing({ target: marketItems.id })
    .returning({ id: marketItems.id });
  // Only a new item gets its parts: an existing one is the shop's as it is now.
  if (inserted.length === 0) return;
  if (item.variations) {
    await db.insert(marketVariations).values(
      item.variations.map((v, position) => ({
        itemId: id,
        attributeId: v.attribute,
        value: v.value,
        priceMinor: v.price[countryId],
        stock: v.stock[countryId],
        position,
      })),
    );
  }
  // An add-on deleted in the back office is not put back on the item.
  const addons = (item.addons ?? []).map((n) => addonId(countryId, n));
  const present =
    addons.length === 0
      ? []
      : await db.select({ id: marketAddons.id }).from(marketAddons).where(inArray(marketAddons.id, addons));
  if (present.length > 0) {
    await db
      .insert(marketItemAddons)
      .values(present.map((a) => ({ itemId: id, addonId: a.id })))
      .onConflictDoNothing();
  }
  if (item.service) {
    const chosen = SERVICE_CITIES[countryId].flatMap((city) =>
      serviceParks(parks, item.service!.parks, city, parkFacts),
    );
    if (chosen.length > 0) {
      await db
        .insert(marketItemParks)
        .values(chosen.map((p) => ({ itemId: id, parkId: p.id })))
        .onConflictDoNothing();
    }
  }
}

/** An item seeded with a description since found untrue gets the new one, if it still has exactly the old. */
async function replaceRetiredDescription(db: Tx, countryId: CountryId, item: SeedItem): Promise<void> {
  const retired = RETIRED_DESCRIPTIONS.find((r) => r.n === item.n);
  if (!retired) return;
  const description = item.descriptionFor?.[countryId] ?? item.description;
  await db
    .update(marketItems)
    .set({ description, search: itemSearchText(item.name, description) })
    .where(
      and(
        eq(marketItems.id, itemId(countryId, item.n)),
        sql`${marketItems.description} = ${JSON.stringify(retired.was)}::jsonb`,
      ),
    );
}

/**
 * Seeded ids are explicit: the identity moves past them (never back), so rows created later get
 * fresh ids.
 */
async function moveIdentityPast(db: Tx, table: string): Promise<void> {
  await db.execute(
    sql.raw(`SELECT setval(s.seq, m.max_id)
      FROM (SELECT pg_get_serial_sequence('${table}', 'id') AS seq) s, (SELECT max(id) AS max_id FROM ${table}) m
      WHERE m.max_id IS NOT NULL AND m.max_id > COALESCE((SELECT q.last_value FROM pg_sequences q
        WHERE format('%I.%I', q.schemaname, q.sequencename) = s.seq), 0)`),
  );
}
