/**
 * Pricing a cart (docs/PRODUCT-RULES.md#marketplace): the one function behind both the quote and
 * the order. It reads the catalogue, the coupon, the delivery setup and the slot, and answers the
 * lines as they would be sold, the amounts from `priceOrder`, each line's problem and the order's
 * problems. It never throws for a stale cart: a problem is data, and the order route decides what
 * it refuses. The order calls it again inside its transaction, with the coupon row locked.
 */
import {
  COUPON_EXPIRED_MESSAGE,
  COUPON_INACTIVE_MESSAGE,
  COUPON_MINIMUM_MESSAGE,
  COUPON_NOT_STARTED_MESSAGE,
  COUPON_FIXED_OVER_SUBTOTAL_MESSAGE,
  COUPON_OTHER_COUNTRY_MESSAGE,
  COUPON_UNKNOWN_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  ADDRESS_PIN_UNCONFIRMED_MESSAGE,
  DELIVERY_OUT_OF_AREA_MESSAGE,
  formatMoney,
  instantOfWallClock,
  ITEM_INACTIVE_MESSAGE,
  ORDERING_OFF_MESSAGE,
  OUT_OF_STOCK_MESSAGE,
  OVER_STOCK_MESSAGE,
  TIME_SLOT_DAYS_AHEAD,
  wallClockMs,
  type ItemKind,
  type LineProblem,
  type QuoteBody,
} from "@parkwell/contract";
import { and, asc, eq, gt, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/tx";
import {
  addresses,
  bookings,
  countries,
  couponUses,
  coupons,
  deliveryCharges,
  deliverySettings,
  fees,
  marketAddons,
  marketItemAddons,
  marketItemParks,
  marketItems,
  marketOffers,
  marketVariations,
  marketDepots,
  parks,
  serviceDays,
  timeSlots,
  type Localised,
} from "../../db/schema/index";
import { toMajor } from "../../lib/money";
import { distanceM } from "../../lib/park-cells";
import {
  bestOfferCut,
  couponDiscount,
  goodsAfterOffers,
  priceOrder,
  type CouponRefusal,
  type Discount,
  type OrderAmounts,
  type PricedLine,
} from "./order-pricing.domain";

export const ITEM_UNKNOWN_MESSAGE = "This item is not sold here";
export const VARIATION_REQUIRED_MESSAGE = "Choose an option for this item";
export const ADDON_UNAVAILABLE_MESSAGE = "An add-on of this item is no longer available";
export const SERVICE_FULL_MESSAGE = "Fully booked on that day at this park";
export const PARK_NOT_OFFERED_MESSAGE = "Not done at this park";
export const ADDRESS_REQUIRED_MESSAGE = "Choose a delivery address";
export const PARK_REQUIRED_MESSAGE = "Choose a park";
export const PARK_UNKNOWN_MESSAGE = "Choose one of the parks offered";
export const SLOT_REQUIRED_MESSAGE = "Choose a time slot";
export const SLOT_UNAVAILABLE_MESSAGE = "This time slot is not available: choose another";
export const BOOKING_UNUSABLE_MESSAGE = "This booking is not an active booking of yours at this park";
export const DELIVERY_OFF_MESSAGE = "Delivery is not available now: choose takeaway";
export const TAKEAWAY_OFF_MESSAGE = "Takeaway is not available now: choose delivery";
export const COUNTRY_NOT_SERVED_MESSAGE = "This country is not served";

export interface CartCountry {
  id: number;
  code: string;
  currency: string;
  decimals: number;
  timezone: string;
  taxBps: number;
  taxName: string;
}

/** One cart line as the catalogue prices it (null ids: an unknown item or variation). */
export interface CartLineView {
  index: number;
  itemId: number;
  variationId: number | null;
  addonIds: number[];
  kind: ItemKind | null;
  name: Localised;
  variationName: Localised | null;
  addons: { id: number; name: Localised; priceMinor: number }[];
  imageUrl: string | null;
  quantity: number;
  unitPriceMinor: number;
  unitOfferMinor: number;
  /** Units left for the line's stock (products); null for services, unknown lines or no stock kept. */
  available: number | null;
  /** Where the stock is: a variation's, the item's, or none kept (a service's capacity, unlimited). */
  stockOf: { table: "variation" | "item"; id: number } | null;
  problem: { code: LineProblem; message: string } | null;
  /** The priced amounts (shares of coupon and tax) when the line has a price. */
  priced: PricedLine | null;
}

export interface CartCoupon {
  id: number | null;
  code: string;
  applied: boolean;
  discountMinor: number;
  message: string | null;
}

export interface PricedCart {
  country: CartCountry;
  lines: CartLineView[];
  amounts: OrderAmounts;
  coupon: CartCoupon | null;
  deliveryMinor: number;
  depotId: number | null;
  address: { label: string; address: string; city: string; lat: number; lng: number; phone: string } | null;
  parkId: number | null;
  bookingId: string | null;
  slot: { date: string; start: Date; end: Date } | null;
  /** The day a service is done (the slot's, or the booking's). */
  serviceDay: string | null;
  orderingOff: boolean;
  problems: { field: string; message: string }[];
  orderable: boolean;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ""));

