/**
 * Pricing a cart (docs/PRODUCT-RULES.md#marketplace): the one function behind both the quote and
 * the order. It reads the catalogue, the coupon, the delivery setup and the slot, and answers the
 * lines as they would be sold, the amounts from `priceOrder`, each line's problem and the order's
 * problems. It never throws for a stale cart: a problem is data, and the order route decides what
 * it refuses. The order calls it again inside its transaction, with the coupon row locked.
 */
import {
  ADDRESS_PIN_UNCONFIRMED_MESSAGE,
  DELIVERY_OUT_OF_AREA_MESSAGE,
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
import type { Tx } from "../../db/tx";
import type { Localised } from "../../db/schema/index";
import { inBothLanguages } from "../../lib/messages";
import { distanceM } from "../../lib/park-cells";
import { couponFor, type PurchaseCoupon } from "../purchases/coupons.service";
import {
  bestOfferCut,
  goodsAfterOffers,
  priceOrder,
  type Discount,
  type OrderAmounts,
  type PricedLine,
} from "./order-pricing.domain";
import {
  activeBookingByCode,
  activeDepots,
  activeParkOf,
  activeSlotOf,
  cartCatalogue,
  deliveryBands,
  itemParksOf,
  liveOffers,
  orderingSwitches,
  serviceDaysTaken,
  userAddressIn,
  type CartCatalogue,
  type OfferRow,
} from "./cart.repo";
import type { ServedCountries } from "../reference/served-countries";

export { orderingSwitches, type OfferRow };

export interface CartCountry {
  id: number;
  code: string;
  currency: string;
  decimals: number;
  timezone: string;
  taxBps: number;
  taxName: string;
}

/**
 * The country of a code with its currency, time zone and tax (none without a fees row), from the
 * served countries; undefined when it is not served. `via`: the caller's transaction, if any.
 */
export async function cartCountry(
  served: ServedCountries,
  code: string,
  via?: Tx,
): Promise<CartCountry | undefined> {
  const c = await served.byCode(code, via);
  if (!c) return undefined;
  const fees = await served.feesOf(c.id, via);
  return {
    id: c.id,
    code: c.code,
    currency: c.currency,
    decimals: c.currencyDecimals,
    timezone: c.timezone,
    taxBps: fees?.taxBps ?? 0,
    taxName: fees?.taxName ?? "Tax",
  };
}

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

/** The cart's coupon, as every purchase reads one. */
export type CartCoupon = PurchaseCoupon;

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

export interface PriceCartInput {
  /** The app's served countries (of the root handle, also inside a transaction). */
  countries: ServedCountries;
  body: QuoteBody;
  /** The signed-in driver (addresses, bookings and coupon uses are theirs); null when signed out. */
  userId: string | null;
  now: Date;
  /** Inside the order's transaction: lock the coupon row, and share the park's row, until it commits. */
  lockCoupon?: boolean;
}

type Problems = { field: string; message: string }[];

/**
 * Prices a cart. Answers undefined only for a country that is not served (the caller's 422);
 * everything else, however stale, is a priced cart with its problems. The steps read in this
 * order (the park's row shared before the coupon's is locked): catalogue and offers, switches,
 * park, slot or booking, service capacity, lines, delivery, coupon, amounts.
 */
export async function priceCart(db: Tx, input: PriceCartInput): Promise<PricedCart | undefined> {
  const { body, now } = input;
  const country = await cartCountry(input.countries, body.country, db);
  if (!country) return undefined;
  const problems: Problems = [];

  // The catalogue rows the lines name, in a few reads.
  const itemIds = [...new Set(body.lines.map((l) => l.item_id))];
  const addonIds = [...new Set(body.lines.flatMap((l) => l.addon_ids))];
  const catalogue = await cartCatalogue(db, country.id, itemIds, addonIds);
  const { items } = catalogue;
  const offers = await liveOffers(
    db,
    country.id,
    items.map((i) => i.id),
    [...new Set(items.map((i) => i.categoryId))],
    now,
  );

  const orderingOff = await checkOrderType(db, input, country, problems);
  const hasService = items.some((i) => i.kind === "service" && body.lines.some((l) => l.item_id === i.id));
  const parkId = await cartPark(db, input, country, hasService, problems);
  const serviceParks = hasService ? await itemParksOf(db, itemIds) : [];
  const when = await cartWhen(db, input, country, parkId, hasService, problems);
  const { serviceDay } = when;

  // Service capacity already taken on the day, per item at the park.
  const taken = new Map<number, number>();
  if (hasService && parkId !== null && serviceDay) {
    for (const r of await serviceDaysTaken(db, itemIds, parkId, serviceDay)) taken.set(r.itemId, r.taken);
  }

  const lines = priceLines(body, country, catalogue, offers, {
    parkId,
    serviceDay,
    serviceParks,
    taken,
  });
  const delivery = await cartDelivery(db, input, country, problems);

  // Amounts over the lines that have a price (an unknown item or a missing option has none).
  const priceable = lines.filter(
    (l) => l.problem?.code !== "not_found" && l.problem?.code !== "variation_required",
  );
  const inputs = priceable.map((l) => ({
    unitPriceMinor: l.unitPriceMinor,
    unitOfferMinor: l.unitOfferMinor,
    quantity: l.quantity,
  }));
  const coupon = await cartCoupon(db, input, country, inputs);

  const amounts = priceOrder({
    lines: inputs,
    couponDiscountMinor: coupon?.applied ? coupon.discountMinor : 0,
    deliveryMinor: delivery.deliveryMinor,
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
    deliveryMinor: delivery.deliveryMinor,
    depotId: delivery.depotId,
    address: delivery.address,
    parkId,
    bookingId: when.bookingId,
    slot: when.slot,
    serviceDay,
    orderingOff,
    problems,
    orderable,
  };
}

/** Ordering switches and the order type; answers whether ordering is off altogether. */
async function checkOrderType(
  db: Tx,
  { body }: PriceCartInput,
  country: CartCountry,
  problems: Problems,
): Promise<boolean> {
  const switches = await orderingSwitches(db, country.id);
  const orderingOff = !switches.delivery && !switches.takeaway;
  if (orderingOff) problems.push({ field: "order_type", message: ORDERING_OFF_MESSAGE });
  else if (body.order_type === "delivery" && !switches.delivery) {
    problems.push({ field: "order_type", message: DELIVERY_OFF_MESSAGE });
  } else if (body.order_type === "takeaway" && !switches.takeaway) {
    problems.push({ field: "order_type", message: TAKEAWAY_OFF_MESSAGE });
  }
  return orderingOff;
}

/** The park (takeaway, or a cart with a service); null when none is needed or it is refused. */
async function cartPark(
  db: Tx,
  input: PriceCartInput,
  country: CartCountry,
  hasService: boolean,
  problems: Problems,
): Promise<number | null> {
  const { body } = input;
  if (body.order_type !== "takeaway" && !hasService) return null;
  if (!body.park_id) {
    problems.push({ field: "park_id", message: PARK_REQUIRED_MESSAGE });
    return null;
  }
  // Placing: the park's row shared until the order commits, so a change of its country (which
  // holds the row FOR UPDATE) waits for the order, or the order sees the park in its new country.
  const park = await activeParkOf(db, body.park_id, country.id, input.lockCoupon === true);
  if (!park) {
    problems.push({ field: "park_id", message: PARK_UNKNOWN_MESSAGE });
    return null;
  }
  return park.id;
}

/** The slot, or a booking of the driver's at the park (services), and the day a service is done. */
async function cartWhen(
  db: Tx,
  { body, userId, now }: PriceCartInput,
  country: CartCountry,
  parkId: number | null,
  hasService: boolean,
  problems: Problems,
): Promise<{ slot: PricedCart["slot"]; bookingId: string | null; serviceDay: string | null }> {
  const none = { slot: null, bookingId: null, serviceDay: null };
  if (body.booking_code) {
    const booking =
      userId && parkId !== null
        ? await activeBookingByCode(db, body.booking_code, userId, parkId, now)
        : undefined;
    if (!booking || !hasService) {
      problems.push({ field: "booking_code", message: BOOKING_UNUSABLE_MESSAGE });
      return none;
    }
    return {
      slot: null,
      bookingId: booking.id,
      serviceDay: countryDate(booking.startTime > now ? booking.startTime : now, country.timezone),
    };
  }
  if (!body.time_slot) {
    problems.push({ field: "time_slot", message: SLOT_REQUIRED_MESSAGE });
    return none;
  }
  const row = await activeSlotOf(db, body.time_slot.slot_id, country.id);
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
    return none;
  }
  return { slot: { date, ...instants }, bookingId: null, serviceDay: date };
}

interface ServiceContext {
  parkId: number | null;
  serviceDay: string | null;
  serviceParks: { itemId: number; parkId: number }[];
  taken: Map<number, number>;
}

/** Each line as it would be sold, with its problem (no reads: the rows are given). */
function priceLines(
  body: QuoteBody,
  country: CartCountry,
  { items, variations, addonRows }: CartCatalogue,
  offers: readonly OfferRow[],
  { parkId, serviceDay, serviceParks, taken }: ServiceContext,
): CartLineView[] {
  // Units asked per stock (the same variation on two lines with other add-ons counts once).
  const asked = new Map<string, number>();
  const askedService = new Map<number, number>();

  return body.lines.map((l, index) => {
    const item = items.find((i) => i.id === l.item_id);
    const base: CartLineView = {
      index,
      itemId: l.item_id,
      variationId: l.variation_id ?? null,
      addonIds: l.addon_ids,
      kind: item?.kind ?? null,
      name: item?.name ?? inBothLanguages("Unknown item"),
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
}

/** Delivery: the nearest active depot of the country, and the band of the distance. */
async function cartDelivery(
  db: Tx,
  { body, userId }: PriceCartInput,
  country: CartCountry,
  problems: Problems,
): Promise<{ deliveryMinor: number; depotId: number | null; address: PricedCart["address"] }> {
  const none = { deliveryMinor: 0, depotId: null, address: null };
  if (body.order_type !== "delivery") return none;
  const row =
    body.address_id !== undefined && userId
      ? await userAddressIn(db, body.address_id, userId, country.id)
      : undefined;
  if (!row) {
    problems.push({ field: "address_id", message: ADDRESS_REQUIRED_MESSAGE });
    return none;
  }
  const address = {
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
  else return { deliveryMinor: band.chargeMinor, depotId: band.depotId, address };
  return { ...none, address };
}

/** The coupon, on the goods after offers; null when the cart names none. */
async function cartCoupon(
  db: Tx,
  { body, userId, now, lockCoupon }: PriceCartInput,
  country: CartCountry,
  inputs: { unitPriceMinor: number; unitOfferMinor: number; quantity: number }[],
): Promise<CartCoupon | null> {
  if (!body.coupon_code) return null;
  return couponFor(db, {
    code: body.coupon_code,
    kind: "order",
    country,
    userId: userId ?? null,
    baseMinor: goodsAfterOffers(inputs),
    now,
    lock: lockCoupon === true,
  });
}

/** The delivery charge from the nearest active depot of the country to a point; undefined when out of area. */
export async function deliveryBand(db: Tx, countryId: number, lat: number, lng: number) {
  const depots = await activeDepots(db, countryId);
  if (depots.length === 0) return undefined;
  const nearest = depots
    .map((d) => ({ id: d.id, km: distanceM(d.lat, d.lng, lat, lng) / 1000 }))
    .sort((a, b) => a.km - b.km || a.id - b.id)[0]!;
  const bands = await deliveryBands(db, countryId);
  const band = bands.find((b) => nearest.km <= b.upToKm);
  return band ? { depotId: nearest.id, chargeMinor: band.chargeMinor, km: nearest.km } : undefined;
}

/**
 * The delivery charge to one of the driver's saved addresses in a country, by the marketplace's
 * depots and distance bands (vehicle documents deliver through the same): the charge and the
 * address's text, or the refusal the quote would give.
 */
export async function deliveryToAddress(
  db: Tx,
  userId: string,
  countryId: number,
  addressId: number,
): Promise<{ ok: true; chargeMinor: number; text: string } | { ok: false; message: string }> {
  const row = await userAddressIn(db, addressId, userId, countryId);
  if (!row) return { ok: false, message: ADDRESS_REQUIRED_MESSAGE };
  if (!row.pinConfirmed) return { ok: false, message: ADDRESS_PIN_UNCONFIRMED_MESSAGE };
  const band = await deliveryBand(db, countryId, row.lat, row.lng);
  if (!band) return { ok: false, message: DELIVERY_OUT_OF_AREA_MESSAGE };
  return { ok: true, chargeMinor: band.chargeMinor, text: [row.address, row.city].join(", ") };
}
