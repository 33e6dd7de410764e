/**
 * The queries of the marketplace's public reads: a country's categories, sliders and live offers,
 * a page of items, one item with its variations, add-ons and parks, the slots and pickup parks.
 * Queries only; catalogue.service.ts presents them.
 */
import type { MarketItemListQuery } from "@parkwell/contract";
import { and, asc, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import {
  marketAddons,
  marketAttributes,
  marketCategories,
  marketItemAddons,
  marketItemParks,
  marketItems,
  marketOffers,
  marketSliders,
  marketVariations,
  parks,
  states,
  timeSlots,
  type Localised,
} from "../../db/schema/index";
import { likeEscape } from "../../lib/like";

/** An offer of the country that is live at `now`: active, started and not ended. */
export const liveOfferIn = (countryId: number, now: Date) =>
  and(
    eq(marketOffers.countryId, countryId),
    eq(marketOffers.status, "active"),
    lte(marketOffers.startsAt, now),
    gt(marketOffers.endsAt, now),
  );

/** The live offers of a country (its own offers, active and started, not ended). */
export function countryLiveOffers(db: Db, countryId: number, now: Date) {
  return db
    .select()
    .from(marketOffers)
    .where(liveOfferIn(countryId, now))
    .orderBy(asc(marketOffers.endsAt), asc(marketOffers.id));
}

/** Active categories with their count of active items in the country, in their order. */
export function categoryItemCounts(db: Db, countryId: number) {
  return db
    .select({
      id: marketCategories.id,
      slug: marketCategories.slug,
      name: marketCategories.name,
      icon: marketCategories.icon,
      items: sql<number>`count(${marketItems.id})::int`,
    })
    .from(marketCategories)
    .leftJoin(
      marketItems,
      and(
        eq(marketItems.categoryId, marketCategories.id),
        eq(marketItems.countryId, countryId),
        eq(marketItems.status, "active"),
      ),
    )
    .where(eq(marketCategories.status, "active"))
    .groupBy(marketCategories.id)
    .orderBy(asc(marketCategories.position), asc(marketCategories.id));
}

/** A country's active sliders, in their order. */
export function activeSliders(db: Db, countryId: number) {
  return db
    .select()
    .from(marketSliders)
    .where(and(eq(marketSliders.countryId, countryId), eq(marketSliders.status, "active")))
    .orderBy(asc(marketSliders.position), asc(marketSliders.id));
}

/** Every category's slug by id. */
export async function categorySlugs(db: Db): Promise<Map<number, string>> {
  return new Map((await db.select().from(marketCategories)).map((c) => [c.id, c.slug]));
}

export interface ItemListRow {
  id: number;
  kind: "product" | "service";
  name: Localised;
  category_id: number;
  category_slug: string;
  category_name: Localised;
  images: string[];
  price_minor: string;
  stock: number | null;
  has_variations: boolean;
}

/** The lowest active variation's price, else the item's. */
const lowestPrice = sql`coalesce((SELECT min(v.price_minor) FROM market_variations v
  WHERE v.item_id = i.id AND v.status = 'active'), i.price_minor)`;

const listColumns = sql`i.id, i.kind, i.name, i.category_id, c.slug AS category_slug, c.name AS category_name,
  i.images, (${lowestPrice})::text AS price_minor,
  CASE WHEN i.kind = 'service' THEN NULL
    WHEN EXISTS (SELECT 1 FROM market_variations v WHERE v.item_id = i.id AND v.status = 'active' AND v.stock IS NOT NULL)
    THEN (SELECT sum(v.stock)::int FROM market_variations v WHERE v.item_id = i.id AND v.status = 'active')
    ELSE i.stock END AS stock,
  EXISTS (SELECT 1 FROM market_variations v WHERE v.item_id = i.id AND v.status = 'active') AS has_variations`;

const SORTS: Record<MarketItemListQuery["sort"], SQL> = {
  popular: sql`i.sold DESC, i.id DESC`,
  newest: sql`i.created_at DESC, i.id DESC`,
  price_asc: sql`${lowestPrice} ASC, i.id ASC`,
  price_desc: sql`${lowestPrice} DESC, i.id DESC`,
  name: sql`lower(i.name->>'en') ASC, i.id ASC`,
};

export interface ItemFilter {
  countryId: number;
  category?: string | undefined;
  kind?: string | undefined;
  /** Normalised words, each a substring of the item's search text. */
  terms: string[];
  /** Only items under a live offer at this instant. */
  onOfferAt?: Date | undefined;
  sort: MarketItemListQuery["sort"];
  size: number;
  offset: number;
}

/** A page of a country's active items in active categories, and the count of all that match. */
export async function itemsPage(db: Db, f: ItemFilter): Promise<{ total: number; rows: ItemListRow[] }> {
  const conditions: SQL[] = [
    sql`i.country_id = ${f.countryId}`,
    sql`i.status = 'active'`,
    sql`c.status = 'active'`,
  ];
  if (f.category) conditions.push(sql`c.slug = ${f.category}`);
  if (f.kind) conditions.push(sql`i.kind = ${f.kind}`);
  for (const t of f.terms) conditions.push(sql`i.search LIKE ${`%${likeEscape(t)}%`}`);
  if (f.onOfferAt) {
    const now = f.onOfferAt;
    conditions.push(sql`EXISTS (SELECT 1 FROM market_offers o WHERE o.country_id = i.country_id
      AND o.status = 'active' AND o.starts_at <= ${now.toISOString()}::timestamptz
      AND o.ends_at > ${now.toISOString()}::timestamptz
      AND (o.item_id = i.id OR (o.item_id IS NULL AND o.category_id = i.category_id)))`);
  }
  const where = sql.join(conditions, sql` AND `);
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM market_items i JOIN market_categories c ON c.id = i.category_id WHERE ${where}`,
  );
  const rows = await queryRows<ItemListRow>(
    db,
    sql`SELECT ${listColumns} FROM market_items i JOIN market_categories c ON c.id = i.category_id
      WHERE ${where} ORDER BY ${SORTS[f.sort]} LIMIT ${f.size} OFFSET ${f.offset}`,
  );
  return { total: Number(counted?.total ?? 0), rows };
}

export type ItemDetailRow = ItemListRow & {
  country_id: number;
  description: Localised;
  duration_minutes: number | null;
};

/** One active item of an active category (its country by id: the served countries name it). */
export async function activeItem(db: Db, id: number): Promise<ItemDetailRow | undefined> {
  const [row] = await queryRows<ItemDetailRow>(
    db,
    sql`SELECT ${listColumns}, i.country_id, i.description, i.duration_minutes
      FROM market_items i JOIN market_categories c ON c.id = i.category_id
      WHERE i.id = ${id} AND i.status = 'active' AND c.status = 'active'`,
  );
  return row;
}

/** An item's active variations with their attribute's name, in their order. */
export function activeVariations(db: Db, itemId: number) {
  return db
    .select({ v: marketVariations, attribute: marketAttributes.name })
    .from(marketVariations)
    .innerJoin(marketAttributes, eq(marketAttributes.id, marketVariations.attributeId))
    .where(and(eq(marketVariations.itemId, itemId), eq(marketVariations.status, "active")))
    .orderBy(asc(marketVariations.position), asc(marketVariations.id));
}

/** An item's active add-ons of the country. */
export function activeAddonsOf(db: Db, itemId: number, countryId: number) {
  return db
    .select({ id: marketAddons.id, name: marketAddons.name, priceMinor: marketAddons.priceMinor })
    .from(marketItemAddons)
    .innerJoin(marketAddons, eq(marketAddons.id, marketItemAddons.addonId))
    .where(
      and(
        eq(marketItemAddons.itemId, itemId),
        eq(marketAddons.status, "active"),
        eq(marketAddons.countryId, countryId),
      ),
    )
    .orderBy(asc(marketAddons.id));
}

/** The active parks where a service is done, by city and name. */
export function activeServiceParks(db: Db, itemId: number) {
  return db
    .select({ id: parks.id, name: parks.name, city: parks.city, slug: parks.slug })
    .from(marketItemParks)
    .innerJoin(parks, eq(parks.id, marketItemParks.parkId))
    .where(and(eq(marketItemParks.itemId, itemId), eq(parks.status, "active")))
    .orderBy(asc(parks.city), asc(parks.name));
}

/** A country's active time slots by weekday and opening. */
export function activeSlots(db: Db, countryId: number) {
  return db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.countryId, countryId), eq(timeSlots.status, "active")))
    .orderBy(asc(timeSlots.day), asc(timeSlots.openingTime));
}

/** The active parks of a country where an active item is done, by city, name and id. */
export function pickupParks(db: Db, countryId: number) {
  return db
    .selectDistinct({
      id: parks.id,
      name: parks.name,
      city: parks.city,
      stateCode: states.code,
      lat: parks.lat,
      lng: parks.lng,
    })
    .from(parks)
    .leftJoin(states, eq(states.id, parks.stateId))
    .innerJoin(marketItemParks, eq(marketItemParks.parkId, parks.id))
    .innerJoin(marketItems, eq(marketItems.id, marketItemParks.itemId))
    .where(and(eq(parks.countryId, countryId), eq(parks.status, "active"), eq(marketItems.status, "active")))
    .orderBy(asc(parks.city), asc(parks.name), asc(parks.id));
}