/** The country of a code with its currency, time zone and tax; undefined when it is not served. */
export async function cartCountry(db: Tx, code: string): Promise<CartCountry | undefined> {
  const [row] = await db
    .select({
      id: countries.id,
      code: countries.code,
      currency: countries.currency,
      decimals: countries.currencyDecimals,
      timezone: countries.timezone,
      taxBps: fees.taxBps,
      taxName: fees.taxName,
    })
    .from(countries)
    .leftJoin(fees, eq(fees.countryId, countries.id))
    .where(eq(countries.code, code.toUpperCase()));
  if (!row) return undefined;
  return { ...row, taxBps: row.taxBps ?? 0, taxName: row.taxName ?? "Tax" };
}

/** Delivery Setup of a country (both on when never set). */
export async function orderingSwitches(db: Tx, countryId: number) {
  const [row] = await db.select().from(deliverySettings).where(eq(deliverySettings.countryId, countryId));
  return { delivery: row?.deliveryEnabled ?? true, takeaway: row?.takeawayEnabled ?? true };
}

/** The live offers of a country for these items and categories. */
async function liveOffers(db: Tx, countryId: number, itemIds: number[], categoryIds: number[], now: Date) {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(marketOffers)
    .where(
      and(
        eq(marketOffers.countryId, countryId),
        eq(marketOffers.status, "active"),
        lte(marketOffers.startsAt, now),
        gt(marketOffers.endsAt, now),
        or(
          inArray(marketOffers.itemId, itemIds),
          categoryIds.length ? inArray(marketOffers.categoryId, categoryIds) : sql`false`,
        ),
      ),
    );
}

export type OfferRow = typeof marketOffers.$inferSelect;

/** The offers that apply to an item: its own and its category's. */
export function offersFor(offers: readonly OfferRow[], item: { id: number; categoryId: number }): Discount[] {
  return offers.filter(
    (o) => o.itemId === item.id || (o.itemId === null && o.categoryId === item.categoryId),
  );
}

/** "YYYY-MM-DD" of the country's wall clock at `now`, plus `plusDays`. */
export function countryDate(now: Date, timeZone: string, plusDays = 0): string {
  const wall = wallClockMs(now.getTime(), timeZone);
  return new Date(wall + plusDays * 86_400_000).toISOString().slice(0, 10);
}

/** The instants of a slot's opening and closing on a date, on the country's clock. */
export function slotInstants(date: string, opening: string, closing: string, timeZone: string) {
  const at = (hhmm: string) => instantOfWallClock(Date.parse(`${date}T${hhmm}:00Z`), timeZone);
  return { start: new Date(at(opening)), end: new Date(at(closing)) };
}

