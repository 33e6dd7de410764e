/**
 * The back office's events (docs/PRODUCT-RULES.md#events): an organiser's events, their parks with
 * buffers, flat prices and allocations, publishing under the capacity check, cancellation with
 * full refunds, the bookings and the report.
 */
import { z } from "zod";
import { REQUIRED_TEXT } from "./accounts";
import { AdminPageQuerySchema, IsoDateSchema } from "./admin";
import { idNumber, pageOf } from "./common";
import { EVENT_BUFFER_MAX_MINUTES, EVENT_CATEGORIES, EVENT_STATUSES, EVENT_VISIBILITIES } from "./events";

/** The most parks an event lists. */
export const EVENT_MAX_PARKS = 12;
/** The longest event, start to end. */
export const EVENT_MAX_DAYS = 14;
/** The shortest access code, once normalised (letters and digits). */
export const EVENT_ACCESS_CODE_MIN = 6;
export const EVENT_DEFAULT_ARRIVE_BEFORE_MINUTES = 120;
export const EVENT_DEFAULT_DEPART_AFTER_MINUTES = 60;

/** A local wall-clock time on the venue's clock, as a datetime-local input writes it. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
export const LOCAL_DATE_TIME_TEXT = "Enter a date and time as YYYY-MM-DDTHH:MM";

/** The wall clock of "2026-12-05T19:30" as milliseconds "as if UTC", or null for a time that is no real one. */
export function wallClockOf(local: string): number | null {
  if (!LOCAL_DATE_TIME.test(local)) return null;
  const ms = Date.parse(`${local}:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 16) !== local) return null;
  return ms;
}

export const AdminEventListQuerySchema = AdminPageQuerySchema.extend({
  status: z
    .enum(EVENT_STATUSES, { error: `status must be one of ${EVENT_STATUSES.join(", ")}` })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  search: z
    .string({ error: "search must be a single value" })
    .trim()
    .transform((s) => s.slice(0, 100))
    .optional(),
  /** Days on the venue's own calendar, inclusive: events that touch [from, to]. */
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { error: "from must not be after to", path: ["to"] });
export type AdminEventListQuery = z.infer<typeof AdminEventListQuerySchema>;

export const AdminEventListItemSchema = z.object({
  event_code: z.string(),
  name: z.string(),
  category: z.enum(EVENT_CATEGORIES),
  status: z.enum(EVENT_STATUSES),
  visibility: z.enum(EVENT_VISIBILITIES),
  venue_name: z.string(),
  city: z.string(),
  country: z.string(),
  time_zone: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  parks: z.number().int(),
  /** Spaces held over every park and vehicle type. */
  allocation: z.number().int(),
  /** Bookings active or completed. */
  booked: z.number().int(),
});
export type AdminEventListItem = z.infer<typeof AdminEventListItemSchema>;
export const AdminEventListSchema = pageOf(AdminEventListItemSchema).meta({ id: "AdminEventList" });
export type AdminEventList = z.infer<typeof AdminEventListSchema>;

const text = (max: number) =>
  z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(1, { error: REQUIRED_TEXT })
    .max(max, { error: `Must be at most ${max} characters` });
const optionalText = (max: number) =>
  z
    .string({ error: "Must be text" })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .default("");

const LAT_TEXT = "Latitude must be a number between -90 and 90";
const LNG_TEXT = "Longitude must be a number between -180 and 180";
const BUFFER_TEXT = `A buffer is a whole number of minutes from 0 to ${EVENT_BUFFER_MAX_MINUTES}`;
const buffer = (fallback: number) =>
  z
    .number({ error: BUFFER_TEXT })
    .int({ error: BUFFER_TEXT })
    .min(0, { error: BUFFER_TEXT })
    .max(EVENT_BUFFER_MAX_MINUTES, { error: BUFFER_TEXT })
    .default(fallback);
const AMOUNT_TEXT = "Enter an amount more than 0";
const ALLOCATION_TEXT = "An allocation is a whole number of spaces, 1 or more";

export const AdminEventVenueInputSchema = z.object({
  name: text(120),
  address: text(200),
  city: text(80),
  /** A served country's code ("NG"). */
  country_code: z
    .string({ error: "Please choose a country" })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: "Please choose a country" })
    .transform((s) => s.toUpperCase()),
  lat: z.number({ error: LAT_TEXT }).min(-90, { error: LAT_TEXT }).max(90, { error: LAT_TEXT }),
  lng: z.number({ error: LNG_TEXT }).min(-180, { error: LNG_TEXT }).max(180, { error: LNG_TEXT }),
});

export const AdminEventParkInputSchema = z.object({
  park_id: idNumber("park_id", "Choose a park"),
  arrive_before_minutes: buffer(EVENT_DEFAULT_ARRIVE_BEFORE_MINUTES),
  depart_after_minutes: buffer(EVENT_DEFAULT_DEPART_AFTER_MINUTES),
  prices: z
    .array(
      z.object({
        vehicle_type_id: idNumber("vehicle_type_id", "Please choose a vehicle type"),
        /** The flat price for the window, in major units of the park's currency. */
        price: z
          .number({ error: AMOUNT_TEXT })
          .positive({ error: AMOUNT_TEXT })
          .max(100_000_000, { error: "This amount is too large" }),
        allocation: z
          .number({ error: ALLOCATION_TEXT })
          .int({ error: ALLOCATION_TEXT })
          .min(1, { error: ALLOCATION_TEXT })
          .max(100_000, { error: "An allocation is at most 100000 spaces" }),
      }),
    )
    .min(1, { error: "Give a price and an allocation for at least one vehicle type" })
    .max(20, { error: "Too many vehicle types" })
    .refine((list) => new Set(list.map((p) => p.vehicle_type_id)).size === list.length, {
      error: "Each vehicle type may appear once",
    }),
});
export type AdminEventParkInput = z.input<typeof AdminEventParkInputSchema>;

const parksList = z
  .array(AdminEventParkInputSchema)
  .min(1, { error: "Choose at least one park" })
  .max(EVENT_MAX_PARKS, { error: `An event has at most ${EVENT_MAX_PARKS} parks` })
  .refine((list) => new Set(list.map((p) => p.park_id)).size === list.length, {
    error: "Each park may appear once",
  });

const localTime = z
  .string({ error: LOCAL_DATE_TIME_TEXT })
  .min(1, { error: REQUIRED_TEXT })
  .refine((s) => wallClockOf(s) !== null, { error: LOCAL_DATE_TIME_TEXT });

const EventFieldsShape = {
  name: text(120),
  description: z
    .object(
      { en: optionalText(4000), fr: optionalText(4000) },
      { error: "Give the description as { en, fr }" },
    )
    .default({ en: "", fr: "" }),
  category: z.enum(EVENT_CATEGORIES, { error: `Choose a category: ${EVENT_CATEGORIES.join(", ")}` }),
  visibility: z.enum(EVENT_VISIBILITIES, { error: "Choose public or private" }),
  /** A private event's code, as the organiser gives it out; the server keeps only its hash. */
  access_code: z
    .string({ error: "Must be text" })
    .trim()
    .max(40, { error: "An access code is at most 40 characters" })
    .optional(),
  venue: AdminEventVenueInputSchema,
  /** The venue's IANA zone ("Africa/Lagos"); the server checks that it exists. */
  time_zone: z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(1, { error: REQUIRED_TEXT })
    .max(64, { error: "Enter a time zone such as Africa/Lagos" }),
  /** The start and end on the venue's clock ("2026-12-05T19:30"). */
  start_local: localTime,
  end_local: localTime,
  parks: parksList,
};

export const AdminEventCreateSchema = z.object(EventFieldsShape);
export type AdminEventCreate = z.input<typeof AdminEventCreateSchema>;
export type AdminEventCreateParsed = z.output<typeof AdminEventCreateSchema>;

/** A partial edit: only the fields sent change; `parks` replaces the whole list; no access code keeps the current one. */
export const AdminEventPatchSchema = z.object({
  name: EventFieldsShape.name.optional(),
  description: z
    .object(
      { en: optionalText(4000), fr: optionalText(4000) },
      { error: "Give the description as { en, fr }" },
    )
    .optional(),
  category: EventFieldsShape.category.optional(),
  visibility: EventFieldsShape.visibility.optional(),
  access_code: EventFieldsShape.access_code,
  venue: AdminEventVenueInputSchema.optional(),
  time_zone: EventFieldsShape.time_zone.optional(),
  start_local: localTime.optional(),
  end_local: localTime.optional(),
  parks: parksList.optional(),
});
export type AdminEventPatch = z.input<typeof AdminEventPatchSchema>;
export type AdminEventPatchParsed = z.output<typeof AdminEventPatchSchema>;

export const AdminEventSchema = z
  .object({
    event_code: z.string(),
    name: z.string(),
    description: z.object({ en: z.string(), fr: z.string() }),
    category: z.enum(EVENT_CATEGORIES),
    status: z.enum(EVENT_STATUSES),
    visibility: z.enum(EVENT_VISIBILITIES),
    /** Whether a private event has its access code (never shown: only its hash is kept). */
    has_access_code: z.boolean(),
    venue: z.object({
      name: z.string(),
      address: z.string(),
      city: z.string(),
      country_code: z.string(),
      lat: z.number(),
      lng: z.number(),
    }),
    time_zone: z.string(),
    start_local: z.string(),
    end_local: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    currency: z.string(),
    /** The currency's decimals: how many digits a price may have after the point. */
    decimals: z.number().int(),
    operator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    parks: z.array(
      z.object({
        park_id: z.number().int(),
        park_name: z.string(),
        park_code: z.string(),
        arrive_before_minutes: z.number().int(),
        depart_after_minutes: z.number().int(),
        window_start: z.string(),
        window_end: z.string(),
        prices: z.array(
          z.object({
            vehicle_type_id: z.number().int(),
            vehicle_type: z.string(),
            price: z.number(),
            allocation: z.number().int(),
            /** Bookings active or completed. */
            booked: z.number().int(),
          }),
        ),
      }),
    ),
    booked: z.number().int(),
    created_at: z.string(),
    published_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
  })
  .meta({ id: "AdminEvent" });
export type AdminEvent = z.infer<typeof AdminEventSchema>;

export const ALLOCATION_CONFLICT_MESSAGE = "Some allocations do not fit the spaces free at their parks";
export const ALLOCATION_BELOW_BOOKED_MESSAGE = "An allocation cannot be less than the spaces already booked";

/** The 409 of allocations that do not fit: per park and vehicle type, what was asked and what is free. */
export const AllocationConflictSchema = z
  .object({
    message: z.string(),
    code: z.literal("allocation_conflict"),
    conflicts: z.array(
      z.object({
        park_id: z.number().int(),
        park_name: z.string(),
        vehicle_type_id: z.number().int(),
        vehicle_type: z.string(),
        allocation: z.number().int(),
        /** Spaces free over the park's event window, leaving this event's own hold out. */
        free: z.number().int(),
        /** The event's bookings there already (active or completed). */
        booked: z.number().int(),
      }),
    ),
  })
  .meta({ id: "AllocationConflict" });
export type AllocationConflict = z.infer<typeof AllocationConflictSchema>;

export const AdminEventBookingSchema = z.object({
  booking_code: z.string(),
  status: z.enum(["active", "completed", "cancelled"]),
  park: z.object({ id: z.number().int(), name: z.string() }),
  vehicle_type_id: z.number().int(),
  vehicle_type: z.string(),
  plate_number: z.string().nullable(),
  driver_first_name: z.string(),
  paid: z.number(),
  currency: z.string(),
  checked_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminEventBooking = z.infer<typeof AdminEventBookingSchema>;
export const AdminEventBookingsQuerySchema = AdminPageQuerySchema;
export const AdminEventBookingListSchema = pageOf(AdminEventBookingSchema).meta({
  id: "AdminEventBookingList",
});
export type AdminEventBookingList = z.infer<typeof AdminEventBookingListSchema>;

export const AdminEventReportSchema = z
  .object({
    event_code: z.string(),
    name: z.string(),
    status: z.enum(EVENT_STATUSES),
    time_zone: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    bookings: z.object({
      total: z.number().int(),
      active: z.number().int(),
      completed: z.number().int(),
      cancelled: z.number().int(),
    }),
    checked_in: z.number().int(),
    /** What drivers paid and kept paid (refunds deducted), per currency, in major units. */
    revenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
    parks: z.array(
      z.object({
        park_id: z.number().int(),
        park_name: z.string(),
        window_start: z.string(),
        window_end: z.string(),
        types: z.array(
          z.object({
            vehicle_type_id: z.number().int(),
            vehicle_type: z.string(),
            allocation: z.number().int(),
            booked: z.number().int(),
            checked_in: z.number().int(),
            capacity: z.number().int(),
            /**
             * The most spaces of the type held at once during the park's event window: other
             * bookings, drive-up sales and every published event's hold (this one's included).
             */
            peak_held: z.number().int(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "AdminEventReport" });
export type AdminEventReport = z.infer<typeof AdminEventReportSchema>;
