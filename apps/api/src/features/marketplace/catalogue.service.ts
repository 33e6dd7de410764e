/**
 * The marketplace's public reads (docs/PRODUCT-RULES.md#marketplace): a country's home, its
 * categories, its items (search, filters, sorts, pages), one item, and what ordering offers
 * (order types on, the next slots, the pickup parks, the delivery bands). Names are in the
 * request's language; money in major units of the country's currency.
 */
import {
  ITEM_NOT_FOUND_MESSAGE,
  ORDERING_OFF_MESSAGE,
  TIME_SLOT_DAYS_AHEAD,
  type MarketCategory,
  type MarketHome,
  type MarketItemDetail,
  type MarketItemListQuery,
  type MarketItemPage,
  type MarketItemSummary,
  type OrderingOptions,
} from "@parkwell/contract";
import { and, asc, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import {
  deliveryCharges,
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
  timeSlots,
  type Localised,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Language } from "../../lib/language";
import { bpsToPercent, toMajor } from "../../lib/money";
import { distanceM } from "../../lib/park-cells";
import { normalizeSearchText } from "../../lib/search-text";
import {
  cartCountry,
  countryDate,
  offersFor,
  orderingSwitches,
  slotInstants,
  weekdayOf,
  type CartCountry,
  type OfferRow,
} from "./cart-pricing.service";
import { bestOfferCut } from "./order-pricing.domain";
import { likeEscape } from "../../lib/like";
import { offsetOf, listPage } from "../../lib/pagination";

export const MARKET_COUNTRY_UNKNOWN_MESSAGE = "This country is not served";

const itemNotFound = () => AppError.notFound(ITEM_NOT_FOUND_MESSAGE, "item_not_found");

const name = (l: Localised, language: Language) => l[language]?.trim() || l.en;

async function countryOf(db: Db, code: string): Promise<CartCountry> {
  const country = await cartCountry(db, code);
  if (!country) throw AppError.validation({ country: MARKET_COUNTRY_UNKNOWN_MESSAGE });
  return country;
}

const money = (minor: number, c: CartCountry) => ({
  amount: toMajor(minor, c.decimals),
  currency: c.currency,
});

/** The live offers of a country (its own offers, active and started, not ended). */
function liveOffers(db: Db, countryId: number, now: Date) {
  return db
    .select()
    .from(marketOffers)
    .where(
      and(
        eq(marketOffers.countryId, countryId),
        eq(marketOffers.status, "active"),
        lte(marketOffers.startsAt, now),
        gt(marketOffers.endsAt, now),
      ),
    )
    .orderBy(asc(marketOffers.endsAt), asc(marketOffers.id));
}

/** Active categories with their count of active items in the country, in their order. */
export async function listCategories(db: Db, code: string, language: Language): Promise<MarketCategory[]> {
  const country = await countryOf(db, code);
  const rows = await db
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
        eq(marketItems.countryId, country.id),
        eq(marketItems.status, "active"),
      ),
    )
    .where(eq(marketCategories.status, "active"))
    .groupBy(marketCategories.id)
    .orderBy(asc(marketCategories.position), asc(marketCategories.id));
  return rows
    .map((r) => ({
      id: r.id,
      slug: r.slug,
      name: name(r.name, language),
      icon: r.icon,
      items: Number(r.items),
    }))
    .filter((c) => c.items > 0);
}

export async function marketHome(db: Db, code: string, language: Language, now: Date): Promise<MarketHome> {
  const country = await countryOf(db, code);
  const categories = await listCategories(db, code, language);
  const sliders = await db
    .select()
    .from(marketSliders)
    .where(and(eq(marketSliders.countryId, country.id), eq(marketSliders.status, "active")))
    .orderBy(asc(marketSliders.position), asc(marketSliders.id));
  const offers = await liveOffers(db, country.id, now);
  const slugs = new Map((await db.select().from(marketCategories)).map((c) => [c.id, c.slug]));
  return {
    country_code: country.code,
    currency: country.currency,
    categories,
    sliders: sliders.map((s) => ({
      id: s.id,
      title: name(s.title, language),
      subtitle: name(s.subtitle, language),
      image_url: s.imageUrl,
      link: s.link,
    })),
    offers: offers.map((o) => ({
      id: o.id,
      name: name(o.name, language),
      discount_type: o.discountType,
      discount:
        o.discountType === "percentage" ? bpsToPercent(o.discount) : toMajor(o.discount, country.decimals),
      ends_at: o.endsAt.toISOString(),
      item_id: o.itemId,
      category_slug: o.categoryId !== null ? (slugs.get(o.categoryId) ?? null) : null,
    })),
  };
}

