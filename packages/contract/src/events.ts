/**
 * Event parking: an event at a venue, the parks that serve it, each with a flat price per vehicle
 * type and an allocation of its spaces held for the event's window (docs/PRODUCT-RULES.md#events).
 */
import { z } from "zod";
import {
  EVENT_CATEGORIES,
  EVENT_CODE_PATTERN,
  EVENT_STATUSES,
  EVENT_VISIBILITIES,
  normaliseEventCode,
} from "./event-values";
import { IsoDateSchema } from "./admin";
import { PageQuerySchema, pageOf } from "./common";
import { SEARCH_MAX_CHARS } from "./park-values";
import { MoneySchema, ParkTypeSchema, queryNumber, WindowPriceSchema } from "./parks";

export {
  EVENT_ACCESS_EVENT_CEILING,
  EVENT_ACCESS_HEADER,
  EVENT_ACCESS_STORAGE_KEY,
  EVENT_ACCESS_TRIES,
  EVENT_ACCESS_WINDOW_MINUTES,
  EVENT_CATEGORIES,
  EVENT_CODE_ALPHABET,
  EVENT_CODE_PATTERN,
  EVENT_STATUSES,
  EVENT_VISIBILITIES,
  normaliseAccessCode,
  normaliseEventCode,
  type EventCategory,
  type EventStatus,
  type EventVisibility,
} from "./event-values";

/** The longest arrival or departure buffer around an event, in minutes. */
export const EVENT_BUFFER_MAX_MINUTES = 12 * 60;
/** An average walking pace, for the walking minutes from a park to the venue. */
export const WALKING_KM_PER_HOUR = 4.8;

export const EVENT_NOT_FOUND_MESSAGE = "Event not found";
export const EVENT_ENDED_MESSAGE = "This event has ended";
export const EVENT_PARK_MISSING_MESSAGE = "This park does not serve this event";
export const EVENT_VEHICLE_TYPE_MISSING_MESSAGE =
  "This event's parking at this park takes no vehicles of this type";
export const EVENT_SOLD_OUT_MESSAGE = "The spaces set aside for this event at this park are sold out";
export const EVENT_ACCESS_WRONG_MESSAGE = "No event matches this access code";
/** An event code typed on the private-event access page that cannot be one. */
export const EVENT_CODE_INVALID_MESSAGE = "Enter an event code such as EV-7K2Q9";
export const EVENT_BOOKING_FIXED_MESSAGE = "An event booking keeps the event's times";
export const EVENT_BOOKING_NOT_RENEWABLE_MESSAGE =
  "A cancelled event booking cannot be renewed: book the event again";

export const EventCodeParamsSchema = z.object({
  eventCode: z.string().trim().min(1).max(20).transform(normaliseEventCode),
});

export const EventListQuerySchema = PageQuerySchema.extend({
  /** A served country's code ("NG"). */
  country: z.string({ error: "country must be a single value" }).trim().max(60).optional(),
  search: z
    .string({ error: "search must be a single value" })
    .transform((s) => s.slice(0, SEARCH_MAX_CHARS))
    .optional(),
  category: z
    .enum(EVENT_CATEGORIES, { error: `category must be one of ${EVENT_CATEGORIES.join(", ")}` })
    .optional(),
  /** Days on the venue's own calendar, inclusive. */
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  lat: queryNumber("lat", -90, 90),
  lng: queryNumber("lng", -180, 180),
})
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: "from must not be after to", path: ["to"] })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    error: "Give both lat and lng, or neither",
    path: ["lng"],
  });
export type EventListQuery = z.infer<typeof EventListQuerySchema>;

export const EventVenueSchema = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country_code: z.string().length(2),
  lat: z.number(),
  lng: z.number(),
});

export const EventSummarySchema = z
  .object({
    event_code: z.string(),
    name: z.string(),
    category: z.enum(EVENT_CATEGORIES),
    status: z.enum(EVENT_STATUSES),
    visibility: z.enum(EVENT_VISIBILITIES),
    venue: EventVenueSchema,
    /** The venue's IANA zone: the event's times are shown on its clock. */
    time_zone: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    image_url: z.string().nullable(),
    /**
     * The lowest price a driver pays at the event's parks, fees and tax included, as the event's
     * page and checkout price it (null when no space is left).
     */
    price_from: MoneySchema.nullable(),
    /** Present when the list was asked with lat/lng. */
    distance_km: z.number().optional(),
  })
  .meta({ id: "EventSummary" });
export type EventSummary = z.infer<typeof EventSummarySchema>;
export const EventPageSchema = pageOf(EventSummarySchema).meta({ id: "EventPage" });
export type EventPage = z.infer<typeof EventPageSchema>;

export const EventParkPriceSchema = z.object({
  vehicle_type_id: z.number().int(),
  vehicle_type: z.string(),
  /** The flat price for the event's window, before the country's fees. */
  flat_price: MoneySchema,
  /** What a booking of it is charged: the flat price plus the country's fees, with the breakdown. */
  price: WindowPriceSchema,
  /** Spaces of the allocation still free (never more than the park has free). */
  available: z.number().int(),
});

export const EventParkSchema = z.object({
  park: z.object({
    id: z.number().int(),
    slug: z.string(),
    park_code: z.string(),
    name: z.string(),
    type: ParkTypeSchema,
    address: z.string(),
    city: z.string(),
    lat: z.number(),
    lng: z.number(),
  }),
  prices: z.array(EventParkPriceSchema),
  /** The event's window at this park: its start minus the arrival buffer to its end plus the departure one. */
  window: z.object({ start_time: z.string(), end_time: z.string() }),
  arrive_before_minutes: z.number().int(),
  depart_after_minutes: z.number().int(),
  /** Spaces left over every vehicle type. */
  available: z.number().int(),
  distance_km: z.number(),
  walking_minutes: z.number().int(),
});
export type EventPark = z.infer<typeof EventParkSchema>;

export const EventDetailSchema = EventSummarySchema.extend({
  description: z.string(),
  /** The language `description` is in: the request's when the event has it, else the other. */
  text_language: z.enum(["en", "fr"]),
  parks: z.array(EventParkSchema),
}).meta({ id: "EventDetail" });
export type EventDetail = z.infer<typeof EventDetailSchema>;

/**
 * A private event's access code, entered for that event: the code is checked against this one
 * event only, so two events may share a code and no answer says whether another event has it.
 */
export const EventAccessBodySchema = z.object({
  event_code: z
    .string({ error: "Enter the event code" })
    .trim()
    .min(1, { error: "Enter the event code" })
    .max(20, { error: EVENT_CODE_INVALID_MESSAGE })
    .transform(normaliseEventCode)
    .pipe(z.string().regex(EVENT_CODE_PATTERN, { error: EVENT_CODE_INVALID_MESSAGE })),
  access_code: z
    .string({ error: "Enter the access code" })
    .trim()
    .min(1, { error: "Enter the access code" })
    .max(40, { error: "An access code is at most 40 characters" }),
});
export const EventAccessSchema = z.object({ event_code: z.string(), access_token: z.string() });
export type EventAccess = z.infer<typeof EventAccessSchema>;

/** What a booking for an event says about it. */
export const BookingEventSchema = z.object({
  event_code: z.string(),
  name: z.string(),
  venue_name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  status: z.enum(EVENT_STATUSES),
});
