import { z } from "zod";
import { LanguageSchema } from "./accounts";
import { idParam, PageQuerySchema, pageOf } from "./common";
import { CHARGER_CONNECTORS, CHARGER_KW_MAX } from "./charger-values";
import { ParkChargerSchema } from "./chargers";
import {
  AMENITIES,
  MAX_RADIUS_KM,
  PARK_SORTS,
  PARK_TYPES,
  SEARCH_MAX_CHARS,
  type Amenity,
} from "./park-values";

export const ParkTypeSchema = z.enum(PARK_TYPES);

/** A number from the query string; empty counts as absent, anything else must be a finite number in range. */
export function queryNumber(name: string, min: number, max: number) {
  return z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string({ error: `${name} must be a single number` })
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, { error: `${name} must be a number` })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, { error: `${name} must be between ${min} and ${max}` })
          .max(max, { error: `${name} must be between ${min} and ${max}` }),
      )
      .optional(),
  );
}

const isoTime = (name: string) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string({ error: `${name} must be a single date and time` })
      .pipe(z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date and time` }))
      .transform((s) => new Date(s))
      .optional(),
  );

export const TimeWindowSchema = z.object({
  start_time: isoTime("start_time"),
  end_time: isoTime("end_time"),
});

export const ParkListQuerySchema = PageQuerySchema.extend({
  country: z.string({ error: "country must be a single value" }).trim().max(60).optional(),
  // Any text is acceptable: it is cut to a sane length and matched as plain text, never a pattern.
  search: z
    .string({ error: "search must be a single value" })
    .transform((s) => s.slice(0, SEARCH_MAX_CHARS))
    .optional(),
  lat: queryNumber("lat", -90, 90),
  lng: queryNumber("lng", -180, 180),
  radius_km: queryNumber("radius_km", 0.1, MAX_RADIUS_KM),
  type: z.enum(PARK_TYPES, { error: `type must be one of ${PARK_TYPES.join(", ")}` }).optional(),
  vehicle_type_id: idParam("vehicle_type_id").optional(),
  amenities: z
    .string({ error: "amenities must be a comma-separated list" })
    .transform((s) =>
      s
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((a) => (AMENITIES as readonly string[]).includes(a)), {
      error: `amenities must be among ${AMENITIES.join(", ")}`,
    })
    .transform((list) => [...new Set(list as Amenity[])])
    .optional(),
  sort: z.enum(PARK_SORTS, { error: `sort must be one of ${PARK_SORTS.join(", ")}` }).optional(),
  /** Only parks whose average rating is at least this (1 to 5); parks without reviews are left out. */
  min_rating: queryNumber("min_rating", 1, 5),
  /** Only parks with an active charger of this connector (and of `min_kw` or more when given). */
  connector: z
    .preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .enum(CHARGER_CONNECTORS, {
          error: (iss) =>
            Array.isArray(iss.input)
              ? "connector must be a single value"
              : `connector must be one of ${CHARGER_CONNECTORS.join(", ")}`,
        })
        .optional(),
    )
    .optional(),
  /** Only parks with an active charger of at least this power in kW (of `connector` when given). */
  min_kw: queryNumber("min_kw", 1, CHARGER_KW_MAX),
  ...TimeWindowSchema.shape,
});
export type ParkListQuery = z.infer<typeof ParkListQuerySchema>;

export const MoneySchema = z.object({ amount: z.number(), currency: z.string().length(3) });

/**
 * One tax of a price by name (decision 047): "GST" at 5, "QST" at 9.975, "HST" at 13. `rate_percent`
 * is null on a price stored before taxes had names (its one tax is the country's, `tax_name`).
 */
export const PriceTaxSchema = z
  .object({ name: z.string(), rate_percent: z.number().nullable(), amount: z.number() })
  .meta({ id: "PriceTax" });
export type PriceTax = z.infer<typeof PriceTaxSchema>;

export const PriceBreakdownSchema = z.object({
  hours: z.number().int(),
  days: z.number().int(),
  parking: z.number(),
  service_fee: z.number(),
  booking_fee: z.number(),
  /** Every tax together: the sum of `taxes`. */
  tax: z.number(),
  /** The country's tax name (kept for older clients; `taxes` names each). */
  tax_name: z.string(),
  /** Each tax charged, by name, in the order a receipt prints them; empty when none. */
  taxes: z.array(PriceTaxSchema),
  total: z.number(),
  /** A coupon's discount off the parking, and its code: only when one applied. */
  coupon_discount: z.number().optional(),
  coupon_code: z.string().optional(),
  /**
   * EV charging sold with the booking (decision 048): only when the charger chosen is priced per
   * hour; its price per hour times `charging_hours`, the window's started hours. In `total`; no
   * fee, tax or coupon applies to it. A charger priced per kWh is paid at the charger: none here.
   */
  charging: z.number().optional().meta({
    description:
      "EV charging sold with the booking, when the charger group chosen is priced per hour: its price per hour times charging_hours (the window's started hours). In total; no fee, tax or coupon applies to it. Absent for no charger or one priced per kWh (paid at the charger).",
  }),
  charging_hours: z.number().int().optional(),
  /**
   * A busy-time rule priced the parking (decision 059): its name, its percentage and the window's
   * parking at the normal rates, shown beside the busy-time price. Absent: the normal rates.
   */
  busy_time: z
    .object({ rule: z.string(), adjustment_percent: z.number(), normal_parking: z.number() })
    .optional(),
});

export const WindowPriceSchema = MoneySchema.extend({ breakdown: PriceBreakdownSchema }).meta({
  id: "WindowPrice",
});
export type WindowPrice = z.infer<typeof WindowPriceSchema>;

export const HeadlinePriceSchema = z.object({
  vehicle_type_id: z.number().int(),
  currency: z.string().length(3),
  hourly: z.number(),
  daily_max: z.number(),
});

/** Whether a window can be booked at a park (opening-hours.ts), and why not, in the request's language. */
const WindowBookabilityShape = {
  bookable: z.boolean(),
  /** Present when `bookable` is false: e.g. "This car park is closed on Sundays." */
  reason: z.string().optional(),
};

export const ParkSummarySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    park_code: z.string(),
    name: z.string(),
    type: ParkTypeSchema,
    address: z.string(),
    city: z.string(),
    state: z.string().nullable(),
    country_code: z.string().length(2),
    lat: z.number(),
    lng: z.number(),
    open_24h: z.boolean(),
    amenities: z.array(z.string()),
    /** Drivers' reviews: the average of the visible ones' stars (2 decimals; null with none) and their count. */
    rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
    /** Present when the search gave lat/lng. */
    distance_km: z.number().optional(),
    /** The standard rate of the asked vehicle type (Car by default); null when the park takes none. */
    price_from: HeadlinePriceSchema.nullable(),
    /** Present when the search gave a time window. */
    availability: z
      .object({
        capacity: z.number().int(),
        /** 0 when the window cannot be booked here. */
        available: z.number().int(),
        price: WindowPriceSchema.nullable(),
        ...WindowBookabilityShape,
      })
      .optional(),
  })
  .meta({ id: "ParkSummary" });
export type ParkSummary = z.infer<typeof ParkSummarySchema>;
export const ParkPageSchema = pageOf(ParkSummarySchema).meta({ id: "ParkPage" });

/**
 * The home page's activity figures (docs/PRODUCT-RULES.md#home-figures): the windows they count
 * over, and the least data each needs to be stated at all (below it the API answers null).
 */
export const FIGURES_ACTIVITY_DAYS = 30;
export const FIGURES_SATISFACTION_MONTHS = 12;
/** A review of this many stars or more counts as satisfied. */
export const FIGURES_SATISFIED_STARS = 4;
export const FIGURES_MIN_ACTIVE_USERS = 10;
export const FIGURES_MIN_BOOKINGS = 10;
export const FIGURES_MIN_REVIEWS = 20;

/**
 * The network in figures, counted from the data (the home page states them): the active parks,
 * their cities and countries; the drivers who bought something (a booking, a pass, an order, a
 * document request) and the bookings made in the last 30 days; the share of the last 12 months'
 * visible reviews with 4 stars or more, in whole percent rounded down. Each activity figure is
 * null while it has too little data to mean something (FIGURES_MIN_*).
 */
export const ParkFiguresSchema = z
  .object({
    parks: z.number().int(),
    cities: z.number().int(),
    countries: z.number().int(),
    monthly_active_users: z.number().int().nullable(),
    monthly_bookings: z.number().int().nullable(),
    satisfaction_percent: z.number().int().min(0).max(100).nullable(),
  })
  .meta({ id: "ParkFigures" });
export type ParkFigures = z.infer<typeof ParkFiguresSchema>;
export type ParkPage = z.infer<typeof ParkPageSchema>;

const DayHoursSchema = z.object({ open: z.string(), close: z.string() }).nullable();
/** A park's weekly opening hours as the API answers them (WeekHours). */
export const WeekHoursSchema = z.array(DayHoursSchema).nullable();

export const ParkRateSchema = z
  .object({
    park_id: z.number().int(),
    vehicle_type_id: z.number().int(),
    vehicle_type: z.string(),
    kind: z.literal("standard"),
    currency: z.string().length(3),
    hourly: z.number(),
    daily_max: z.number(),
    capacity: z.number().int(),
  })
  .meta({ id: "ParkRate" });
export type ParkRate = z.infer<typeof ParkRateSchema>;

export const ParkDetailSchema = ParkSummarySchema.omit({ distance_km: true, availability: true })
  .extend({
    description: z.string(),
    /** The park's IANA time zone ("America/Vancouver"): opening hours are local times in it. */
    time_zone: z.string(),
    country: z.object({ id: z.number().int(), code: z.string(), name: z.string(), currency: z.string() }),
    /** Monday first; null for a closed day; absent (null) when open 24 hours. */
    opening_hours: WeekHoursSchema,
    /** A car may stay while the park is closed; only entry and exit need it open. */
    overnight_stays: z.boolean(),
    /** Whole days the park is closed ("2026-12-25", on its clock), whatever its hours say. */
    closures: z.array(z.string()),
    max_height_cm: z.number().int().nullable(),
    entry_instructions: z.string(),
    /**
     * The language `description` and `entry_instructions` are in: the request's (Accept-Language)
     * when the park has them in it, else the park's own.
     */
    text_language: LanguageSchema,
    photos: z.array(z.object({ url: z.string(), alt: z.string() })),
    operator: z.string(),
    status: z.string(),
    rates: z.array(ParkRateSchema),
    /**
     * The park's active chargers (docs/PRODUCT-RULES.md#ev-charging): charged at the park, on its
     * own terms; Parkwell books the parking space only.
     */
    chargers: z.array(ParkChargerSchema),
  })
  .meta({ id: "ParkDetail" });
export type ParkDetail = z.infer<typeof ParkDetailSchema>;

/** A park by numeric id, slug or the park code on its QR sign. */
export const ParkRefParamsSchema = z.object({
  park: z.string().trim().min(1, { error: "Park ID is required" }).max(120, { error: "Park not found" }),
});

export const ParkRateQuerySchema = z.object({ vehicle_type_id: idParam("vehicle_type_id").optional() });

export const AvailabilityQuerySchema = z.object({
  vehicle_type_id: idParam("vehicle_type_id").optional(),
  ...TimeWindowSchema.shape,
  /**
   * A charger group the booking would name (decision 048): a per-hour group's charging is then in
   * the price (`breakdown.charging`); 422 at `charger_id` when the park does not offer it.
   */
  charger_id: idParam("charger_id").optional(),
});

/**
 * One charger group's availability over a window: `count` chargers, `free` of them held by no
 * active booking nor live hold at any moment of the window (count minus the most held at once, the
 * SQL function charger_peak). 0 when the window cannot be booked here, as `available`.
 */
export const WindowChargerSchema = z
  .object({
    /** The group: the park page's `chargers[].id`, what a booking sends as `charger_id`. */
    id: z.number().int().meta({ description: "The charger group: what a booking sends as charger_id." }),
    /** The group's chargers. */
    count: z.number().int().meta({ description: "How many chargers the group has." }),
    free: z.number().int().meta({
      description:
        "How many of them are free for the whole window: count minus the most held at once by active bookings and live holds (0 when the window cannot be booked here). 0: a booking naming the group is refused (409 charger_full).",
    }),
  })
  .meta({ id: "WindowCharger" });
export type WindowCharger = z.infer<typeof WindowChargerSchema>;

export const AvailabilitySchema = z
  .object({
    park_id: z.number().int(),
    vehicle_type_id: z.number().int(),
    start_time: z.string(),
    end_time: z.string(),
    capacity: z.number().int(),
    /** 0 when the window cannot be booked here. */
    available: z.number().int(),
    price: WindowPriceSchema,
    ...WindowBookabilityShape,
    /**
     * Each of the park's active EV charger groups (the park page's `chargers`, in its order) and
     * how many of its chargers are free for the whole window, before paying (decision 048).
     */
    chargers: z.array(WindowChargerSchema).meta({
      description:
        "The park's active EV charger groups, in the park page's order, each with how many of its chargers are free for the whole window: what a booking naming it as charger_id could hold. Empty at a park without chargers.",
    }),
  })
  .meta({ id: "Availability" });
export type Availability = z.infer<typeof AvailabilitySchema>;
