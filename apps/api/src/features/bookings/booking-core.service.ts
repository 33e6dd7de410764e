/**
 * What every booking write shares: the locked park and its price, the wallet charge (402 when
 * short) and the errors. Each write runs in one transaction that first locks the capacity row.
 */
import {
  BOOKING_FULL_MESSAGE,
  CHARGER_FULL_MESSAGE,
  CHARGER_NOT_OFFERED_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  refusedEdge,
  type Vehicle,
  windowRefusalText,
  windowVerdict,
  type WindowRefusal,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import type { Jobs } from "../../jobs/queue";
import type { Clock } from "../../lib/clock";
import { clockOfPark } from "../parks/parks.present";
import {
  priceWindow,
  withCharging,
  withCoupon,
  type BookedRateRule,
  type PriceBreakdown,
} from "../parks/pricing.domain";
import { ruleForWindow } from "../parks/rate-rules.service";
import { readQuote, signQuote, type QuoteClaim } from "./quote-token";
import { taxesAt, withTaxesAt, type TaxRateRow } from "../reference/tax-rates.domain";
import { find as findVehicle } from "../vehicles/vehicles.service";
import { chargingHourOf, reserveCharger, type ChargerHold } from "../parks/chargers.service";
import { assertCouponApplies, couponFor, type PurchaseCoupon } from "../purchases/coupons.service";
import * as repo from "./bookings.repo";
import type { ParkRead } from "./bookings.repo";
import type { ServedCountries } from "../reference/served-countries";
import { servedCountries } from "../reference/served-countries";

/** A park as a booking prices it: its row, and its country's currency and fees (the served countries'). */
export type ParkForBooking = ParkRead & {
  currency: string;
  decimals: number;
  taxName: string;
  serviceFeeMinor: number;
  bookingFeeBps: number;
  taxBps: number;
  /** Its country's tax rows: `price` charges its state's taxes of the day (decision 047). */
  taxRates: TaxRateRow[];
};

/**
 * The park with its country's currency and fees; undefined when there is no park or its country
 * has no fees (such a park is not bookable). `via`: the caller's transaction, if any.
 */
async function withCountry(
  served: ServedCountries,
  park: ParkRead | undefined,
  via?: Tx,
): Promise<ParkForBooking | undefined> {
  // A lookup that misses reads the rows again (a country added since): then the list has it.
  if (!park || !(await served.feesOf(park.countryId, via))) return undefined;
  const country = (await served.withFees(via)).find((c) => c.id === park.countryId);
  if (!country) return undefined;
  const { currency, decimals, taxName, serviceFeeMinor, bookingFeeBps, taxBps, taxRates } = country;
  return { ...park, currency, decimals, taxName, serviceFeeMinor, bookingFeeBps, taxBps, taxRates };
}

/** The park a booking reads (bookings.repo readParkForBooking) with its country's currency and fees. */
export async function readParkWithCountry(
  db: Db,
  parkId: number,
  vehicleTypeId: number,
): Promise<ParkForBooking | undefined> {
  return withCountry(servedCountries(db), await repo.readParkForBooking(db, parkId, vehicleTypeId));
}

/** Several parks as readParkWithCountry reads each, in one statement; a park not served is left out. */
export async function readParksWithCountry(
  db: Db,
  parkIds: readonly number[],
  vehicleTypeId: number,
): Promise<Map<number, ParkForBooking>> {
  const served = servedCountries(db);
  const out = new Map<number, ParkForBooking>();
  for (const row of await repo.readParksForBooking(db, parkIds, vehicleTypeId)) {
    const park = await withCountry(served, row);
    if (park) out.set(park.id, park);
  }
  return out;
}
import { pgCode, SQLSTATE } from "../../lib/pg-error";

export interface BookingDeps {
  db: Db;
  clock: Clock;
  /** Where each change's e-mail is queued, in the change's transaction. */
  jobs: Jobs;
  /**
   * Test-only: extend, renew and a change of window skip the capacity row lock, to prove the race
   * tests can fail. Never set in production. (A new booking's lock is inside `book_space`; its race
   * test installs an unlocked copy of the function in its own database instead.)
   */
  unsafeSkipCapacityLock?: boolean;
}

export const VEHICLE_BUSY = "This vehicle already has a booking in this window";
export const notFound = () => AppError.notFound(BOOKING_NOT_FOUND_MESSAGE, "booking_not_found");
export const full = () => new AppError(409, "no_capacity", BOOKING_FULL_MESSAGE);
export const busy = () => new AppError(409, "vehicle_busy", VEHICLE_BUSY, { vehicle_id: VEHICLE_BUSY });
const chargerNotOffered = () => AppError.validation({ charger_id: CHARGER_NOT_OFFERED_MESSAGE });
const chargerFull = () => new AppError(409, "charger_full", CHARGER_FULL_MESSAGE);

/** A charger group's refusal as the driver is told it: every charger taken (409), or not offered (422). */
export const chargerRefused = (status: Exclude<ChargerHold, "free">) =>
  status === "charger_full" ? chargerFull() : chargerNotOffered();

/**
 * One of the group's chargers free over [start, end) for a hold or a booking's change, under the
 * group's row lock (reserve_charger, taken last: after the capacity row, the wallet and the
 * driver's row); `exclude`: the booking or hold itself. Refused, the request's error is thrown.
 */
export async function holdCharger(
  tx: Tx,
  w: { chargerId: number; parkId: number; start: Date; end: Date; exclude: string | null; now: Date },
): Promise<void> {
  const status = await reserveCharger(tx, w);
  if (status !== "free") throw chargerRefused(status);
}

/**
 * The first statements of a booking change (extend, renew, cancel) and of a drive-up sale: the
 * park's row shared (FOR KEY SHARE, the lock the foreign key of a new row takes anyway: a change of
 * the park's country or time zone holds the row FOR UPDATE, so this waits for it and then reads the
 * park as it is now), then the capacity of the park and vehicle type locked with the park loaded
 * (bookings.repo lockParkForBooking). A park that cannot be booked is a 422.
 */
export async function lockPark(
  tx: Tx,
  deps: Pick<BookingDeps, "db" | "unsafeSkipCapacityLock">,
  parkId: number,
  vehicleTypeId: number,
): Promise<LockedPark> {
  await repo.shareParkRow(tx, parkId);
  const park = await repo.lockParkForBooking(tx, parkId, vehicleTypeId, !deps.unsafeSkipCapacityLock);
  return bookable(await withCountry(servedCountries(deps.db), park, tx));
}

/**
 * A booking is priced again (extended, renewed, its overstay at the gate) only in its own currency:
 * at a park that now charges in another (moved to another country before a move needed everything
 * there finished: admin-parks.service update) it is a 409, never another currency's amount charged.
 */
export function assertSameCurrency(b: { currency: string }, park: { currency: string }): void {
  if (b.currency !== park.currency) {
    throw new AppError(
      409,
      "currency_mismatch",
      `This booking was paid in ${b.currency} but the park now charges in ${park.currency}, so it cannot be priced again`,
    );
  }
}

/** The 409 of a new booking priced in one currency whose park charged in another once locked. */
export const currencyChanged = () =>
  new AppError(
    409,
    "park_currency_changed",
    "This park's currency changed while you were booking: look at its prices again",
  );

/**
 * The park a new booking is priced from, read without a lock: `book_space` then takes the lock
 * and checks the capacity itself. A rate or hours changed between the two is the same as the
 * booking having come just before the change (docs/decisions/008-bookings.md).
 */
export async function readPark(db: Db, parkId: number, vehicleTypeId: number): Promise<LockedPark> {
  return bookable(await readParkWithCountry(db, parkId, vehicleTypeId));
}

/**
 * The park's standard rate for a vehicle type (null when it has none) and its currency, read
 * without a lock and whatever the park's status: what the gate prices an overstay with.
 */
export async function standardRate(served: ServedCountries, tx: Tx, parkId: number, vehicleTypeId: number) {
  const park = await withCountry(served, await repo.lockParkForBooking(tx, parkId, vehicleTypeId, false), tx);
  return park?.hourlyMinor != null && park.dailyMaxMinor != null
    ? { hourlyMinor: park.hourlyMinor, dailyMaxMinor: park.dailyMaxMinor, currency: park.currency }
    : null;
}

function bookable(park: ParkForBooking | undefined): LockedPark {
  if (!park || park.status !== "active") {
    throw AppError.validation({ park_id: "Park not found" });
  }
  if (park.hourlyMinor === null || park.dailyMaxMinor === null) {
    throw AppError.validation({ vehicle_type_id: "This park takes no vehicles of this type" });
  }
  return { ...park, capacity: park.capacity ?? 0 };
}
export type LockedPark = ParkForBooking & { capacity: number };

/** A window the park cannot take: 422 with the reason as a sentence (the error plugin translates it). */
export function windowRefused(refusal: WindowRefusal, field: string): AppError {
  const text = windowRefusalText(refusal);
  return new AppError(422, "window_not_bookable", text, { [field]: text });
}

/**
 * A window's price at the park, with its state's taxes on the day of the sale (`at`, the clock's
 * now), the EV charging sold with it at `chargingHourMinor` per hour (chargingHourOf; null:
 * none), and the busy-time rule that prices its parking (decision 059; null: the normal rates).
 */
export function price(
  p: ParkForBooking,
  start: Date,
  end: Date,
  at: Date,
  chargingHourMinor: number | null = null,
  rule: BookedRateRule | null = null,
) {
  const b = priceWindow(
    { hourlyMinor: p.hourlyMinor!, dailyMaxMinor: p.dailyMaxMinor! },
    withTaxesAt(p, p, at, "window"),
    start,
    end,
    rule,
  );
  return { ...withCharging(b, chargingHourMinor, start, end), taxName: p.taxName };
}

/**
 * The user's saved vehicle `vehicleId` for a booking of `vehicleTypeId`: a 422 when it is not
 * theirs, or of another type (the error on `field`).
 */
export async function savedVehicle(
  db: Db,
  userId: string,
  vehicleId: number,
  vehicleTypeId: number,
  field: string,
): Promise<Vehicle> {
  const vehicle = await findVehicle(db, userId, vehicleId);
  if (!vehicle) throw AppError.validation({ vehicle_id: "Vehicle not found" });
  if (vehicle.vehicle_type_id !== vehicleTypeId) {
    throw AppError.validation({ [field]: "This vehicle is of another vehicle type" });
  }
  return vehicle;
}

/** Said when a coupon's discount moved between the price the driver saw and the payment. */
export const COUPON_CHANGED_MESSAGE = "This coupon changed while you were booking: look at the price again";

/** A booking's kinds of purchase as a coupon names them (a paid hold books a window). */
type BookingCouponKind = "booking" | "event_booking";

const couponCountry = (park: ParkForBooking) => ({
  id: park.countryId,
  currency: park.currency,
  decimals: park.decimals,
});

/**
 * A new booking's price after its coupon (`kind`: a window's, a hold's or an event's): the discount
 * off the parking, never the fees (pricing.domain withCoupon, docs/PRODUCT-RULES.md#coupons), with
 * the verdict on the code (applied, or the sentence why not: the price is then as it was). No code:
 * no verdict, the price as it is.
 */
export async function couponOnBooking<B extends PriceBreakdown>(
  db: Db | Tx,
  park: ParkForBooking,
  p: { code: string | undefined; kind: BookingCouponKind; userId: string | null; breakdown: B; now: Date },
): Promise<{ coupon: PurchaseCoupon | null; breakdown: B }> {
  if (!p.code) return { coupon: null, breakdown: p.breakdown };
  const coupon = await couponFor(db, {
    code: p.code,
    kind: p.kind,
    country: couponCountry(park),
    userId: p.userId,
    baseMinor: p.breakdown.parkingMinor,
    now: p.now,
    lock: false,
  });
  const breakdown = coupon.applied
    ? { ...p.breakdown, ...withCoupon(p.breakdown, coupon, taxesAt(park, park, p.now, "window")) }
    : p.breakdown;
  return { coupon, breakdown };
}

const QUOTE_REQUIRED_MESSAGE =
  "This park's prices follow demand: ask for the price, then book with its quote_token";
const QUOTE_EXPIRED_MESSAGE = "The price you were quoted is no longer held: look at the price again";
const QUOTE_CHANGED_MESSAGE = "This park's prices changed since your quote: look at the price again";
const QUOTE_INVALID_MESSAGE = "This quote is not for this window and vehicle: look at the price again";
const quoteRequired = () => new AppError(409, "quote_required", QUOTE_REQUIRED_MESSAGE);
const quoteExpired = () => new AppError(409, "quote_expired", QUOTE_EXPIRED_MESSAGE);
const quoteChanged = () => new AppError(409, "quote_changed", QUOTE_CHANGED_MESSAGE);
const quoteInvalid = () =>
  new AppError(422, "quote_invalid", QUOTE_INVALID_MESSAGE, { quote_token: QUOTE_INVALID_MESSAGE });

/**
 * How a window's busy-time price is found (decision 059): a quote reads the park's rules now (its
 * occupancy too); a booking or a hold presents the quote's token (`token`, with the signing
 * `secret`), whose rule it is charged by. Without a token at a park that has rules, the booking is
 * refused (409 quote_required); at a park without, it is priced at the normal rates as always.
 */
export type WindowPricing = { as: "quote" } | { as: "booking"; token: string | undefined; secret: string };

/** A presented token's claim, checked against the booking it comes with: ours, this booking's, unexpired. */
function presentedQuote(
  token: string,
  secret: string,
  ask: { userId: string; parkId: number; vehicleTypeId: number; start: Date; end: Date; now: Date },
): QuoteClaim {
  const claim = readQuote(token, secret);
  if (
    !claim ||
    claim.u !== ask.userId ||
    claim.p !== ask.parkId ||
    claim.v !== ask.vehicleTypeId ||
    claim.s !== ask.start.getTime() ||
    claim.e !== ask.end.getTime()
  ) {
    throw quoteInvalid();
  }
  if (claim.x <= ask.now.getTime()) throw quoteExpired();
  return claim;
}

/**
 * `book_space` answered `closed`: a closure saved while this booking was priced covers its window.
 * The park read again says which day, in the window's refusal (422 at start_time or end_time).
 */
export async function closedWindow(
  db: Db,
  ask: { parkId: number; vehicleTypeId: number; start: Date; end: Date },
) {
  const park = await readPark(db, ask.parkId, ask.vehicleTypeId);
  const verdict = windowVerdict(ask.start, ask.end, ask.start, clockOfPark(park));
  // Opened again since (the closure taken back): the driver looks again at a window now taken.
  if (verdict.bookable) return full();
  return windowRefused(verdict, refusedEdge(verdict) === "start" ? "start_time" : "end_time");
}

/**
 * A new window at the park as every booking path checks it (a booking, a hold, a quote, a booking's
 * change of window): its start not past, its length, and its opening hours and closures on the
 * park's clock (windowVerdict); refused, the 422 names the edge refused (start_time or end_time).
 */
export function assertBookableWindow(park: ParkForBooking, start: Date, end: Date, now: Date): void {
  const verdict = windowVerdict(start, end, now, clockOfPark(park));
  if (!verdict.bookable) {
    throw windowRefused(verdict, refusedEdge(verdict) === "start" ? "start_time" : "end_time");
  }
}

/** What a window's busy-time price is asked with: who, which park and vehicle type, which window, when. */
export interface WindowAsk {
  userId: string;
  parkId: number;
  vehicleTypeId: number;
  start: Date;
  end: Date;
  now: Date;
  pricing: WindowPricing;
}

/**
 * The quote a booking presents (decision 059): its token's claim, checked against the window
 * (ours, this window's, unexpired), or null when none is presented or a quote is asked. Without
 * one at a park with busy-time rules, a booking is refused (409 quote_required).
 */
export function presentedClaim(park: ParkForBooking, ask: WindowAsk): QuoteClaim | null {
  const { pricing } = ask;
  const claim =
    pricing.as === "booking" && pricing.token !== undefined
      ? presentedQuote(pricing.token, pricing.secret, ask)
      : null;
  if (pricing.as === "booking" && !claim && park.hasRateRules) throw quoteRequired();
  return claim;
}

/** The busy-time rule that prices the window: a quote's, the park's rules now; a booking's, its claim's. */
export function windowRule(
  db: Db,
  park: ParkForBooking,
  ask: WindowAsk,
  claim: QuoteClaim | null,
): Promise<BookedRateRule | null> {
  if (ask.pricing.as !== "quote") return Promise.resolve(claim?.r ?? null);
  const rate = { hourlyMinor: park.hourlyMinor!, dailyMaxMinor: park.dailyMaxMinor! };
  return ruleForWindow(db, park, rate, ask.vehicleTypeId, ask.start, ask.end);
}

/**
 * A presented quote's parking against the window's price now: a token whose parking is no longer
 * what the park's rates and its rule give (the rates changed), or whose currency is not the park's,
 * is refused (409 quote_changed): a booking is never charged another amount than its quote's.
 */
export function assertQuoteHolds(claim: QuoteClaim | null, park: ParkForBooking, breakdown: PriceBreakdown) {
  if (claim && (claim.m !== breakdown.parkingMinor || claim.k !== park.currency)) throw quoteChanged();
}

/**
 * A new window at a park as every booking path reads it (a booking, a hold, a quote): the park
 * (readPark's errors), the window checked (assertBookableWindow), the charger group named
 * (chargingHourOf's 422), and its price, the charging of a per-hour group included, the busy-time
 * rule found as `pricing` says (a quote's token, or the rules now for a quote: presentedClaim,
 * windowRule, assertQuoteHolds), with the coupon's verdict (couponOnBooking).
 */
export async function pricedWindow(
  db: Db,
  ask: WindowAsk & { code: string | undefined; chargerId?: number | null | undefined },
) {
  const park = await readPark(db, ask.parkId, ask.vehicleTypeId);
  assertBookableWindow(park, ask.start, ask.end, ask.now);
  const claim = presentedClaim(park, ask);
  const [chargingHourMinor, rule] = await Promise.all([
    chargingHourOf(db, park.id, ask.chargerId),
    windowRule(db, park, ask, claim),
  ]);
  const breakdown = price(park, ask.start, ask.end, ask.now, chargingHourMinor, rule);
  assertQuoteHolds(claim, park, breakdown);
  const priced = await couponOnBooking(db, park, {
    code: ask.code,
    kind: "booking",
    userId: ask.userId,
    breakdown,
    now: ask.now,
  });
  return { park, ...priced };
}

/** A window quote's token: the window, vehicle and parking just priced, for `userId`, held from `now`. */
export function quoteTokenOf(
  secret: string,
  q: {
    userId: string;
    parkId: number;
    vehicleTypeId: number;
    start: Date;
    end: Date;
    currency: string;
    breakdown: PriceBreakdown;
  },
  now: Date,
): { token: string; expiresAt: Date } {
  return signQuote(
    {
      u: q.userId,
      p: q.parkId,
      v: q.vehicleTypeId,
      s: q.start.getTime(),
      e: q.end.getTime(),
      k: q.currency,
      m: q.breakdown.parkingMinor,
      r: q.breakdown.rateRule ?? null,
    },
    secret,
    now,
  );
}

/** As couponOnBooking, for a purchase: a code that does not apply is the 422, before anything is locked or paid. */
export async function priceWithCoupon<B extends PriceBreakdown>(
  db: Db | Tx,
  park: ParkForBooking,
  p: { code: string | undefined; kind: BookingCouponKind; userId: string; breakdown: B; now: Date },
): Promise<B> {
  const { coupon, breakdown } = await couponOnBooking(db, park, p);
  assertCouponApplies(coupon);
  return breakdown;
}

/**
 * In a new booking's transaction, before its capacity statement (every purchase locks its coupon
 * right after the company member's row and before any capacity or wallet: decision 044): the
 * coupon's row locked FOR UPDATE and its uses counted again, so a per-driver or total limit holds
 * under concurrency. A code that no longer applies (the last use taken meanwhile) or would now take
 * off another amount rolls the booking back with the 422. Answers the coupon's id, whose use the
 * caller records once the statement has claimed the booking's purchase; null without a coupon.
 */
export async function lockBookingCoupon(
  tx: Tx,
  park: ParkForBooking,
  p: {
    kind: BookingCouponKind;
    userId: string;
    breakdown: PriceBreakdown;
    now: Date;
  },
): Promise<number | null> {
  const { couponCode, couponDiscountMinor, parkingMinor } = p.breakdown;
  if (!couponCode) return null;
  const coupon = await couponFor(tx, {
    code: couponCode,
    kind: p.kind,
    country: couponCountry(park),
    userId: p.userId,
    baseMinor: parkingMinor,
    now: p.now,
    lock: true,
  });
  assertCouponApplies(coupon);
  if (coupon.id === null || coupon.discountMinor !== couponDiscountMinor) {
    throw new AppError(422, "coupon_refused", COUPON_CHANGED_MESSAGE, {
      coupon_code: COUPON_CHANGED_MESSAGE,
    });
  }
  return coupon.id;
}

/** Runs `fn`, turning the one-vehicle exclusion constraint into the same 409 as the pre-check. */
export async function guardVehicle<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === SQLSTATE.exclusionViolation) throw busy();
    throw err;
  }
}
