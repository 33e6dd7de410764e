/**
 * The space guarantee (docs/PRODUCT-RULES.md "The space guarantee", decision 058): a booking that
 * a park's closure or a cut of its spaces hits is offered a space at the nearest open park for the
 * same window at no extra cost, or a full refund, fees included; refunded by itself when its window
 * starts with the offer still open.
 */
import { z } from "zod";
import { StrandedBookingSchema } from "./chargers";
import { idNumber, pageOf } from "./common";

/** What hit the booking: closure days saved on its park, or a cut of the park's spaces. */
export const GUARANTEE_CAUSES = ["closure", "capacity"] as const;
export type GuaranteeCause = (typeof GUARANTEE_CAUSES)[number];

/**
 * Who pays a rebooking's difference (the new park's price above what the first booking was paid):
 * the park's operator when its own staff closed or cut it, Parkwell otherwise.
 */
export const GUARANTEE_PAYERS = ["operator", "parkwell"] as const;
export type GuaranteePayer = (typeof GUARANTEE_PAYERS)[number];

/**
 * `open` until the driver chooses (or the window starts: refunded by itself); `rebooked`,
 * `refunded`; `lapsed`: the booking was no longer active when the offer was settled (the driver
 * cancelled it, or the car came in), nothing moved.
 */
export const GUARANTEE_OFFER_STATUSES = ["open", "rebooked", "refunded", "lapsed"] as const;
export type GuaranteeOfferStatus = (typeof GUARANTEE_OFFER_STATUSES)[number];

/** How many other parks an offer proposes, nearest first. */
export const GUARANTEE_ALTERNATIVES = 5;

export const OFFER_NOT_FOUND_MESSAGE = "This booking has no offer";
export const OFFER_SETTLED_MESSAGE = "This offer is already settled: the booking was rebooked or refunded";
/** An extension of a booking whose space the guarantee offered to replace (decision 061). */
export const OFFER_OPEN_MESSAGE =
  "This booking has an open offer of the space guarantee: choose a space elsewhere or the refund instead";
export const REBOOK_FULL_MESSAGE =
  "That car park has no space left for your window: choose another one, or take the refund";
export const REBOOK_PARK_MESSAGE = "Choose one of the car parks offered for this booking";

/** A park the driver may move to: free for the whole window, at no extra cost. */
export const GuaranteeAlternativeSchema = z.object({
  park_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  distance_km: z.number(),
  free_spaces: z.number().int(),
  /** The park's price for the window today, in major units of the booking's currency. */
  price: z.number(),
  /** What the guarantee pays on top of the first booking's money (the driver pays nothing more). */
  covered: z.number(),
  /** What comes back to the driver's wallet when the new park costs less than was paid. */
  returned: z.number(),
});
export type GuaranteeAlternative = z.infer<typeof GuaranteeAlternativeSchema>;

/** The driver's offer (GET /booking-offers/{code}): the booking hit, why, and what they may do. */
export const BookingOfferSchema = z
  .object({
    booking_code: z.string(),
    status: z.enum(GUARANTEE_OFFER_STATUSES),
    cause: z.enum(GUARANTEE_CAUSES),
    park: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
    vehicle_type: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    currency: z.string(),
    /** What the booking was paid: what the refund gives back, fees included. */
    paid: z.number(),
    /** Until then the driver chooses; at the window's start the refund is made by itself. */
    decide_by: z.string(),
    alternatives: z.array(GuaranteeAlternativeSchema),
    /** Once settled: the new booking's code (rebooked), what came back (refunded). */
    rebooked_booking_code: z.string().nullable(),
    refunded: z.number().nullable(),
  })
  .meta({ id: "BookingOffer" });
export type BookingOffer = z.infer<typeof BookingOfferSchema>;

export const BookingOfferParamsSchema = z.object({
  code: z.string().min(1).max(32),
});

export const RebookBodySchema = z.object({ park_id: idNumber("park_id", REBOOK_PARK_MESSAGE) });
export type RebookBody = z.infer<typeof RebookBodySchema>;

/** What a closure would leave without its space: listed before it is saved, settled once confirmed. */
export const ClosureAffectedSchema = z.object({
  /** Every booking, pass and event space hit (the lists stop at 200 rows each). */
  total: z.number().int(),
  bookings: z.array(StrandedBookingSchema),
  /**
   * Monthly passes whose weekly hours meet a closure day: each keeps its pass, and its current term
   * gets back at once, when confirmed, the closed days' share of its price (`refund`, in
   * `currency`; 0 when the days are past its current term or were given back before: decision 060).
   */
  passes: z.array(
    z.object({ pass_code: z.string(), plate_number: z.string(), refund: z.number(), currency: z.string() }),
  ),
  /** Events whose parking window at the park meets a closure day: the organiser is to be told. */
  events: z.array(z.object({ event_id: z.number().int(), name: z.string(), window_start: z.string() })),
  /** Who pays the difference of the rebookings this change would offer. */
  payer: z.enum(GUARANTEE_PAYERS),
});
export type ClosureAffected = z.infer<typeof ClosureAffectedSchema>;

/** The 409 of closure days that hit bookings, passes or event spaces, before it is confirmed. */
export const ClosureConflictSchema = z
  .object({
    message: z.string(),
    code: z.literal("closure_conflict"),
    affected: ClosureAffectedSchema,
  })
  .meta({ id: "ClosureConflict" });
export type ClosureConflict = z.infer<typeof ClosureConflictSchema>;

/** One offer as the park's staff see it: what the guarantee cost. */
export const AdminGuaranteeOfferSchema = z.object({
  booking_code: z.string(),
  cause: z.enum(GUARANTEE_CAUSES),
  status: z.enum(GUARANTEE_OFFER_STATUSES),
  payer: z.enum(GUARANTEE_PAYERS),
  start_time: z.string(),
  end_time: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  refunded: z.number(),
  difference: z.number(),
  rebooked_park: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export const AdminGuaranteeOfferPageSchema = pageOf(AdminGuaranteeOfferSchema)
  .extend({
    /** Per currency, over every offer of the park (not only this page) and its passes' refunds. */
    totals: z.array(
      z.object({
        currency: z.string(),
        refunded: z.number(),
        /** The differences the operator paid. */
        operator_paid: z.number(),
        /** The differences Parkwell paid. */
        parkwell_paid: z.number(),
        open: z.number().int(),
        /** What monthly passes got back for their closed days (decision 060). */
        passes_refunded: z.number(),
      }),
    ),
  })
  .meta({ id: "AdminGuaranteeOfferPage" });
export type AdminGuaranteeOfferPage = z.infer<typeof AdminGuaranteeOfferPageSchema>;