/** LIKE's own wildcards taken literally. */

interface ItemListRow {
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

function summaryOf(
  r: ItemListRow,
  offers: OfferRow[],
  c: CartCountry,
  language: Language,
): MarketItemSummary {
  const price = Number(r.price_minor);
  const cut = bestOfferCut(price, offersFor(offers, { id: r.id, categoryId: r.category_id }));
  return {
    id: r.id,
    kind: r.kind,
    name: name(r.name, language),
    category: { slug: r.category_slug, name: name(r.category_name, language) },
    image_url: r.images[0] ?? null,
    price: money(price, c),
    offer_price: money(price - cut, c),
    stock: r.stock === null ? null : Number(r.stock),
    has_variations: r.has_variations,
  };
}

const SORTS: Record<MarketItemListQuery["sort"], SQL> = {
  popular: sql`i.sold DESC, i.id DESC`,
  newest: sql`i.created_at DESC, i.id DESC`,
  price_asc: sql`${lowestPrice} ASC, i.id ASC`,
  price_desc: sql`${lowestPrice} DESC, i.id DESC`,
  name: sql`lower(i.name->>'en') ASC, i.id ASC`,
};

/** A page of a country's active items: by category, kind, words (accent- and case-blind), on offer. */
export async function listItems(
  db: Db,
  q: MarketItemListQuery,
  language: Language,
  now: Date,
): Promise<MarketItemPage> {
  const country = await countryOf(db, q.country);
  const terms = normalizeSearchText(q.search ?? "")
    .split(" ")
    .filter(Boolean)
    .slice(0, 8);
  const conditions: SQL[] = [
    sql`i.country_id = ${country.id}`,
    sql`i.status = 'active'`,
    sql`c.status = 'active'`,
  ];
  if (q.category) conditions.push(sql`c.slug = ${q.category}`);
  if (q.kind) conditions.push(sql`i.kind = ${q.kind}`);
  for (const t of terms) conditions.push(sql`i.search LIKE ${`%${likeEscape(t)}%`}`);
  if (q.on_offer) {
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
      WHERE ${where} ORDER BY ${SORTS[q.sort]} LIMIT ${q.size} OFFSET ${offsetOf(q)}`,
  );
  const offers = await liveOffers(db, country.id, now);
  const total = Number(counted?.total ?? 0);
  return listPage(
    rows.map((r) => summaryOf(r, offers, country, language)),
    total,
    q,
  );
}

/** One active item with its variations, add-ons, parks and offer; 404 when inactive or unknown. */
export async function getItem(db: Db, id: number, language: Language, now: Date): Promise<MarketItemDetail> {
  const [row] = await queryRows<
    ItemListRow & { country_id: number; description: Localised; duration_minutes: number | null }
  >(
    db,
    sql`SELECT ${listColumns}, i.country_id, i.description, i.duration_minutes
      FROM market_items i JOIN market_categories c ON c.id = i.category_id
      WHERE i.id = ${id} AND i.status = 'active' AND c.status = 'active'`,
  );
  if (!row) throw itemNotFound();
  const [countryRow] = await queryRows<{ code: string }>(
    db,
    sql`SELECT code FROM countries WHERE id = ${row.country_id}`,
  );
  const country = (await cartCountry(db, countryRow!.code))!;
  const offers = await liveOffers(db, country.id, now);
  const own = offersFor(offers, { id: row.id, categoryId: row.category_id });
  const variations = await db
    .select({ v: marketVariations, attribute: marketAttributes.name })
    .from(marketVariations)
    .innerJoin(marketAttributes, eq(marketAttributes.id, marketVariations.attributeId))
    .where(and(eq(marketVariations.itemId, id), eq(marketVariations.status, "active")))
    .orderBy(asc(marketVariations.position), asc(marketVariations.id));
  const addons = await db
    .select({ id: marketAddons.id, name: marketAddons.name, priceMinor: marketAddons.priceMinor })
    .from(marketItemAddons)
    .innerJoin(marketAddons, eq(marketAddons.id, marketItemAddons.addonId))
    .where(
      and(
        eq(marketItemAddons.itemId, id),
        eq(marketAddons.status, "active"),
        eq(marketAddons.countryId, country.id),
      ),
    )
    .orderBy(asc(marketAddons.id));
  const serviceParks =
    row.kind === "service"
      ? await db
          .select({ id: parks.id, name: parks.name, city: parks.city, slug: parks.slug })
          .from(marketItemParks)
          .innerJoin(parks, eq(parks.id, marketItemParks.parkId))
          .where(and(eq(marketItemParks.itemId, id), eq(parks.status, "active")))
          .orderBy(asc(parks.city), asc(parks.name))
      : [];
  // The offer shown is the one that cuts the lowest price most.
  const price = Number(row.price_minor);
  const best = own.map((o) => ({ o, cut: bestOfferCut(price, [o]) })).sort((a, b) => b.cut - a.cut)[0];
  const offerRow = best && best.cut > 0 ? offers.find((o) => o === best.o) : undefined;
  return {
    ...summaryOf(row, offers, country, language),
    description: name(row.description, language),
    images: row.images,
    attribute: variations[0] ? name(variations[0].attribute, language) : null,
    variations: variations.map(({ v }) => ({
      id: v.id,
      name: name(v.value, language),
      price: money(v.priceMinor, country),
      offer_price: money(v.priceMinor - bestOfferCut(v.priceMinor, own), country),
      stock: row.kind === "service" ? null : (v.stock ?? (row.stock === null ? null : Number(row.stock))),
    })),
    addons: addons.map((a) => ({
      id: a.id,
      name: name(a.name, language),
      price: money(a.priceMinor, country),
    })),
    duration_minutes: row.duration_minutes,
    parks: serviceParks,
    offer: offerRow ? { name: name(offerRow.name, language), ends_at: offerRow.endsAt.toISOString() } : null,
  };
}

/**
 * What ordering in a country offers now: the switches, the next slots, the pickup parks, the bands.
 * Asked from a point (the driver's position, else a place they chose), the pickup parks come
 * nearest first: the checkout preselects the first.
 */
export async function orderingOptions(
  db: Db,
  code: string,
  now: Date,
  near?: { lat: number; lng: number },
): Promise<OrderingOptions> {
  const country = await countryOf(db, code);
  const switches = await orderingSwitches(db, country.id);
  const slotRows = await db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.countryId, country.id), eq(timeSlots.status, "active")))
    .orderBy(asc(timeSlots.day), asc(timeSlots.openingTime));
  const slots: OrderingOptions["slots"] = [];
  for (let d = 0; d < TIME_SLOT_DAYS_AHEAD; d++) {
    const date = countryDate(now, country.timezone, d);
    for (const s of slotRows.filter((r) => r.day === weekdayOf(date))) {
      if (slotInstants(date, s.openingTime, s.closingTime, country.timezone).end <= now) continue;
      slots.push({ slot_id: s.id, date, start_time: s.openingTime, end_time: s.closingTime });
    }
  }
  const parkRows = await db
    .selectDistinct({ id: parks.id, name: parks.name, city: parks.city, lat: parks.lat, lng: parks.lng })
    .from(parks)
    .innerJoin(marketItemParks, eq(marketItemParks.parkId, parks.id))
    .innerJoin(marketItems, eq(marketItems.id, marketItemParks.itemId))
    .where(and(eq(parks.countryId, country.id), eq(parks.status, "active"), eq(marketItems.status, "active")))
    .orderBy(asc(parks.city), asc(parks.name), asc(parks.id));
  const pickupParks = parkRows
    .map(({ lat, lng, ...p }) => ({
      ...p,
      distance_km: near ? Math.round(distanceM(near.lat, near.lng, lat, lng)) / 1000 : null,
    }))
    // A stable sort: at equal distances (or with no point) the city-and-name order stays.
    .sort((a, b) => (a.distance_km ?? 0) - (b.distance_km ?? 0));
  const bands = await db
    .select()
    .from(deliveryCharges)
    .where(eq(deliveryCharges.countryId, country.id))
    .orderBy(asc(deliveryCharges.upToKm));
  const off = !switches.delivery && !switches.takeaway;
  return {
    delivery_enabled: switches.delivery,
    takeaway_enabled: switches.takeaway,
    message: off ? ORDERING_OFF_MESSAGE : null,
    slots: off ? [] : slots,
    pickup_parks: pickupParks,
    delivery_bands: bands.map((b) => ({ up_to_km: b.upToKm, charge: money(b.chargeMinor, country) })),
  };
}
