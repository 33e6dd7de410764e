import { z } from "zod";
import { DATE_TEXT, isIsoDate } from "./admin";

/**
 * A booking's flight at an airport park (decision 068): the driver's flight number and the day they
 * fly back, on the park's calendar. Both optional; the attendant and the pass show them.
 */

export const FLIGHT_NUMBER_TEXT = "Enter the flight number as on the ticket, such as BA75 or W3 105";
export const FLIGHT_AT_AIRPORT_MESSAGE = "Flight details are for bookings at airport parks";
export const RETURN_DATE_OUTSIDE_MESSAGE = "The return date must fall within the booking's days";
export const FLIGHT_CHANGE_CLOSED_MESSAGE = "The flight can be changed until the booking ends";

/** "ba 075", "W3-105" → "BA075", "W3105": an airline's code (IATA's two characters or ICAO's three letters) and number. */
export function normaliseFlightNumber(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, "");
}

export const FlightNumberSchema = z
  .string({ error: FLIGHT_NUMBER_TEXT })
  .max(12, { error: FLIGHT_NUMBER_TEXT })
  .transform(normaliseFlightNumber)
  .refine((v) => /^([A-Z0-9]{2}|[A-Z]{3})[0-9]{1,4}[A-Z]?$/.test(v), {
    error: FLIGHT_NUMBER_TEXT,
    // The web's forms name their text by key (apps/web/src/lib/form-errors.ts).
    params: { key: "validation.flightNumber" },
  });

export const ReturnDateSchema = z.string({ error: DATE_TEXT }).refine(isIsoDate, { error: DATE_TEXT });

/** PUT /bookings/{id}/flight: the flight as it is now (null or absent fields are cleared). */
export const BookingFlightBodySchema = z.object({
  flight_number: FlightNumberSchema.nullish(),
  return_date: ReturnDateSchema.nullish(),
});
export type BookingFlightBody = z.infer<typeof BookingFlightBodySchema>;

/** A booking's flight as shown; null on the booking when it has none. */
export const BookingFlightSchema = z
  .object({ flight_number: z.string().nullable(), return_date: z.string().nullable() })
  .meta({ id: "BookingFlight" });
export type BookingFlight = z.infer<typeof BookingFlightSchema>;
