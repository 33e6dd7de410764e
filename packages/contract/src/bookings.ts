import { z } from "zod";
import { LanguageSchema } from "./accounts";
import { idNumber, idParam, pageOf, PageQuerySchema } from "./common";
import { CouponCodeSchema, CouponVerdictSchema } from "./coupons";
import { PriceBreakdownSchema, WindowPriceSchema } from "./parks";
import { PlateSchema } from "./vehicles";
import { normaliseEventCode } from "./event-values";
import { BookingEventSchema, EVENT_BOOKING_FIXED_MESSAGE } from "./events";
import { BookingChargerSchema } from "./chargers";
import { AddFundsDataSchema } from "./wallet";
import {
  BookingFlightSchema,
  FLIGHT_AT_AIRPORT_MESSAGE,
  FlightNumberSchema,
  ReturnDateSchema,
} from "./flights";
import { GUARANTEE_CAUSES } from "./guarantee";

export const BOOKING_STATUSES = ["active", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** `upcoming` is an active booking whose start is still ahead and whose car is not in yet. */
export const BOOKING_FILTERS = ["active", "upcoming", "completed", "cancelled"] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];

/** What a driver is told a booking is: an active booking not started nor checked in yet is `upcoming`. */
export function shownStatus(
  b: { status: BookingStatus; start_time: string; checked_in_at?: string | null },
  now: Date,
): BookingFilter {
  // A car let in a few minutes before its start is parked: its booking is active, not upcoming.
  return b.status === "active" && !b.checked_in_at && Date.parse(b.start_time) > now.getTime()
    ? "upcoming"
    : b.status;
}

export const BOOKING_FULL_MESSAGE = "No space is left for this vehicle type in this window";
export const BOOKING_NOT_FOUND_MESSAGE = "Booking not found";

/** A quote's token as a booking sends it back (opaque; at most 1,000 characters). */
const QuoteTokenSchema = z
  .string({ error: "quote_token must be text" })
  .trim()
  .min(1, { error: "quote_token must be text" })
  .max(1000, { error: "quote_token is too long" })
  .optional();

