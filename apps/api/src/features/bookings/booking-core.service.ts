/**
 * What every booking write shares: the locked park and its price, the wallet charge (402 when
 * short) and the errors. Each write runs in one transaction that first locks the capacity row.
 */
import {
  BOOKING_FULL_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  type Vehicle,
  windowRefusalText,
  type WindowRefusal,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import type { Jobs } from "../../jobs/queue";
import type { Clock } from "../../lib/clock";
import { priceWindow } from "../parks/pricing.domain";
import { withTaxesAt, type TaxRateRow } from "../reference/tax-rates.domain";
import { find as findVehicle } from "../vehicles/vehicles.service";
import { assertCouponApplies, couponFor } from "../purchases/coupons.service";
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
import { pgCode, SQLSTATE } from "../../lib/pg-error";

export interface BookingDeps {
  db: Db;
  clock: Clock;
  /** Where each change's e-mail is queued, in the change's transaction. */
  jobs: Jobs;
  /**
   * Test-only: extend and renew skip the capacity row lock, to prove the race tests can fail.
   * Never set in production. (A new booking's lock is inside `book_space`; its race test
   * installs an unlocked copy of the function in its own database instead.)
   */
  unsafeSkipCapacityLock?: boolean;
}

export const VEHICLE_BUSY = "This vehicle already has a booking in this window";
export const notFound = () => AppError.notFound(BOOKING_NOT_FOUND_MESSAGE, "booking_not_found");
export const full = () => new AppError(409, "no_capacity", BOOKING_FULL_MESSAGE);
export const busy = () => new AppError(409, "vehicle_busy", VEHICLE_BUSY, { vehicle_id: VEHICLE_BUSY });

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

/** A window's price at the park, with its state's taxes on the day of the sale (`at`, the clock's now). */
export function price(p: ParkForBooking, start: Date, end: Date, at: Date) {
  const b = priceWindow(
    { hourlyMinor: p.hourlyMinor!, dailyMaxMinor: p.dailyMaxMinor! },
    withTaxesAt(p, p.stateId, at, "window"),
    start,
    end,
  );
  return { ...b, taxName: p.taxName };
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

/**
 * A coupon code given with a new booking (`kind`: a window's or an event's). Bookings take no
 * coupon yet: COUPON_KINDS names no booking (and the coupons table's CHECK holds it), so a code is
 * refused with its reason (unknown, another country's, or not for this kind of purchase) before
 * anything is locked or paid, never booked at full price unasked. `parkingMinor`: the amount a
 * coupon would apply to.
 */
export async function refuseCoupon(
  db: Db,
  park: ParkForBooking,
  p: {
    code: string | undefined;
    kind: "booking" | "event_booking";
    userId: string;
    parkingMinor: number;
    now: Date;
  },
): Promise<void> {
  if (!p.code) return;
  const coupon = await couponFor(db, {
    code: p.code,
    kind: p.kind,
    country: { id: park.countryId, currency: park.currency, decimals: park.decimals },
    userId: p.userId,
    baseMinor: p.parkingMinor,
    now: p.now,
    lock: false,
  });
  if (coupon.applied) throw new Error(`a coupon applied to a ${p.kind}, which takes none yet`);
  assertCouponApplies(coupon);
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