/** The weekday of a date, 0 Sunday … 6 Saturday. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Ids of coupon uses by a user, for a coupon. */
async function couponUsesOf(db: Tx, couponId: number, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId)));
  return Number(row?.n ?? 0);
}

const COUPON_MESSAGES: Record<Exclude<CouponRefusal, "minimum">, string> = {
  inactive: COUPON_INACTIVE_MESSAGE,
  not_started: COUPON_NOT_STARTED_MESSAGE,
  expired: COUPON_EXPIRED_MESSAGE,
  over_subtotal: COUPON_FIXED_OVER_SUBTOTAL_MESSAGE,
};

export interface PriceCartInput {
  body: QuoteBody;
  /** The signed-in driver (addresses, bookings and coupon uses are theirs); null when signed out. */
  userId: string | null;
  now: Date;
  /** Inside the order's transaction: lock the coupon row, and share the park's row, until it commits. */
  lockCoupon?: boolean;
}

/**
 * Prices a cart. Answers undefined only for a country that is not served (the caller's 422);
 * everything else, however stale, is a priced cart with its problems.
 */
export async function priceCart(db: Tx, input: PriceCartInput): Promise<PricedCart | undefined> {
  const { body, userId, now } = input;
  const country = await cartCountry(db, body.country);
  if (!country) return undefined;
  const problems: { field: string; message: string }[] = [];

  // The catalogue rows the lines name, in a few reads.
  const itemIds = [...new Set(body.lines.map((l) => l.item_id))];
  const items = !itemIds.length
    ? []
    : await db
        .select()
        .from(marketItems)
        .where(and(inArray(marketItems.id, itemIds), eq(marketItems.countryId, country.id)));
  const variations = !itemIds.length
    ? []
    : await db.select().from(marketVariations).where(inArray(marketVariations.itemId, itemIds));
  const addonIds = [...new Set(body.lines.flatMap((l) => l.addon_ids))];
  const addonRows = addonIds.length
    ? await db
        .select({
          itemId: marketItemAddons.itemId,
          id: marketAddons.id,
          name: marketAddons.name,
          priceMinor: marketAddons.priceMinor,
          status: marketAddons.status,
          countryId: marketAddons.countryId,
        })
        .from(marketItemAddons)
        .innerJoin(marketAddons, eq(marketAddons.id, marketItemAddons.addonId))
        .where(and(inArray(marketItemAddons.itemId, itemIds), inArray(marketAddons.id, addonIds)))
    : [];
  const offers = await liveOffers(
    db,
    country.id,
    items.map((i) => i.id),
    [...new Set(items.map((i) => i.categoryId))],
    now,
  );

  // Ordering switches and the order type.
  const switches = await orderingSwitches(db, country.id);
  const orderingOff = !switches.delivery && !switches.takeaway;
  if (orderingOff) problems.push({ field: "order_type", message: ORDERING_OFF_MESSAGE });
  else if (body.order_type === "delivery" && !switches.delivery) {
    problems.push({ field: "order_type", message: DELIVERY_OFF_MESSAGE });
  } else if (body.order_type === "takeaway" && !switches.takeaway) {
    problems.push({ field: "order_type", message: TAKEAWAY_OFF_MESSAGE });
  }

  // The park (takeaway, or a cart with a service).
  const hasService = items.some((i) => i.kind === "service" && body.lines.some((l) => l.item_id === i.id));
  let parkId: number | null = null;
  if (body.order_type === "takeaway" || hasService) {
    if (!body.park_id) problems.push({ field: "park_id", message: PARK_REQUIRED_MESSAGE });
    else {
      const query = db
        .select({ id: parks.id })
        .from(parks)
        .where(and(eq(parks.id, body.park_id), eq(parks.countryId, country.id), eq(parks.status, "active")));
      // Placing: the park's row shared until the order commits, so a change of its country (which
      // holds the row FOR UPDATE) waits for the order, or the order sees the park in its new country.
      const [park] = input.lockCoupon ? await query.for("key share") : await query;
      if (!park) problems.push({ field: "park_id", message: PARK_UNKNOWN_MESSAGE });
      else parkId = park.id;
    }
  }
  const serviceParks = hasService
    ? await db.select().from(marketItemParks).where(inArray(marketItemParks.itemId, itemIds))
    : [];

  // The slot, or a booking of the driver's at the park (services).
  let slot: PricedCart["slot"] = null;
  let bookingId: string | null = null;
  let serviceDay: string | null = null;
  if (body.booking_code) {
    const [booking] =
      userId && parkId !== null
        ? await db
            .select({ id: bookings.id, startTime: bookings.startTime, endTime: bookings.endTime })
            .from(bookings)
            .where(
              and(
                eq(bookings.bookingCode, body.booking_code.toUpperCase()),
                eq(bookings.userId, userId),
                eq(bookings.parkId, parkId),
                eq(bookings.status, "active"),
                gt(bookings.endTime, now),
              ),
            )
        : [];
    if (!booking || !hasService) {
      problems.push({ field: "booking_code", message: BOOKING_UNUSABLE_MESSAGE });
    } else {
      bookingId = booking.id;
      serviceDay = countryDate(booking.startTime > now ? booking.startTime : now, country.timezone);
    }
  } else if (!body.time_slot) {
    problems.push({ field: "time_slot", message: SLOT_REQUIRED_MESSAGE });
  } else {
    const [row] = await db
      .select()
      .from(timeSlots)
      .where(
        and(
          eq(timeSlots.id, body.time_slot.slot_id),
          eq(timeSlots.countryId, country.id),
          eq(timeSlots.status, "active"),
        ),
      );
    const date = body.time_slot.date;
    const first = countryDate(now, country.timezone);
    const last = countryDate(now, country.timezone, TIME_SLOT_DAYS_AHEAD - 1);
    const instants = row ? slotInstants(date, row.openingTime, row.closingTime, country.timezone) : null;
    if (
      !row ||
      !instants ||
      weekdayOf(date) !== row.day ||
      date < first ||
      date > last ||
      instants.end <= now
    ) {
      problems.push({ field: "time_slot", message: SLOT_UNAVAILABLE_MESSAGE });
    } else {
      slot = { date, ...instants };
      serviceDay = date;
    }
  }

  // Service capacity already taken on the day, per item at the park.
  const taken = new Map<number, number>();
  if (hasService && parkId !== null && serviceDay) {
    const rows = await db
      .select({ itemId: serviceDays.itemId, taken: serviceDays.taken })
      .from(serviceDays)
      .where(
        and(
          inArray(serviceDays.itemId, itemIds),
          eq(serviceDays.parkId, parkId),
          eq(serviceDays.day, serviceDay),
        ),
      );
    for (const r of rows) taken.set(r.itemId, r.taken);
  }

  // Units asked per stock (the same variation on two lines with other add-ons counts once).
  const asked = new Map<string, number>();
  const askedService = new Map<number, number>();

  const lines: CartLineView[] = body.lines.map((l, index) => {
    const item = items.find((i) => i.id === l.item_id);
    const base: CartLineView = {
      index,
      itemId: l.item_id,
      variationId: l.variation_id ?? null,
      addonIds: l.addon_ids,
      kind: item?.kind ?? null,
      name: item?.name ?? { en: "Unknown item", fr: "Article inconnu" },
      variationName: null,
      addons: [],
      imageUrl: item?.images[0] ?? null,
      quantity: l.quantity,
      unitPriceMinor: 0,
      unitOfferMinor: 0,
      available: null,
      stockOf: null,
      problem: null,
      priced: null,
    };
    if (!item) return { ...base, problem: { code: "not_found", message: ITEM_UNKNOWN_MESSAGE } };
    const own = variations.filter((v) => v.itemId === item.id);
    const activeOwn = own.filter((v) => v.status === "active");
    const variation = l.variation_id ? own.find((v) => v.id === l.variation_id) : undefined;
    if (l.variation_id && !variation) {
      return { ...base, problem: { code: "not_found", message: ITEM_UNKNOWN_MESSAGE } };
    }
    if (!variation && activeOwn.length > 0) {
      return { ...base, problem: { code: "variation_required", message: VARIATION_REQUIRED_MESSAGE } };
    }
    const addons = l.addon_ids.map((id) => addonRows.find((a) => a.id === id && a.itemId === item.id));
    const knownAddons = addons.filter((a): a is NonNullable<typeof a> => a !== undefined);
    const unitBase = variation?.priceMinor ?? item.priceMinor;
    const unitOfferMinor = bestOfferCut(unitBase, offersFor(offers, item));
    const line: CartLineView = {
      ...base,
      variationName: variation?.value ?? null,
      addons: knownAddons.map((a) => ({ id: a.id, name: a.name, priceMinor: a.priceMinor })),
      unitPriceMinor: unitBase + knownAddons.reduce((s, a) => s + a.priceMinor, 0),
      unitOfferMinor,
    };
    if (item.status !== "active" || (variation && variation.status !== "active")) {
      return { ...line, problem: { code: "inactive", message: ITEM_INACTIVE_MESSAGE } };
    }
    if (addons.some((a) => !a || a.status !== "active" || a.countryId !== country.id)) {
      return { ...line, problem: { code: "addon_unavailable", message: ADDON_UNAVAILABLE_MESSAGE } };
    }
    if (item.kind === "service") {
      if (parkId !== null && !serviceParks.some((p) => p.itemId === item.id && p.parkId === parkId)) {
        return { ...line, problem: { code: "park_not_offered", message: PARK_NOT_OFFERED_MESSAGE } };
      }
      const want = (askedService.get(item.id) ?? 0) + l.quantity;
      askedService.set(item.id, want);
      if (parkId !== null && serviceDay && (taken.get(item.id) ?? 0) + want > (item.dailyCapacity ?? 0)) {
        return { ...line, problem: { code: "service_full", message: SERVICE_FULL_MESSAGE } };
      }
      return line;
    }
    const stockOf =
      variation && variation.stock !== null
        ? { table: "variation" as const, id: variation.id }
        : item.stock !== null
          ? { table: "item" as const, id: item.id }
          : null;
    const available = variation && variation.stock !== null ? variation.stock : item.stock;
    const withStock = { ...line, stockOf, available };
    if (stockOf && available !== null) {
      const key = `${stockOf.table}:${stockOf.id}`;
      const want = (asked.get(key) ?? 0) + l.quantity;
      asked.set(key, want);
      if (available <= 0) {
        return { ...withStock, problem: { code: "out_of_stock", message: OUT_OF_STOCK_MESSAGE } };
      }
      if (want > available) {
        return {
          ...withStock,
          problem: { code: "over_stock", message: fill(OVER_STOCK_MESSAGE, { available }) },
        };
      }
    }
    return withStock;
  });

  // Delivery: the nearest active depot of the country, and the band of the distance.
  let deliveryMinor = 0;
  let depotId: number | null = null;
  let address: PricedCart["address"] = null;
  if (body.order_type === "delivery") {
    const [row] =
      body.address_id !== undefined && userId
        ? await db
            .select()
            .from(addresses)
            .where(
              and(
                eq(addresses.id, body.address_id),
                eq(addresses.userId, userId),
                eq(addresses.countryId, country.id),
              ),
            )
        : [];
    if (!row) problems.push({ field: "address_id", message: ADDRESS_REQUIRED_MESSAGE });
    else {
      address = {
        label: row.label,
        address: row.address,
        city: row.city,
        lat: row.lat,
        lng: row.lng,
        phone: row.phone,
      };
      const band = row.pinConfirmed ? await deliveryBand(db, country.id, row.lat, row.lng) : null;
      if (!row.pinConfirmed) problems.push({ field: "address_id", message: ADDRESS_PIN_UNCONFIRMED_MESSAGE });
      else if (!band) problems.push({ field: "address_id", message: DELIVERY_OUT_OF_AREA_MESSAGE });
      else {
        deliveryMinor = band.chargeMinor;
        depotId = band.depotId;
      }
    }
  }

  // Amounts over the lines that have a price (an unknown item or a missing option has none).
  const priceable = lines.filter(
    (l) => l.problem?.code !== "not_found" && l.problem?.code !== "variation_required",
  );
  const inputs = priceable.map((l) => ({
    unitPriceMinor: l.unitPriceMinor,
    unitOfferMinor: l.unitOfferMinor,
    quantity: l.quantity,
  }));

  // The coupon, on the goods after offers.
  let coupon: CartCoupon | null = null;
  if (body.coupon_code) {
    const query = db
      .select()
      .from(coupons)
      .where(and(eq(coupons.countryId, country.id), eq(coupons.code, body.coupon_code)));
    const [row] = input.lockCoupon ? await query.for("update") : await query;
    const refused = (message: string): CartCoupon => ({
      id: row?.id ?? null,
      code: body.coupon_code!,
      applied: false,
      discountMinor: 0,
      message,
    });
    if (!row) {
      // A code of another country (WELCOME5 typed in Nigeria) is said to be so, not to be unknown.
      const [elsewhere] = await db
        .select({ id: coupons.id })
        .from(coupons)
        .where(and(ne(coupons.countryId, country.id), eq(coupons.code, body.coupon_code)))
        .limit(1);
      coupon = refused(elsewhere ? COUPON_OTHER_COUNTRY_MESSAGE : COUPON_UNKNOWN_MESSAGE);
    } else {
      const verdict = couponDiscount(goodsAfterOffers(inputs), row, now);
      if (!verdict.ok) {
        coupon = refused(
          verdict.refusal === "minimum"
            ? fill(COUPON_MINIMUM_MESSAGE, {
                amount: formatMoney(toMajor(row.minOrderMinor, country.decimals), country.currency, "en"),
              })
            : COUPON_MESSAGES[verdict.refusal],
        );
      } else if (userId && (await couponUsesOf(db, row.id, userId)) >= row.limitPerUser) {
        coupon = refused(COUPON_USED_UP_MESSAGE);
      } else {
        coupon = {
          id: row.id,
          code: row.code,
          applied: true,
          discountMinor: verdict.discountMinor,
          message: null,
        };
      }
    }
  }

  const amounts = priceOrder({
    lines: inputs,
    couponDiscountMinor: coupon?.applied ? coupon.discountMinor : 0,
    deliveryMinor,
    taxBps: country.taxBps,
  });
  priceable.forEach((l, i) => {
    l.priced = amounts.lines[i]!;
  });

  const orderable = problems.length === 0 && lines.every((l) => !l.problem) && (!coupon || coupon.applied);
  return {
    country,
    lines,
    amounts,
    coupon,
    deliveryMinor,
    depotId,
    address,
    parkId,
    bookingId,
    slot,
    serviceDay,
    orderingOff,
    problems,
    orderable,
  };
}

/** The delivery charge from the nearest active depot of the country to a point; undefined when out of area. */
export async function deliveryBand(db: Tx, countryId: number, lat: number, lng: number) {
  const depots = await db
    .select()
    .from(marketDepots)
    .where(and(eq(marketDepots.countryId, countryId), eq(marketDepots.status, "active")));
  if (depots.length === 0) return undefined;
  const nearest = depots
    .map((d) => ({ id: d.id, km: distanceM(d.lat, d.lng, lat, lng) / 1000 }))
    .sort((a, b) => a.km - b.km || a.id - b.id)[0]!;
  const bands = await db
    .select()
    .from(deliveryCharges)
    .where(eq(deliveryCharges.countryId, countryId))
    .orderBy(asc(deliveryCharges.upToKm));
  const band = bands.find((b) => nearest.km <= b.upToKm);
  return band ? { depotId: nearest.id, chargeMinor: band.chargeMinor, km: nearest.km } : undefined;
}
