/**
 * A park's EV chargers (docs/PRODUCT-RULES.md#ev-charging, decision 045): the operator's groups
 * of chargers (connector, power, how many, a price per kWh or per hour in the park's currency),
 * what a park's page and /electric-vehicle-charging show of them.
 */
import { z } from "zod";
import { idParam, money, PageQuerySchema, pageOf } from "./common";
import {
  CHARGER_CONNECTORS,
  CHARGER_COUNT_MAX,
  CHARGER_KW_MAX,
  CHARGER_KW_MIN,
  CHARGER_PRICE_UNITS,
  CHARGER_STATUSES,
} from "./charger-values";

const KW_TEXT = `Enter a power between ${CHARGER_KW_MIN} and ${CHARGER_KW_MAX} kW`;
const COUNT_TEXT = `Enter how many chargers, from 1 to ${CHARGER_COUNT_MAX}`;

/** A power in kW with at most one decimal, such as 7.4 or 150. */
const powerKw = z
  .number({ error: KW_TEXT })
  .min(CHARGER_KW_MIN, { error: KW_TEXT })
  .max(CHARGER_KW_MAX, { error: KW_TEXT })
  .refine((kw) => Math.abs(kw * 10 - Math.round(kw * 10)) < 1e-9, {
    error: "Enter a number with at most one decimal, such as 7.4",
    params: { key: "validation.oneDecimal" },
  });

const ChargerFieldsShape = {
  connector: z.enum(CHARGER_CONNECTORS, { error: "Choose a connector" }),
  power_kw: powerKw,
  count: z
    .number({ error: COUNT_TEXT })
    .int({ error: COUNT_TEXT })
    .min(1, { error: COUNT_TEXT })
    .max(CHARGER_COUNT_MAX, { error: COUNT_TEXT }),
  /** What `price` is for: a kWh of energy or an hour on the charger. */
  price_unit: z.enum(CHARGER_PRICE_UNITS, { error: "Choose per kWh or per hour" }),
  /** Major units of the park's currency (its decimals, 0 for XOF). */
  price: money(1_000_000),
  status: z.enum(CHARGER_STATUSES, { error: "Choose active or inactive" }),
};

/** A new group of chargers; `status` defaults to active. */
export const AdminChargerCreateSchema = z.object({
  ...ChargerFieldsShape,
  status: ChargerFieldsShape.status.default("active"),
});
export type AdminChargerCreate = z.input<typeof AdminChargerCreateSchema>;
export type AdminChargerCreateParsed = z.output<typeof AdminChargerCreateSchema>;

/** A partial edit; `status: "inactive"` deactivates the group (it leaves the park's page and search). */
export const AdminChargerPatchSchema = z.object({
  connector: ChargerFieldsShape.connector.optional(),
  power_kw: ChargerFieldsShape.power_kw.optional(),
  count: ChargerFieldsShape.count.optional(),
  price_unit: ChargerFieldsShape.price_unit.optional(),
  price: ChargerFieldsShape.price.optional(),
  status: ChargerFieldsShape.status.optional(),
});
export type AdminChargerPatch = z.input<typeof AdminChargerPatchSchema>;
export type AdminChargerPatchParsed = z.output<typeof AdminChargerPatchSchema>;

export const AdminChargerParamsSchema = z.object({ id: idParam("id"), charger: idParam("charger") });

export const AdminChargerSchema = z.object({
  id: z.number().int(),
  connector: z.enum(CHARGER_CONNECTORS),
  power_kw: z.number(),
  count: z.number().int(),
  price_unit: z.enum(CHARGER_PRICE_UNITS),
  /** Major units of the park's currency. */
  price: z.number(),
  status: z.enum(CHARGER_STATUSES),
});
export type AdminCharger = z.infer<typeof AdminChargerSchema>;

/** A park's chargers as the back office edits them, active first, with the currency their prices are in. */
export const AdminParkChargersSchema = z
  .object({
    park_id: z.number().int(),
    currency: z.string().length(3),
    /** How many digits a price may have after the point. */
    decimals: z.number().int(),
    items: z.array(AdminChargerSchema),
  })
  .meta({ id: "AdminParkChargers" });
export type AdminParkChargers = z.infer<typeof AdminParkChargersSchema>;

/**
 * A booking (or a live hold, by the code its booking will have) that a park edit refused with a
 * 409 would leave without what it booked: a capacity_conflict's and a charger_conflict's rows.
 */
export const StrandedBookingSchema = z.object({
  booking_code: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  plate_number: z.string(),
});
export type StrandedBooking = z.infer<typeof StrandedBookingSchema>;

/**
 * The 409 of a charger group's edit that would leave bookings without a charger: a lower `count`
 * than the most of its chargers already held at once from now on (`peak`), or its deactivation
 * (`requested` 0) while bookings or live holds from now on name it; `bookings` lists them (a live
 * hold by the code its booking will have).
 */
export const ChargerConflictSchema = z
  .object({
    message: z.string(),
    code: z.literal("charger_conflict"),
    charger_id: z.number().int(),
    requested: z.number().int(),
    peak: z.number().int(),
    bookings: z.array(StrandedBookingSchema),
  })
  .meta({ id: "ChargerConflict" });
export type ChargerConflict = z.infer<typeof ChargerConflictSchema>;

/**
 * An active group of chargers as a driver sees it on a park's page: `id` is what a booking names
 * (`charger_id`) to hold one of the group's `count` chargers for its window.
 */
export const ParkChargerSchema = z
  .object({
    id: z.number().int(),
    connector: z.enum(CHARGER_CONNECTORS),
    power_kw: z.number(),
    count: z.number().int(),
    price_unit: z.enum(CHARGER_PRICE_UNITS),
    /** Major units of `currency`, the park's. */
    price: z.number(),
    currency: z.string().length(3),
  })
  .meta({ id: "ParkCharger" });
export type ParkCharger = z.infer<typeof ParkChargerSchema>;

/** /electric-vehicle-charging's list: a served country's parks with active chargers, by name. */
export const ChargingParksQuerySchema = PageQuerySchema.extend({
  country: z
    .string({ error: "country must be a single value" })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: "country must be a two-letter country code" })
    .transform((s) => s.toUpperCase()),
});
export type ChargingParksQuery = z.infer<typeof ChargingParksQuerySchema>;

export const ChargingParkSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  chargers: z.array(ParkChargerSchema),
});
export type ChargingPark = z.infer<typeof ChargingParkSchema>;
export const ChargingParkListSchema = pageOf(ChargingParkSchema).meta({ id: "ChargingParkList" });
export type ChargingParkList = z.infer<typeof ChargingParkListSchema>;

/**
 * The charger a booking holds for its window (decision 048): the group's connector, power and the
 * operator's price, which is paid at the charger for the energy or the time used, not with the booking.
 */
export const BookingChargerSchema = ParkChargerSchema.omit({ count: true }).meta({ id: "BookingCharger" });
export type BookingCharger = z.infer<typeof BookingChargerSchema>;