const time = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .pipe(z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date and time` }))
    .transform((s) => new Date(s));

const eventCode = z
  .string({ error: "event_code must be text" })
  .trim()
  .min(1, { error: "event_code is required" })
  .max(20, { error: "event_code is too long" })
  .transform(normaliseEventCode);

/**
 * POST /bookings: a window at a park (`start_time`, `end_time`), or an event's parking
 * (`event_code`, no times: the window is the event's at that park). Parsed into one of the two.
 */
export const CreateBookingBodySchema = z
  .object({
    event_code: eventCode.optional(),
    park_id: idNumber("park_id"),
    vehicle_type_id: idNumber("vehicle_type_id"),
    vehicle_id: idNumber("vehicle_id").nullish(),
    plate_number: PlateSchema.nullish(),
    /** Pay with this company (an active membership of the driver's); personal wallet when absent. */
    company_id: idNumber("company_id").nullish(),
    /** A coupon code: refused with the reason when it does not apply (coupons.ts). */
    coupon_code: CouponCodeSchema,
    /** One of the park's groups of EV chargers (its page's `chargers[].id`), held with the window. */
    charger_id: idNumber("charger_id").nullish(),
    /**
     * The `quote_token` of GET /bookings/quote for this window and vehicle: the booking is charged
     * the quoted parking (decision 059). Needed at a park with busy-time prices; expired, 409.
     */
    quote_token: QuoteTokenSchema,
    start_time: time("start_time").optional(),
    end_time: time("end_time").optional(),
    /** At an airport park: the driver's flight number and the day they fly back (decision 068). */
    flight_number: FlightNumberSchema.nullish(),
    return_date: ReturnDateSchema.nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.event_code !== undefined && b.charger_id != null) {
      ctx.addIssue({ code: "custom", path: ["charger_id"], message: CHARGER_WITH_WINDOW_MESSAGE });
    }
    for (const field of ["flight_number", "return_date"] as const) {
      if (b.event_code !== undefined && b[field] != null) {
        ctx.addIssue({ code: "custom", path: [field], message: FLIGHT_AT_AIRPORT_MESSAGE });
      }
    }
    for (const field of ["start_time", "end_time"] as const) {
      if (b.event_code !== undefined && b[field] !== undefined) {
        ctx.addIssue({ code: "custom", path: [field], message: EVENT_BOOKING_FIXED_MESSAGE });
      } else if (b.event_code === undefined && b[field] === undefined) {
        ctx.addIssue({ code: "custom", path: [field], message: `${field} is required` });
      }
    }
  })
  .transform(({ event_code, start_time, end_time, ...rest }): BookingRequest =>
    event_code !== undefined
      ? { kind: "event", event_code, ...rest }
      : { kind: "window", start_time: start_time!, end_time: end_time!, ...rest },
  );

/** Said when a charger is asked with an event's parking: a charger is held with a window booking. */
export const CHARGER_WITH_WINDOW_MESSAGE =
  "A charger is booked with a parking window, not with an event's parking";
/** Said when the charger named is not one of the park's groups in service. */
export const CHARGER_NOT_OFFERED_MESSAGE = "This charger is not offered at this park";
/** Said when every charger of the group is held for part of the window. */
export const CHARGER_FULL_MESSAGE = "Every charger of this kind is booked for part of this window";

interface BookingRequestBase {
  park_id: number;
  vehicle_type_id: number;
  vehicle_id?: number | null | undefined;
  plate_number?: string | null | undefined;
  company_id?: number | null | undefined;
  coupon_code?: string | undefined;
  charger_id?: number | null | undefined;
  quote_token?: string | undefined;
  flight_number?: string | null | undefined;
  return_date?: string | null | undefined;
}
export type CreateBookingBody = BookingRequestBase & { kind: "window"; start_time: Date; end_time: Date };
export type CreateEventBookingBody = BookingRequestBase & { kind: "event"; event_code: string };
export type BookingRequest = CreateBookingBody | CreateEventBookingBody;

/**
 * GET /bookings/quote: what POST /bookings would charge now for a window (`start_time`,
 * `end_time`) or an event's parking (`event_code`) with a coupon code: its discount, or why it does
 * not apply (the driver's own uses counted).
 */
export const BookingQuoteQuerySchema = z
  .object({
    park_id: idParam("park_id"),
    vehicle_type_id: idParam("vehicle_type_id"),
    event_code: eventCode.optional(),
    start_time: time("start_time").optional(),
    end_time: time("end_time").optional(),
    coupon_code: CouponCodeSchema,
    /** A window's charger group, as POST /bookings names it: a per-hour group's charging is priced. */
    charger_id: idParam("charger_id").optional(),
  })
  .superRefine((q, ctx) => {
    if (q.event_code !== undefined) {
      if (q.charger_id !== undefined) {
        ctx.addIssue({ code: "custom", path: ["charger_id"], message: CHARGER_WITH_WINDOW_MESSAGE });
      }
      return;
    }
    for (const field of ["start_time", "end_time"] as const) {
      if (q[field] === undefined)
        ctx.addIssue({ code: "custom", path: [field], message: `${field} is required` });
    }
  });
export type BookingQuoteQuery = z.output<typeof BookingQuoteQuerySchema>;

export const BookingQuoteSchema = z
  .object({
    price: WindowPriceSchema,
    coupon: CouponVerdictSchema,
    /**
     * A window's quote: the token POST /bookings and /bookings/hold present to be charged this
     * parking (decision 059), and until when it holds (QUOTE_TOKEN_TTL_MINUTES). An event's has none.
     */
    quote_token: z.string().optional(),
    quote_expires_at: z.string().optional(),
  })
  .meta({ id: "BookingQuote" });
export type BookingQuote = z.infer<typeof BookingQuoteSchema>;

/**
 * POST /bookings/hold: book a window whose price the wallet is short of, paying the difference
 * (docs/decisions/026-pay-the-difference.md). The same window and vehicle as POST /bookings.
 */
export const HoldBookingBodySchema = z.object({
  park_id: idNumber("park_id"),
  vehicle_type_id: idNumber("vehicle_type_id"),
  vehicle_id: idNumber("vehicle_id").nullish(),
  plate_number: PlateSchema.nullish(),
  start_time: time("start_time"),
  end_time: time("end_time"),
  /** A coupon code, as POST /bookings takes it: the hold keeps the price it was quoted, discount included. */
  coupon_code: CouponCodeSchema,
  /** A group of the park's EV chargers, as POST /bookings takes it: the hold keeps one for the window. */
  charger_id: idNumber("charger_id").nullish(),
  /** The quote's token, as POST /bookings takes it: the hold keeps the quoted parking. */
  quote_token: QuoteTokenSchema,
  /** The flight at an airport park, as POST /bookings takes it: the booking has it once paid. */
  flight_number: FlightNumberSchema.nullish(),
  return_date: ReturnDateSchema.nullish(),
  /** Pays the difference at once with this saved card (decision 069) instead of the provider's page. */
  card_id: z.uuid({ error: "card_id must be one of your saved cards" }).optional(),
});
export type HoldBookingBody = z.infer<typeof HoldBookingBodySchema>;

/**
 * The window held while the difference is paid: the booking's code once paid, until when it is
 * held, the price, the balance, what is missing and the top-up started for it (the missing amount,
 * or the country's minimum top-up when that is more: `raised_to_minimum`). `payment` is what
 * add-funds answers: the client goes to `payment_info`'s page.
 */
export const HoldSchema = z
  .object({
    booking_code: z.string(),
    status: z.literal("held"),
    expires_at: z.string(),
    currency: z.string(),
    total: z.number(),
    balance: z.number(),
    amount_missing: z.number(),
    top_up_amount: z.number(),
    raised_to_minimum: z.boolean(),
    payment: AddFundsDataSchema,
  })
  .meta({ id: "BookingHold" });
export type Hold = z.infer<typeof HoldSchema>;

export const ExtendBookingBodySchema = z.object({
  booking_id: z
    .string({ error: "booking_id is required" })
    .trim()
    .min(1, { error: "booking_id is required" })
    .max(64),
  new_end_time: time("new_end_time"),
});

/** GET /bookings/{id}/extension: the later end a driver is about to ask for. */
export const ExtensionQuoteQuerySchema = z.object({ new_end_time: time("new_end_time") });

/**
 * What POST /bookings/extend would charge for that end, priced as the extension prices it (the
 * whole window at today's rate, the coupon the booking was bought with taking the same amount off,
 * a per-hour charger's charging at the price per hour booked), nothing written: `price` is the
 * longer booking's whole price, `amount_due` what is paid on top of what the booking has paid.
 */
export const ExtensionQuoteSchema = z
  .object({
    price: WindowPriceSchema,
    amount_due: z.number().meta({ description: "What extending charges now, in price.currency" }),
  })
  .meta({ id: "ExtensionQuote" });
export type ExtensionQuote = z.infer<typeof ExtensionQuoteSchema>;

/** The vehicle of an upcoming booking: a saved vehicle of the booking's type, or a plate typed for it. */
export const ChangeVehicleBodySchema = z
  .object({
    vehicle_id: idNumber("vehicle_id").nullish(),
    plate_number: PlateSchema.nullish(),
  })
  .refine((b) => (b.vehicle_id == null) !== (b.plate_number == null), {
    error: "Choose a saved vehicle or type a plate number",
    path: ["vehicle_id"],
  });
export type ChangeVehicleBody = z.infer<typeof ChangeVehicleBodySchema>;

/**
 * PUT /bookings/{id}/window: the booking's new window, its start and its end (ISO instants, as its
 * own), checked and priced as a new booking of it would be now; `quote_token`: the window's quote
 * (GET /bookings/{id}/window), needed at a park whose prices follow demand (decision 059).
 */
export const ChangeWindowBodySchema = z.object({
  start_time: time("start_time"),
  end_time: time("end_time"),
  quote_token: QuoteTokenSchema,
});
export type ChangeWindowBody = z.infer<typeof ChangeWindowBodySchema>;

/** GET /bookings/{id}/window: the window a driver is about to move the booking to. */
export const WindowChangeQuoteQuerySchema = z.object({
  start_time: time("start_time"),
  end_time: time("end_time"),
});

/**
 * What PUT /bookings/{id}/window would do for that window, priced as the change prices it (the new
 * window as a new booking of it now, the booking's coupon and its charging's price per hour kept),
 * nothing written: `price` is the new window's whole price; `amount_due` what is charged on top of
 * what the booking has paid, or `refund_amount` what comes back of it by the cancellation policy
 * (`refund_percent`: its step now, null once the booking has started); both 0: no money moves.
 * `quote_token` holds the window's parking for the change until `quote_expires_at`.
 */
export const WindowChangeQuoteSchema = z
  .object({
    price: WindowPriceSchema,
    amount_due: z.number().meta({ description: "What the change charges now, in price.currency" }),
    refund_amount: z.number().meta({ description: "What the change gives back now, in price.currency" }),
    refund_percent: z.number().nullable(),
    quote_token: z.string(),
    quote_expires_at: z.string(),
  })
  .meta({ id: "WindowChangeQuote" });
export type WindowChangeQuote = z.infer<typeof WindowChangeQuoteSchema>;

export const BookingIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const BookingCodeParamsSchema = z.object({ bookingCode: z.string().trim().min(1).max(40) });

export const BookingStatusQuerySchema = z.object({
  status: z.enum(["cancelled", "active"], { error: "status must be cancelled or active" }),
});

export const BookingListQuerySchema = PageQuerySchema.extend({
  status_filter: z
    .preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .enum(BOOKING_FILTERS, { error: `status_filter must be one of ${BOOKING_FILTERS.join(", ")}` })
        .optional(),
    )
    .optional(),
});

/** A cancellation's money split over the booking's price lines (major units). */
export const CancellationLinesSchema = z.object({
  parking: z.number(),
  /** The EV charging sold with the booking (a per-hour charger group); 0 when none. */
  charging: z.number(),
  service_fee: z.number(),
  booking_fee: z.number(),
  tax: z.number(),
  total: z.number(),
});
export type CancellationLines = z.infer<typeof CancellationLinesSchema>;

export const BookingSchema = z
  .object({
    id: z.string(),
    booking_code: z.string(),
    status: z.enum(BOOKING_STATUSES),
    park: z.object({
      id: z.number().int(),
      slug: z.string(),
      park_code: z.string(),
      name: z.string(),
      address: z.string(),
      city: z.string(),
      /** Its type (PARK_TYPES): an airport park's booking takes a flight. */
      type: z.string(),
      /** The park's IANA zone: the window's local times are shown in it. */
      time_zone: z.string(),
      lat: z.number(),
      lng: z.number(),
      entry_instructions: z.string(),
      /** The language `entry_instructions` is in: the request's when the park has it, else the park's own. */
      text_language: LanguageSchema,
    }),
    vehicle_type_id: z.number().int(),
    vehicle: z.object({
      id: z.number().int().nullable(),
      plate_number: z.string().nullable(),
      vehicle_type_id: z.number().int(),
      vehicle_type: z.string(),
    }),
    start_time: z.string(),
    end_time: z.string(),
    /** At an airport park, the driver's flight, when they gave it; else null. */
    flight: BookingFlightSchema.nullable(),
    /** The price of the whole window (fees included). */
    amount: z.number(),
    /** What its payer (the wallet, or the company in `paid_by_company`) paid for it, net of refunds. */
    paid: z.number(),
    currency: z.string().length(3),
    breakdown: PriceBreakdownSchema,
    /**
     * Signed, personal-data-free payload the car park scans: `<base64url json>.<base64url hmac>`;
     * null once the window has ended and the car never came in (nothing is left to enter for).
     */
    qr: z.string().nullable(),
    /** When the car came in at the gate, and when it left (it is then `completed`); null until then. */
    checked_in_at: z.string().nullable(),
    checked_out_at: z.string().nullable(),
    /** What a cancellation now would give back; `allowed` false once started, checked in or not active. */
    cancellation: z.object({
      allowed: z.boolean(),
      refund_percent: z.number().nullable(),
      refund_amount: z.number(),
      /**
       * Line by line, what comes back to the payer and what is kept: for an active booking, what
       * cancelling now would do; for a cancelled one, what its cancellation did (`kept.total` is
       * then `paid`, and `refund.total` its last refund in the ledger). `refund.total` +
       * `kept.total` is what the payer had paid.
       */
      refund: CancellationLinesSchema,
      kept: CancellationLinesSchema,
    }),
    created_at: z.string(),
    /** The event the booking parks for (its window is the event's); null for an ordinary booking. */
    event: BookingEventSchema.nullable(),
    /**
     * The company that paid the booking (its name), which also pays its extensions and renewals
     * and gets its refunds; null when the driver's wallet paid it.
     */
    paid_by_company: z.string().nullable(),
    /** The EV charger held for the window (its price paid at the charger); null when none was booked. */
    charger: BookingChargerSchema.nullable(),
  })
  .meta({ id: "Booking" });
export type Booking = z.infer<typeof BookingSchema>;

export const BookingMoveSchema = z.object({
  kind: z.string(),
  amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
});

/** A booking in the driver's list: with its open offer, so the list says what needs their choice. */
export const BookingListItemSchema = BookingSchema.extend({
  /**
   * Why the space guarantee's offer for this booking is open (its park closed for the window, or
   * cut its spaces: a space elsewhere or a full refund at /booking-offers/{code}); null when none is.
   */
  open_offer: z.enum(GUARANTEE_CAUSES).nullable(),
}).meta({ id: "BookingListItem" });
export type BookingListItem = z.infer<typeof BookingListItemSchema>;

/**
 * A booking's or monthly pass's wallet passes (decision 065): `apple`, the .pkpass's plain link
 * under the API (signed for its owner, opened without the bearer token for
 * WALLET_PASS_LINK_TTL_MS), `google`, Google Wallet's save link; null where the server has no
 * keys for that wallet.
 */
export const WALLET_PASS_LINK_TTL_MS = 15 * 60_000;
export const WalletLinksSchema = z
  .object({ apple: z.string().nullable(), google: z.string().nullable() })
  .meta({ id: "WalletLinks" });
export type WalletLinks = z.infer<typeof WalletLinksSchema>;

/** A booking's page: a list item with the payer's charges and refunds for it, and its wallet passes. */
export const BookingDetailSchema = BookingListItemSchema.extend({
  payments: z.array(BookingMoveSchema),
  refunds: z.array(BookingMoveSchema),
  wallet: WalletLinksSchema,
}).meta({ id: "BookingDetail" });
export type BookingDetail = z.infer<typeof BookingDetailSchema>;

export const BookingPageSchema = pageOf(BookingListItemSchema).meta({ id: "BookingPage" });
export type BookingPage = z.infer<typeof BookingPageSchema>;

/**
 * POST /bookings for an event on sale, past what the booking can take at once (decision 051): the
 * driver's place in the event's line, in arrival order, and not yet a booking. Ask again with the
 * same request and Idempotency-Key after `retry_after_seconds` (also the Retry-After header): the
 * place is the driver's for as long as the driver keeps asking.
 */
export const EventLineTicketSchema = z
  .object({
    place: z.number().int().min(1).meta({ description: "1: the next driver admitted" }),
    wait_seconds: z.number().int().min(1).nullable().meta({
      description:
        "The wait for this place at the rate drivers were admitted over the last seconds; null before any was",
    }),
    retry_after_seconds: z.number().min(0.25).meta({
      description:
        "When to ask again: 0.25 s near the head of the line, up to 5 s far from it (the Retry-After header rounds it up to whole seconds)",
    }),
  })
  .meta({ id: "EventLineTicket" });
export type EventLineTicket = z.infer<typeof EventLineTicketSchema>;
