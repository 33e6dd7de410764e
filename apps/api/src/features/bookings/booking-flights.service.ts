/** A booking's flight at an airport park, given or changed by its driver (decision 068). */
import { FLIGHT_CHANGE_CLOSED_MESSAGE, type BookingFlightBody } from "@parkwell/contract";
import { AppError } from "../../lib/app-error";
import { notFound, type BookingDeps } from "./booking-core.service";
import { flightProblems, requestedFlight } from "./booking-flights.domain";
import * as repo from "./bookings.repo";
import type { BookingRow } from "./bookings.repo";

/**
 * Sets the booking's flight as the body gives it (both fields null or absent: it has none), under
 * the booking's row lock, while the booking is active and not over: a delayed flight moves the
 * return date while the car is in. No money moves.
 */
export async function changeFlight(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  body: BookingFlightBody,
): Promise<BookingRow> {
  const now = deps.clock();
  const flight = requestedFlight(body);
  return deps.db.transaction(async (tx) => {
    const b = await repo.findBooking(tx, userId, { id: bookingId }, true);
    if (!b) throw notFound();
    if (b.status !== "active" || b.endTime <= now) {
      throw AppError.validation({ flight_number: FLIGHT_CHANGE_CLOSED_MESSAGE });
    }
    if (flight) {
      const park = await repo.parkOfFlight(tx, b.parkId);
      const problems = park && flightProblems(flight, park, { start: b.startTime, end: b.endTime });
      if (problems) throw AppError.validation(problems);
    }
    await repo.saveFlight(tx, b.id, flight, now);
    return b;
  });
}
