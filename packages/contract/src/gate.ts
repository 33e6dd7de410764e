import { z } from "zod";
import { BookingFlightSchema } from "./flights";
import { AdminPageQuerySchema } from "./admin";
import { PlanWindowSchema, type PlanWindow } from "./admin-plans";
import { describeHours } from "./plan-hours";
import { idNumber, idParam, pageOf } from "./common";
import { PlateSchema } from "./vehicles";
import { BookingChargerSchema } from "./chargers";

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
/** A drive-up for a car already parked at the park as one (a double tap, a second attendant): its code. */
export const POS_PLATE_PARKED_MESSAGE = "This vehicle is already parked here as drive-up {code}";
export const GATE_CODE_TEXT = "Type a booking code such as PW-7K3M9QXA, or scan its QR code";

const CODE_BODY = new RegExp(`^[${GATE_CODE_ALPHABET}]{8}$`);

/** A monthly pass's code: `MP-` and 8 of the booking codes' characters. */
export const isPassCode = (code: string) => code.startsWith("MP-");

/**
 * What an attendant typed or scanned: a booking code (`PW-` optional), a monthly pass's code
 * (`MP-` and its 8 characters, the dash optional), any case, spaces and dashes ignored; or a
 * signed QR payload (`<base64url>.<base64url>`). Null when it is none of them.
 */
export function readGateCode(
  raw: string,
): { kind: "code"; code: string } | { kind: "qr"; token: string } | null {
  const text = raw.trim();
  if (/^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{20,}$/.test(text)) return { kind: "qr", token: text };
  let s = text.toUpperCase().replace(/[\s-]+/g, "");
  let prefix = "PW-";
  if (s.length === 10 && (s.startsWith("PW") || s.startsWith("MP"))) {
    prefix = `${s.slice(0, 2)}-`;
    s = s.slice(2);
  }
  return CODE_BODY.test(s) ? { kind: "code", code: `${prefix}${s}` } : null;
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

/**
 * A check-in: a monthly pass's code may name which of its cars is entering (`plate`, one of the
 * pass's plates; needed when the pass has two). A booking's check-in ignores it.
 */
export const GateCheckinBodySchema = GateCodeBodySchema.extend({ plate: PlateSchema.optional() });
export type GateCheckinBody = z.infer<typeof GateCheckinBodySchema>;

const ParkRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The park's IANA zone: the gate shows every time on the park's clock. */
  time_zone: z.string(),
});

/** A booking's charger as the gate names it: the connector and power (its price is the charger's business). */
export const GateChargerSchema = BookingChargerSchema.pick({
  id: true,
  connector: true,
  power_kw: true,
}).meta({
  id: "GateCharger",
});
export type GateCharger = z.infer<typeof GateChargerSchema>;

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
    /**
     * The EV charger group the booking holds one of for its window (decision 048), so the
     * attendant can point the car to a charger of that connector and power; null when none.
     */
    charger: GateChargerSchema.nullable(),
    /** At an airport park, the driver's flight and the day they fly back, when given (decision 068). */
    flight: BookingFlightSchema.nullable(),
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

/**
 * A monthly pass as the gate sees it: its plan's hours (the windows, and in words in both
 * languages), its plates, its span, and the car of it inside now (one at a time), if any.
 */
export const GatePassSchema = z
  .object({
    id: z.string(),
    pass_code: z.string(),
    status: z.enum(["active", "grace", "ended"]),
    plan: z.object({
      id: z.number().int(),
      name: z.object({ en: z.string(), fr: z.string() }),
      windows: z.array(PlanWindowSchema),
    }),
    /** The plan's hours in words (describeHours): "weekdays 07:00-19:00", "en semaine 07:00-19:00". */
    hours: z.object({ en: z.string(), fr: z.string() }),
    park: ParkRefSchema,
    vehicle_type_id: z.number().int(),
    vehicle_type: z.string(),
    plates: z.array(z.string()),
    driver_first_name: z.string(),
    starts_at: z.string(),
    /** The end of the pass's valid span; null while it renews. */
    ends_at: z.string().nullable(),
    /** The car of the pass in the park now, and since when; null when none is. */
    inside: z.object({ plate: z.string(), since: z.string() }).nullable(),
  })
  .meta({ id: "GatePass" });
export type GatePass = z.infer<typeof GatePassSchema>;

const PassVisitSchema = z.object({
  id: z.string(),
  plate: z.string(),
  checked_in_at: z.string(),
  checked_out_at: z.string().nullable(),
});

/** A car on a monthly pass came in: 201 (a visit is recorded). */
export const PassCheckinResultSchema = z
  .object({ message: z.string(), pass: GatePassSchema, visit: PassVisitSchema })
  .meta({ id: "PassCheckinResult" });
export type PassCheckinResult = z.infer<typeof PassCheckinResultSchema>;

/** A car on a monthly pass left: its time outside the plan's hours is the overstay. */
export const PassCheckoutResultSchema = z
  .object({
    message: z.string(),
    pass: GatePassSchema,
    visit: PassVisitSchema,
    exit_time: z.string(),
    /** Whole minutes of the visit outside the plan's hours (0 when none). */
    overstay_minutes: z.number().int(),
    overstay_amount: z.number(),
    charged: z.number(),
    owed: z.number(),
    currency: z.string().length(3),
  })
  .meta({ id: "PassCheckoutResult" });
export type PassCheckoutResult = z.infer<typeof PassCheckoutResultSchema>;

/**
 * The 422 of a pass's car outside its plan's hours, said whole in the request's language (the hours
 * in words are the language's own, so the API's catalogue cannot put them back into a pattern).
 */
export function passHoursRefusal(windows: PlanWindow[], language: "en" | "fr"): string {
  return language === "fr"
    ? `Cette carte couvre ${describeHours(windows, "fr")}`
    : `This pass covers ${describeHours(windows, "en")}`;
}

/** The 422 of a check-in on a pass with two plates and none given: which car is entering? */
export const PassPlateChoiceSchema = z
  .object({ message: z.string(), code: z.literal("choose_plate"), plates: z.array(z.string()) })
  .meta({ id: "PassPlateChoice" });
export type PassPlateChoice = z.infer<typeof PassPlateChoiceSchema>;

/** A check-out answers the booking's or the pass's result, by the code given. */
export const GateCheckoutResultSchema = z.union([CheckoutResultSchema, PassCheckoutResultSchema]);
export type GateCheckoutResult = z.infer<typeof GateCheckoutResultSchema>;

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
    /** Monthly passes valid today whose hours include some of today (expected), by code. */
    passes: z.array(GatePassSchema),
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
