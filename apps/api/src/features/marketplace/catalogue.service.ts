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
import type { Db } from "../../db/client";
import type { Localised } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { staffText, type Language } from "../../lib/language";
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
import { servedCountries } from "../reference/served-countries";
import { offsetOf, listPage } from "../../lib/pagination";
import { deliveryBands } from "./cart.repo";
import {
  activeAddonsOf,
  activeItem,
  activeServiceParks,
  activeSliders,
  activeSlots,
  activeVariations,
  categoryItemCounts,
  categorySlugs,
  countryLiveOffers,
  itemsPage,
  pickupParks as pickupParkRows,
  type ItemListRow,
} from "./catalogue.repo";

export const MARKET_COUNTRY_UNKNOWN_MESSAGE = "This country is not served";

const itemNotFound = () => AppError.notFound(ITEM_NOT_FOUND_MESSAGE, "item_not_found");

/** A name no answer marks (a variation's, an add-on's, an offer's: required in both languages). */
const name = (l: Localised, language: Language) => staffText(l, language).text;

async function countryOf(db: Db, code: string): Promise<CartCountry> {
  const country = await cartCountry(servedCountries(db), code);
  if (!country) throw AppError.validation({ country: MARKET_COUNTRY_UNKNOWN_MESSAGE });
  return country;
}

const money = (minor: number, c: CartCountry) => ({
  amount: toMajor(minor, c.decimals),
  currency: c.currency,
});

/** Active categories with their count of active items in the country, in their order. */
export async function listCategories(db: Db, code: string, language: Language): Promise<MarketCategory[]> {
  const country = await countryOf(db, code);
  const rows = await categoryItemCounts(db, country.id);
  return rows
    .map((r) => {
      const given = staffText(r.name, language);
      return {
        id: r.id,
        slug: r.slug,
        name: given.text,
        text_language: given.language,
        icon: r.icon,
        items: Number(r.items),
      };
    })
    .filter((c) => c.items > 0);
}

export async function marketHome(db: Db, code: string, language: Language, now: Date): Promise<MarketHome> {
  const country = await countryOf(db, code);
  const categories = await listCategories(db, code, language);
  const sliders = await activeSliders(db, country.id);
  const offers = await countryLiveOffers(db, country.id, now);
  const slugs = await categorySlugs(db);
  return {
    country_code: country.code,
    currency: country.currency,
    categories,
    sliders: sliders.map((s) => {
      const title = staffText(s.title, language);
      const subtitle = staffText(s.subtitle, language);
      return {
        id: s.id,
        title: title.text,
        text_language: title.language,
        subtitle: subtitle.text,
        subtitle_language: subtitle.language,
        image_url: s.imageUrl,
        link: s.link,
      };
    }),
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

function summaryOf(
  r: ItemListRow,
  offers: OfferRow[],
  c: CartCountry,
  language: Language,
): MarketItemSummary {
  const price = Number(r.price_minor);
  const cut = bestOfferCut(price, offersFor(offers, { id: r.id, categoryId: r.category_id }));
  const given = staffText(r.name, language);
  return {
    id: r.id,
    kind: r.kind,
    name: given.text,
    text_language: given.language,
    category: { slug: r.category_slug, name: name(r.category_name, language) },
    image_url: r.images[0] ?? null,
    price: money(price, c),
    offer_price: money(price - cut, c),
    stock: r.stock === null ? null : Number(r.stock),
    has_variations: r.has_variations,
  };
}

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
  const { total, rows } = await itemsPage(db, {
    countryId: country.id,
    category: q.category,
    kind: q.kind,
    terms,
    onOfferAt: q.on_offer ? now : undefined,
    sort: q.sort,
    size: q.size,
    offset: offsetOf(q),
  });
  const offers = await countryLiveOffers(db, country.id, now);
  return listPage(
    rows.map((r) => summaryOf(r, offers, country, language)),
    total,
    q,
  );
}

/** One active item with its variations, add-ons, parks and offer; 404 when inactive or unknown. */
export async function getItem(db: Db, id: number, language: Language, now: Date): Promise<MarketItemDetail> {
  const row = await activeItem(db, id);
  if (!row) throw itemNotFound();
  const served = servedCountries(db);
  const country = (await cartCountry(served, (await served.byId(Number(row.country_id)))!.code))!;
  const offers = await countryLiveOffers(db, country.id, now);
  const own = offersFor(offers, { id: row.id, categoryId: row.category_id });
  const variations = await activeVariations(db, id);
  const addons = await activeAddonsOf(db, id, country.id);
  const serviceParks = row.kind === "service" ? await activeServiceParks(db, id) : [];
  // The offer shown is the one that cuts the lowest price most.
  const price = Number(row.price_minor);
  const best = own.map((o) => ({ o, cut: bestOfferCut(price, [o]) })).sort((a, b) => b.cut - a.cut)[0];
  const offerRow = best && best.cut > 0 ? offers.find((o) => o === best.o) : undefined;
  const description = staffText(row.description, language);
  return {
    ...summaryOf(row, offers, country, language),
    description: description.text,
    description_language: description.language,
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
  const slotRows = await activeSlots(db, country.id);
  const slots: OrderingOptions["slots"] = [];
  for (let d = 0; d < TIME_SLOT_DAYS_AHEAD; d++) {
    const date = countryDate(now, country.timezone, d);
    for (const s of slotRows.filter((r) => r.day === weekdayOf(date))) {
      if (slotInstants(date, s.openingTime, s.closingTime, country.timezone).end <= now) continue;
      slots.push({ slot_id: s.id, date, start_time: s.openingTime, end_time: s.closingTime });
    }
  }
  const parkRows = await pickupParkRows(db, country.id);
  const pickupParks = parkRows
    .map(({ lat, lng, stateCode, ...p }) => ({
      ...p,
      state_code: stateCode?.trim() ?? null,
      distance_km: near ? Math.round(distanceM(near.lat, near.lng, lat, lng)) / 1000 : null,
    }))
    // A stable sort: at equal distances (or with no point) the city-and-name order stays.
    .sort((a, b) => (a.distance_km ?? 0) - (b.distance_km ?? 0));
  const bands = await deliveryBands(db, country.id);
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
