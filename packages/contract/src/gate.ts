import { z } from "zod";
import { AdminPageQuerySchema } from "./admin";
import { idNumber, idParam, pageOf } from "./common";
import { PlateSchema } from "./vehicles";

/**
 * The gate (back office): an attendant checks booked cars in and out by their booking code or the
 * QR the driver shows, and records drive-up cars (point-of-sale sales) that hold a space exactly
 * as a booking does. docs/PRODUCT-RULES.md "The gate".
 */

/** No 0/O, 1/I/L: the booking codes' alphabet, also the drive-up sales' (`DU-` and 8 of these). */
export const GATE_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** A booking may be checked in this long before its start. */
export const CHECKIN_GRACE_MINUTES = 15;
/** A drive-up sale's expected stay when none is given, and the longest one. */
export const POS_DEFAULT_MINUTES = 120;
export const POS_MAX_MINUTES = 24 * 60;
/** A sale entered by mistake may be voided this long after it was recorded. */
export const POS_VOID_MINUTES = 10;
export const POS_SALE_STATUSES = ["parked", "closed", "void"] as const;
export type PosSaleStatus = (typeof POS_SALE_STATUSES)[number];
export const GATE_PAYMENT_METHODS = ["cash", "card"] as const;
export type GatePaymentMethod = (typeof GATE_PAYMENT_METHODS)[number];

export const POS_FULL_MESSAGE = "This park is full for this vehicle type";
export const GATE_CODE_TEXT = "Type a booking code such as PW-7K3M9QXA, or scan its QR code";

const CODE_BODY = new RegExp(`^[${GATE_CODE_ALPHABET}]{8}$`);

/**
 * What an attendant typed or scanned: a booking code (`PW-` optional, any case, spaces and dashes
 * ignored) or a signed QR payload (`<base64url>.<base64url>`). Null when it is neither.
 */
export function readGateCode(
  raw: string,
): { kind: "code"; code: string } | { kind: "qr"; token: string } | null {
  const text = raw.trim();
  if (/^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{20,}$/.test(text)) return { kind: "qr", token: text };
  let s = text.toUpperCase().replace(/[\s-]+/g, "");
  if (s.startsWith("PW") && s.length === 10) s = s.slice(2);
  return CODE_BODY.test(s) ? { kind: "code", code: `PW-${s}` } : null;
}

/** A drive-up sale's code as typed: `DU-` optional, any case. Null when it cannot be one. */
export function readSaleCode(raw: string): string | null {
  let s = raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "");
  if (s.startsWith("DU") && s.length === 10) s = s.slice(2);
  return CODE_BODY.test(s) ? `DU-${s}` : null;
}

/** Said when a check-in or check-out names no park: a gate page loaded before it sent the park. */
export const GATE_PARK_TEXT = "Reload the page and choose the park the car is entering or leaving";

/**
 * A check-in or check-out: the code typed or scanned, and the park chosen at the gate, the park
 * the car is entering or leaving (a booking for another park is refused, naming its park).
 */
export const GateCodeBodySchema = z.object({
  code: z
    .string({ error: "Type a booking code or scan its QR code" })
    .trim()
    .min(1, { error: "Type a booking code or scan its QR code" })
    .max(2000, { error: GATE_CODE_TEXT }),
  park_id: idNumber("park_id", undefined, GATE_PARK_TEXT),
});
export type GateCodeBody = z.infer<typeof GateCodeBodySchema>;

const ParkRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The park's IANA zone: the gate shows every time on the park's clock. */
  time_zone: z.string(),
});

/** A booking as the gate sees it: the car, the window, the park, the driver's first name only. */
export const GateBookingSchema = z
  .object({
    id: z.string(),
    booking_code: z.string(),
    status: z.enum(["active", "completed", "cancelled"]),
    plate_number: z.string().nullable(),
    vehicle_type_id: z.number().int(),
    vehicle_type: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    park: ParkRefSchema,
    driver_first_name: z.string(),
    /** The event the booking parks for (null for an ordinary booking). */
    event_name: z.string().nullable(),
    checked_in_at: z.string().nullable(),
    checked_out_at: z.string().nullable(),
    currency: z.string().length(3),
    /** The overstay priced at the exit (0 when none), and what of it the wallet could not pay. */
    overstay_amount: z.number(),
    overstay_owed: z.number(),
  })
  .meta({ id: "GateBooking" });
