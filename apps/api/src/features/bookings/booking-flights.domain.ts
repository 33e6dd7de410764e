/**
 * A booking's flight at an airport park (decision 068): which parks take one, and the day the
 * driver flies back falling within the booking's days on the park's calendar.
 */
import {
  dayOnClock,
  FLIGHT_AT_AIRPORT_MESSAGE,
  RETURN_DATE_OUTSIDE_MESSAGE,
  type BookingFlight,
} from "@parkwell/contract";
import { AppError } from "../../lib/app-error";

/** The flight a request gives, or null when it gives none (both fields null or absent). */
export function requestedFlight(body: {
  flight_number?: string | null | undefined;
  return_date?: string | null | undefined;
}): BookingFlight | null {
  const flight = { flight_number: body.flight_number ?? null, return_date: body.return_date ?? null };
  return flight.flight_number === null && flight.return_date === null ? null : flight;
}

/**
 * A booking or hold request's flight checked against its park and window: a 422 naming the field
 * when it does not fit, nothing when it does or there is none.
 */
export function assertFlightFits(
  body: { flight_number?: string | null | undefined; return_date?: string | null | undefined },
  park: { timeZone: string; view: { type: string } },
  window: { start: Date; end: Date },
): void {
  const flight = requestedFlight(body);
  const problems =
    flight && flightProblems(flight, { type: park.view.type, timeZone: park.timeZone }, window);
  if (problems) throw AppError.validation(problems);
}

/**
 * Why a flight does not go with a booking, field by field; null when it does. Only an airport
 * park's booking takes one, and its return date is one of the booking's days on the park's clock,
 * from the arrival's day to the departure's.
 */
export function flightProblems(
  flight: BookingFlight,
  park: { type: string; timeZone: string },
  window: { start: Date; end: Date },
): Record<string, string> | null {
  if (park.type !== "airport") {
    const field = flight.flight_number !== null ? "flight_number" : "return_date";
    return { [field]: FLIGHT_AT_AIRPORT_MESSAGE };
  }
  if (flight.return_date === null) return null;
  const first = dayOnClock(window.start, park.timeZone);
  // A window ending at midnight ends on the day before.
  const last = dayOnClock(new Date(window.end.getTime() - 1), park.timeZone);
  if (flight.return_date < first || flight.return_date > last) {
    return { return_date: RETURN_DATE_OUTSIDE_MESSAGE };
  }
  return null;
}
