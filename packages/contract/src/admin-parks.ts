import { z } from "zod";
import { REQUIRED_TEXT } from "./accounts";
import { ALL_PERMISSIONS, AdminPageQuerySchema, IsoDateSchema, type Permission } from "./admin";
import { COUNTRY_CODE_PATTERN } from "./country-codes";
import { StrandedBookingSchema } from "./chargers";
import { GateParkSchema } from "./gate";
import { idNumber, idParam, money, pageOf } from "./common";
import { AMENITIES, PARK_TYPES } from "./park-values";
import { GUARANTEE_PAYERS } from "./guarantee";
import { WeekHoursSchema } from "./parks";

/**
 * The back office's parks: what an operator's manager (and Parkwell's admins) edit. A park's
 * status: `active` (bookable and listed), `closed` (listed on its page as closed, not searchable),
 * `inactive` (deactivated: gone from search and its page).
 */
export const ADMIN_PARK_STATUSES = ["active", "inactive", "closed"] as const;
export type AdminParkStatus = (typeof ADMIN_PARK_STATUSES)[number];

/** The largest photo a park accepts, checked while the upload streams in. */
export const PARK_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PARK_PHOTO_MAX_COUNT = 12;
export const PARK_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const AdminParkListQuerySchema = AdminPageQuerySchema.extend({
  search: z
    .string({ error: "search must be a single value" })
    .trim()
    .transform((s) => s.slice(0, 100))
    .optional(),
  status: z
    .enum(ADMIN_PARK_STATUSES, { error: `status must be one of ${ADMIN_PARK_STATUSES.join(", ")}` })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  country: z
    .string({ error: "country must be a single value" })
    .trim()
    .regex(/^([A-Za-z]{2})?$/, { error: "country must be a two-letter country code" })
    .transform((s) => (s ? s.toUpperCase() : undefined))
    .optional(),
});
export type AdminParkListQuery = z.infer<typeof AdminParkListQuerySchema>;

export const AdminParkListItemSchema = z.object({
  id: z.number().int(),
  park_code: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.string(),
  city: z.string(),
  country: z.string(),
  status: z.string(),
  /** The operator's name as drivers see it; empty for a park Parkwell runs itself. */
  operator: z.string(),
  operator_id: z.number().int().nullable(),
  /** Spaces over every vehicle type. */
  capacity: z.number().int(),
  photos: z.number().int(),
  /** The car's standard hourly rate, in major units of `currency`; null without one. */
  hourly_from: z.number().nullable(),
  currency: z.string(),
});
export type AdminParkListItem = z.infer<typeof AdminParkListItemSchema>;
export const AdminParkListSchema = pageOf(AdminParkListItemSchema).meta({ id: "AdminParkList" });
export type AdminParkList = z.infer<typeof AdminParkListSchema>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const timeOfDay = z
  .string({ error: REQUIRED_TEXT })
  .regex(TIME, { error: "Enter a time from 00:00 to 23:59 (24:00 for a midnight closing)" });

export const DayHoursInputSchema = z
  .object({ open: timeOfDay, close: timeOfDay })
  .refine((d) => d.open !== "24:00", { error: "A day cannot open at 24:00", path: ["open"] })
  .refine((d) => d.open !== d.close, { error: "Opening and closing times must differ", path: ["close"] })
  .nullable();