export type GateBooking = z.infer<typeof GateBookingSchema>;

export const CheckinResultSchema = z
  .object({ message: z.string(), booking: GateBookingSchema })
  .meta({ id: "CheckinResult" });
export type CheckinResult = z.infer<typeof CheckinResultSchema>;

export const CheckoutResultSchema = z
  .object({
    message: z.string(),
    booking: GateBookingSchema,
    exit_time: z.string(),
    /** Whole minutes past the window's end (0 when the car left in time). */
    overstay_minutes: z.number().int(),
    overstay_amount: z.number(),
    /** What the driver's wallet paid of the overstay, and what is owed at the gate. */
    charged: z.number(),
    owed: z.number(),
    currency: z.string().length(3),
  })
  .meta({ id: "CheckoutResult" });
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;

const optionalParkId = z.preprocess((v) => (v === "" ? undefined : v), idParam("park_id").optional());

export const GateTodayQuerySchema = z.object({ park_id: optionalParkId });

export const PosSaleSchema = z
  .object({
    id: z.string(),
    sale_code: z.string(),
    status: z.enum(POS_SALE_STATUSES),
    park: ParkRefSchema,
    vehicle_type_id: z.number().int(),
    vehicle_type: z.string(),
    plate_number: z.string(),
    start_time: z.string(),
    /** While parked, the end of the space held; once closed, the exit time. */
    end_time: z.string(),
    currency: z.string().length(3),
    /** Closed: what was paid. Parked: the price if the car left now. Void: null. */
    amount: z.number().nullable(),
    payment_method: z.enum(GATE_PAYMENT_METHODS).nullable(),
    created_at: z.string(),
    closed_at: z.string().nullable(),
    /** Whether the sale can still be voided (parked, recorded less than 10 minutes ago). */
    can_void: z.boolean(),
  })
  .meta({ id: "PosSale" });
export type PosSale = z.infer<typeof PosSaleSchema>;

export const GateTodaySchema = z
  .object({
    arrivals: z.array(GateBookingSchema),
    departures: z.array(GateBookingSchema),
    parked: z.array(PosSaleSchema),
  })
  .meta({ id: "GateToday" });
export type GateToday = z.infer<typeof GateTodaySchema>;

export const PosSaleBodySchema = z.object({
  park_id: idNumber("park_id"),
  vehicle_type_id: idNumber("vehicle_type_id"),
  plate_number: PlateSchema,
  expected_minutes: z
    .number({ error: "expected_minutes must be a whole number of minutes" })
    .int({ error: "expected_minutes must be a whole number of minutes" })
    .min(1, { error: "expected_minutes must be 1 or more" })
    .max(POS_MAX_MINUTES, { error: `expected_minutes must be at most ${POS_MAX_MINUTES}` })
    .default(POS_DEFAULT_MINUTES),
});
export type PosSaleBody = z.input<typeof PosSaleBodySchema>;

export const PosCloseBodySchema = z.object({
  payment_method: z.enum(GATE_PAYMENT_METHODS, { error: "payment_method must be cash or card" }),
});

export const PosSaleCodeParamsSchema = z.object({ code: z.string().trim().min(1).max(40) });

export const PosSaleListQuerySchema = AdminPageQuerySchema.extend({
  park_id: optionalParkId,
  status: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(POS_SALE_STATUSES, { error: `status must be one of ${POS_SALE_STATUSES.join(", ")}` }).optional(),
  ),
});

export const PosSalePageSchema = pageOf(PosSaleSchema).meta({ id: "PosSalePage" });

export const PosSaleResultSchema = z
  .object({ message: z.string(), sale: PosSaleSchema })
  .meta({ id: "PosSaleResult" });

/** A park the user works at, as the gate's and the drive-up page's pickers show it. */
export const GateParkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  time_zone: z.string(),
  currency: z.string().length(3),
  /** The vehicle types the park takes (a space and a rate). */
  vehicle_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type GatePark = z.infer<typeof GateParkSchema>;