const text = (max: number) =>
  z
    .string({ error: "Must be text" })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` });

export const ParkTextsSchema = z.object({
  description: text(2000).default(""),
  entry_instructions: text(1000).default(""),
});

/** A closure day on the park's clock. */
const closureDate = IsoDateSchema;

const LAT_TEXT = "Latitude must be a number between -90 and 90";
const LNG_TEXT = "Longitude must be a number between -180 and 180";

/** Every field of a park an operator edits; `texts` holds the description and entry instructions per language. */
const ParkFieldsShape = {
  name: z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(1, { error: REQUIRED_TEXT })
    .max(120, { error: "Must be at most 120 characters" }),
  type: z.enum(PARK_TYPES, { error: `Choose a type: ${PARK_TYPES.join(", ")}` }),
  /** A served country's code ("NG"). */
  country: z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: "Please choose a country" })
    .transform((s) => s.toUpperCase()),
  state_id: idNumber("state_id", "Choose a state").nullable().default(null),
  /**
   * The park's tax district (decision 049: New York City, Manhattan...), one of its state's
   * (GET /tax-districts?state_id=); null: none.
   */
  tax_district_id: idNumber("tax_district_id", "Choose a tax district").nullable().default(null),
  city: z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(1, { error: REQUIRED_TEXT })
    .max(80, { error: "Must be at most 80 characters" }),
  address: z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(1, { error: REQUIRED_TEXT })
    .max(200, { error: "Must be at most 200 characters" }),
  lat: z.number({ error: LAT_TEXT }).min(-90, { error: LAT_TEXT }).max(90, { error: LAT_TEXT }),
  lng: z.number({ error: LNG_TEXT }).min(-180, { error: LNG_TEXT }).max(180, { error: LNG_TEXT }),
  /** An IANA zone ("Africa/Lagos"); the server checks that it exists. */
  time_zone: z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(1, { error: REQUIRED_TEXT })
    .max(64, { error: "Enter a time zone such as Africa/Lagos" }),
  open_24h: z.boolean({ error: "Must be true or false" }),
  /** Monday first, 7 days, null for a closed day; ignored (stored null) when open 24 hours. */
  opening_hours: z
    .array(DayHoursInputSchema)
    .length(7, { error: "Give the hours of all 7 days, Monday first" })
    .nullable()
    .default(null),
  overnight_stays: z.boolean({ error: "Must be true or false" }).default(false),
  closures: z
    .array(closureDate)
    .max(366, { error: "At most 366 closure days" })
    .default([])
    .transform((list) => [...new Set(list)].sort()),
  amenities: z
    .array(z.enum(AMENITIES, { error: `Choose among ${AMENITIES.join(", ")}` }))
    .default([])
    .transform((list) => [...new Set(list)].sort()),
  max_height_cm: z
    .number({ error: "Max height must be a number" })
    .int({ error: "Max height must be a whole number of centimetres" })
    .min(100, { error: "Max height must be between 100 and 1000 cm" })
    .max(1000, { error: "Max height must be between 100 and 1000 cm" })
    .nullable()
    .default(null),
  /** The language the park's own texts are written in; the other one is a translation. */
  text_language: z.enum(["en", "fr"], { error: "Choose English or French" }),
  texts: z.object({ en: ParkTextsSchema.optional(), fr: ParkTextsSchema.optional() }).default({}),
};

function hoursRule<T extends { open_24h?: boolean | undefined; opening_hours?: unknown }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  if (v.open_24h === false && !v.opening_hours) {
    ctx.addIssue({
      code: "custom",
      path: ["opening_hours"],
      message: "Give the opening hours, or mark the park open 24 hours",
    });
  }
}

export const AdminParkCreateSchema = z
  .object({
    ...ParkFieldsShape,
    status: z
      .enum(ADMIN_PARK_STATUSES, { error: `status must be one of ${ADMIN_PARK_STATUSES.join(", ")}` })
      .default("active"),
    /** Admins choose the operator (null: Parkwell runs it); a manager's parks are always their operator's. */
    operator_id: idNumber("operator_id", "Choose an operator").nullable().optional(),
    /**
     * New closure days that hit bookings, passes or event spaces are refused with 409
     * `closure_conflict` listing them; sent again with this true, they are saved and each booking
     * hit is offered the space guarantee (docs/PRODUCT-RULES.md "The space guarantee").
     */
    confirm_closures: z.boolean({ error: "Must be true or false" }).optional(),
  })
  .superRefine(hoursRule);
export type AdminParkCreate = z.input<typeof AdminParkCreateSchema>;
export type AdminParkCreateParsed = z.output<typeof AdminParkCreateSchema>;

/** A partial edit: only the fields sent change. `status: "inactive"` deactivates the park. */
export const AdminParkPatchSchema = z
  .object({
    name: ParkFieldsShape.name.optional(),
    type: ParkFieldsShape.type.optional(),
    country: ParkFieldsShape.country.optional(),
    state_id: idNumber("state_id", "Choose a state").nullable().optional(),
    tax_district_id: idNumber("tax_district_id", "Choose a tax district").nullable().optional(),
    city: ParkFieldsShape.city.optional(),
    address: ParkFieldsShape.address.optional(),
    lat: ParkFieldsShape.lat.optional(),
    lng: ParkFieldsShape.lng.optional(),
    time_zone: ParkFieldsShape.time_zone.optional(),
    open_24h: ParkFieldsShape.open_24h.optional(),
    opening_hours: z
      .array(DayHoursInputSchema)
      .length(7, { error: "Give the hours of all 7 days, Monday first" })
      .nullable()
      .optional(),
    overnight_stays: z.boolean({ error: "Must be true or false" }).optional(),
    closures: z
      .array(closureDate)
      .max(366, { error: "At most 366 closure days" })
      .transform((list) => [...new Set(list)].sort())
      .optional(),
    amenities: z
      .array(z.enum(AMENITIES, { error: `Choose among ${AMENITIES.join(", ")}` }))
      .transform((list) => [...new Set(list)].sort())
      .optional(),
    max_height_cm: z
      .number({ error: "Max height must be a number" })
      .int({ error: "Max height must be a whole number of centimetres" })
      .min(100, { error: "Max height must be between 100 and 1000 cm" })
      .max(1000, { error: "Max height must be between 100 and 1000 cm" })
      .nullable()
      .optional(),
    text_language: ParkFieldsShape.text_language.optional(),
    texts: z.object({ en: ParkTextsSchema.optional(), fr: ParkTextsSchema.optional() }).optional(),
    status: z
      .enum(ADMIN_PARK_STATUSES, { error: `status must be one of ${ADMIN_PARK_STATUSES.join(", ")}` })
      .optional(),
    operator_id: idNumber("operator_id", "Choose an operator").nullable().optional(),
    /**
     * New closure days that hit bookings, passes or event spaces are refused with 409
     * `closure_conflict` listing them; sent again with this true, they are saved and each booking
     * hit is offered the space guarantee (docs/PRODUCT-RULES.md "The space guarantee").
     */
    confirm_closures: z.boolean({ error: "Must be true or false" }).optional(),
  })
  .superRefine(hoursRule);
export type AdminParkPatch = z.input<typeof AdminParkPatchSchema>;
export type AdminParkPatchParsed = z.output<typeof AdminParkPatchSchema>;

export const AdminParkRateSchema = z.object({
  vehicle_type_id: z.number().int(),
  vehicle_type: z.string(),
  hourly: z.number(),
  daily_max: z.number(),
});
export const AdminParkCapacitySchema = z.object({
  vehicle_type_id: z.number().int(),
  vehicle_type: z.string(),
  capacity: z.number().int(),
});

export const AdminParkSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    park_code: z.string(),
    name: z.string(),
    type: z.string(),
    country: z.string(),
    currency: z.string(),
    /** The currency's decimals: how many digits a rate may have after the point. */
    decimals: z.number().int(),
    state_id: z.number().int().nullable(),
    /** Its tax district (decision 049); null: none. */
    tax_district_id: z.number().int().nullable(),
    city: z.string(),
    address: z.string(),
    lat: z.number(),
    lng: z.number(),
    time_zone: z.string(),
    open_24h: z.boolean(),
    opening_hours: WeekHoursSchema,
    overnight_stays: z.boolean(),
    closures: z.array(z.string()),
    amenities: z.array(z.string()),
    max_height_cm: z.number().int().nullable(),
    text_language: z.enum(["en", "fr"]),
    texts: z.object({
      en: z.object({ description: z.string(), entry_instructions: z.string() }),
      fr: z.object({ description: z.string(), entry_instructions: z.string() }),
    }),
    photos: z.array(z.object({ url: z.string(), alt: z.string(), thumb_url: z.string().optional() })),
    operator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    status: z.string(),
    rates: z.array(AdminParkRateSchema),
    capacities: z.array(AdminParkCapacitySchema),
  })
  .meta({ id: "AdminPark" });
export type AdminPark = z.infer<typeof AdminParkSchema>;

export const AdminParkParamsSchema = z.object({ id: idParam("id") });
export const AdminParkPhotoParamsSchema = z.object({
  id: idParam("id"),
  n: z
    .string()
    .regex(/^\d{1,3}$/, { error: "n must be a photo's position (0 for the first)" })
    .transform(Number),
});

export const AdminParkRatesBodySchema = z
  .object({
    rates: z
      .array(
        z
          .object({
            vehicle_type_id: idNumber("vehicle_type_id", "Please choose a vehicle type"),
            hourly: money(),
            daily_max: money(),
          })
          .refine((r) => r.daily_max >= r.hourly, {
            error: "The hourly rate cannot be above the daily maximum",
            path: ["hourly"],
            // The web's words for it (auth catalogue).
            params: { key: "validation.hourlyAboveDaily" },
          }),
      )
      .max(20, { error: "Too many rates" }),
  })
  .refine((b) => new Set(b.rates.map((r) => r.vehicle_type_id)).size === b.rates.length, {
    error: "Each vehicle type may appear once",
    path: ["rates"],
  });
export type AdminParkRatesBody = z.input<typeof AdminParkRatesBodySchema>;

export const AdminParkCapacitiesBodySchema = z
  .object({
    capacities: z
      .array(
        z.object({
          vehicle_type_id: idNumber("vehicle_type_id", "Please choose a vehicle type"),
          capacity: z
            .number({ error: "Capacity must be a number" })
            .int({ error: "Capacity must be a whole number" })
            .min(0, { error: "Capacity must be 0 or more" })
            .max(100_000, { error: "Capacity must be at most 100000" }),
        }),
      )
      .max(20, { error: "Too many capacities" }),
    /**
     * Cut below what bookings hold: save anyway and offer each booking the cut leaves without a
     * space the space guarantee (after the 409 `capacity_conflict` listed them with `settles`).
     */
    confirm_capacity: z.boolean({ error: "Must be true or false" }).optional(),
  })
  .refine((b) => new Set(b.capacities.map((r) => r.vehicle_type_id)).size === b.capacities.length, {
    error: "Each vehicle type may appear once",
    path: ["capacities"],
  });
export type AdminParkCapacitiesBody = z.input<typeof AdminParkCapacitiesBodySchema>;

/**
 * The 409 of a capacity below what is already held, per vehicle type: the bookings the cut would
 * move (offered the space guarantee once `confirm_capacity` is sent), or, when what cannot move
 * (cars in, monthly passes, event spaces, drive-up sales) holds more than asked, what holds it.
 */
export const CapacityConflictSchema = z
  .object({
    message: z.string(),
    code: z.literal("capacity_conflict"),
    conflicts: z.array(
      z.object({
        vehicle_type_id: z.number().int(),
        requested: z.number().int(),
        peak: z.number().int(),
        /** Moving the bookings listed settles this type's cut; false: they are what holds the spaces. */
        settles: z.boolean(),
        bookings: z.array(StrandedBookingSchema),
      }),
    ),
    /** Every type's cut settles: sent again with `confirm_capacity`, it is saved. */
    settles: z.boolean(),
    /** Who pays the rebookings' differences when it is confirmed. */
    payer: z.enum(GUARANTEE_PAYERS),
  })
  .meta({ id: "CapacityConflict" });
export type CapacityConflict = z.infer<typeof CapacityConflictSchema>;

/**
 * The 409 of a change of a park's country or time zone while things there are not finished: how
 * many of each kind hold the park (docs/PRODUCT-RULES.md#back-office-parks).
 */
export const ParkInUseSchema = z
  .object({
    message: z.string(),
    code: z.literal("park_in_use"),
    holdings: z.object({
      /** Not cancelled and not checked out, and either not ended or its car still inside. */
      bookings: z.number().int(),
      /** Drive-up sales whose car is still parked. */
      drive_up_sales: z.number().int(),
      /** Events not cancelled whose window at the park (departure buffer included) is not over. */
      events: z.number().int(),
      /** Marketplace orders picked up or served at the park, not in a final stage. */
      orders: z.number().int(),
      /** Monthly passes active or in grace (their weekly windows and renewals are the park's). */
      passes: z.number().int(),
      /** Monthly plans on sale. */
      plans: z.number().int(),
    }),
  })
  .meta({ id: "ParkInUse" });
export type ParkInUse = z.infer<typeof ParkInUseSchema>;

/** The photos in a new order: every current position once ([2, 0, 1] puts the third first). */
export const AdminParkPhotoOrderSchema = z.object({
  order: z
    .array(
      z
        .number({ error: "order must list photo positions" })
        .int({ error: "order must list photo positions" })
        .min(0, { error: "order must list photo positions" })
        .max(PARK_PHOTO_MAX_COUNT - 1, { error: "order must list photo positions" }),
    )
    .max(100, { error: "order must list photo positions" }),
});

export const AdminOperatorsSchema = z
  .object({ items: z.array(z.object({ id: z.number().int(), name: z.string() })) })
  .meta({ id: "AdminOperators" });

/**
 * The one list of "the parks I may act on" that every back-office park picker reads (the gate, the
 * drive-up sales, the dashboard and the reports, a service's parks, a staff member's parks): the caller's parks, for a permission they hold
 * (403 otherwise), by name. `status=any` adds the closed and deactivated parks (a report's filter
 * reads their past); `country` keeps one country's (a service's parks), `operator` one operator's
 * (a staff member's parks).
 */
export const ParkChoicesQuerySchema = z.object({
  permission: z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]]),
  status: z.enum(["active", "any"]).default("active"),
  country: z.string().regex(COUNTRY_CODE_PATTERN).optional(),
  operator: idParam("operator").optional(),
});
export type ParkChoicesQuery = z.infer<typeof ParkChoicesQuerySchema>;
/** The most parks a picker lists; past it `complete` is false and the park is typed by its ID. */
export const PARK_CHOICES_MAX = 1000;
export const ParkChoiceListSchema = z
  .object({
    items: z.array(GateParkSchema.extend({ country_code: z.string() })),
    /** False when the caller has more parks than the list holds. */
    complete: z.boolean(),
  })
  .meta({ id: "ParkChoiceList" });
export type ParkChoiceList = z.infer<typeof ParkChoiceListSchema>;
export type ParkChoice = ParkChoiceList["items"][number];
