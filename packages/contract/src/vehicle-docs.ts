import { z } from "zod";
import { AMOUNT_MAX, PageQuerySchema, idNumber, idParam, pageOf } from "./common";
import { CouponCodeSchema } from "./coupons";
import { WeekHoursSchema } from "./parks";
import { isoDay, Money, text } from "./vehicle-doc-fields";

/**
 * Vehicle document renewal in Nigeria (docs/decisions/031-vehicle-documents.md): the documents,
 * the stages of a request and who moves them, the quote, the request and its files (the back
 * office's schemas are in admin-vehicle-docs.ts).
 */

/** The papers Parkwell renews; a request of type `drivers_licence` takes one of the last two. */
export const VEHICLE_DOC_TYPES = [
  "vehicle_licence",
  "roadworthiness",
  "third_party_insurance",
  "comprehensive_insurance",
  "proof_of_ownership",
  "hackney_permit",
  "drivers_licence_3y",
  "drivers_licence_5y",
] as const;
export type VehicleDocType = (typeof VEHICLE_DOC_TYPES)[number];
export const VEHICLE_PAPER_TYPES: readonly VehicleDocType[] = VEHICLE_DOC_TYPES.filter(
  (t) => !t.startsWith("drivers_licence"),
);
export const DRIVERS_LICENCE_TYPES: readonly VehicleDocType[] = ["drivers_licence_3y", "drivers_licence_5y"];
/**
 * Motor insurance: third-party (the fee tables' national tariff) or comprehensive (an insurer's
 * premium on the vehicle's declared value); a request holds one of them, not both.
 */
export const INSURANCE_DOC_TYPES: readonly VehicleDocType[] = [
  "third_party_insurance",
  "comprehensive_insurance",
];
/** The vehicle value a driver may declare for comprehensive insurance, in naira (major units). */
export const INSURED_VALUE_MIN = 100_000;
export const INSURED_VALUE_MAX = 500_000_000;
export const INSURANCE_EXCLUSIVE_MESSAGE =
  "Choose third-party or comprehensive insurance, not both: comprehensive covers third parties too";
export const INSURANCE_REQUIRED_MESSAGE = "Comprehensive insurance needs the vehicle's value and an insurer";
export const INSURANCE_NOT_CHOSEN_MESSAGE =
  "An insurer and a vehicle value are only for comprehensive insurance";
export const INSURER_UNKNOWN_MESSAGE = "Choose one of the insurers offered";
/** Papers only a commercial vehicle needs. */
export const COMMERCIAL_ONLY_DOC_TYPES: readonly VehicleDocType[] = ["hackney_permit"];

export const VEHICLE_DOC_REQUEST_TYPES = ["vehicle_papers", "drivers_licence"] as const;
export type VehicleDocRequestType = (typeof VEHICLE_DOC_REQUEST_TYPES)[number];

export const VEHICLE_USES = ["private", "commercial"] as const;
export type VehicleUse = (typeof VEHICLE_USES)[number];

/**
 * Engine capacity bands of the fee tables (cc, upper bound inclusive); `any` in a fee row: the fee
 * does not depend on the engine.
 */
export const ENGINE_BANDS = ["upto_1600", "1601_2000", "2001_3000", "over_3000"] as const;
export type EngineBand = (typeof ENGINE_BANDS)[number];
export const ENGINE_CC_MAX = 20_000;

/** The band of an engine capacity in cc. */
export function engineBandOf(cc: number): EngineBand {
  if (cc <= 1600) return "upto_1600";
  if (cc <= 2000) return "1601_2000";
  if (cc <= 3000) return "2001_3000";
  return "over_3000";
}

export const VEHICLE_DOC_STAGES = [
  "submitted",
  "info_needed",
  "documents_checked",
  "at_office",
  "ready",
  "out_for_delivery",
  "ready_for_pickup",
  "delivered",
  "cancelled",
  "refunded",
] as const;
export type VehicleDocStage = (typeof VEHICLE_DOC_STAGES)[number];
export type VehicleDocActor = "driver" | "staff";
export type VehicleDocDelivery = "delivery" | "pickup";

export interface VehicleDocTransition {
  from: VehicleDocStage;
  to: VehicleDocStage;
  by: readonly VehicleDocActor[];
  /** Only for requests delivered to an address, or picked up at a park. */
  delivery?: VehicleDocDelivery;
  /** The move gives back everything not yet refunded. */
  refund?: true;
}

/** The stages a driver may still cancel from: before the request reaches the licensing office. */
export const VEHICLE_DOC_CANCELLABLE: readonly VehicleDocStage[] = [
  "submitted",
  "info_needed",
  "documents_checked",
];
const OPEN_STAGES: readonly VehicleDocStage[] = [
  "submitted",
  "info_needed",
  "documents_checked",
  "at_office",
  "ready",
  "out_for_delivery",
  "ready_for_pickup",
];

/** The one stage table: the API enforces it, the tests walk it. */
export const VEHICLE_DOC_TRANSITIONS: readonly VehicleDocTransition[] = [
  { from: "submitted", to: "documents_checked", by: ["staff"] },
  { from: "submitted", to: "info_needed", by: ["staff"] },
  { from: "info_needed", to: "submitted", by: ["driver"] },
  { from: "documents_checked", to: "at_office", by: ["staff"] },
  { from: "at_office", to: "ready", by: ["staff"] },
  { from: "ready", to: "out_for_delivery", by: ["staff"], delivery: "delivery" },
  { from: "ready", to: "ready_for_pickup", by: ["staff"], delivery: "pickup" },
  { from: "out_for_delivery", to: "delivered", by: ["staff"] },
  { from: "ready_for_pickup", to: "delivered", by: ["staff"] },
  ...VEHICLE_DOC_CANCELLABLE.map((from): VehicleDocTransition => ({
    from,
    to: "cancelled",
    by: ["driver", "staff"],
    refund: true,
  })),
  ...OPEN_STAGES.map((from): VehicleDocTransition => ({ from, to: "refunded", by: ["staff"], refund: true })),
];

/** The row of the table for a move, or undefined when the table has none. */
export function findVehicleDocTransition(
  from: VehicleDocStage,
  to: VehicleDocStage,
  delivery: VehicleDocDelivery,
): VehicleDocTransition | undefined {
  return VEHICLE_DOC_TRANSITIONS.find(
    (t) => t.from === from && t.to === to && (t.delivery === undefined || t.delivery === delivery),
  );
}

export const VEHICLE_DOC_NOT_FOUND_MESSAGE = "Request not found";
export const VEHICLE_DOC_STAGE_REFUSED_MESSAGE = "This request cannot move from {from} to {to}";
export const VEHICLE_DOC_CANCEL_TOO_LATE_MESSAGE =
  "This request is already at the licensing office: it can no longer be cancelled";

/** `VD-` and six readable characters. */
export const VEHICLE_DOC_CODE_PATTERN = /^VD-[A-Z0-9]{6}$/;

export const PAPER_STATUSES = ["valid", "expiring", "expired"] as const;
export type PaperStatus = (typeof PAPER_STATUSES)[number];
/** A paper is "expiring" this many days before its expiry date, and on it. */
export const PAPER_EXPIRING_DAYS = 30;

/** A paper's status on `today` (YYYY-MM-DD on the country's clock): valid until the end of its day. */
export function paperStatus(expiresOn: string, today: string): { status: PaperStatus; days_left: number } {
  const days = Math.round(
    (Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  return {
    status: days < 0 ? "expired" : days <= PAPER_EXPIRING_DAYS ? "expiring" : "valid",
    days_left: days,
  };
}

/** What renewal needs to know of a saved vehicle (PUT /vehicle-docs/vehicles/{id}). */
export const VehicleRenewalDetailsBodySchema = z.object({
  year: z
    .number({ error: "year must be a year" })
    .int({ error: "year must be a year" })
    .min(1950, { error: "year must be 1950 or later" })
    .max(2100, { error: "year must be 2100 or earlier" })
    .optional(),
  engine_cc: z
    .number({ error: "engine_cc must be a whole number of cc" })
    .int({ error: "engine_cc must be a whole number of cc" })
    .min(50, { error: "engine_cc must be at least 50" })
    .max(ENGINE_CC_MAX, { error: `engine_cc must be at most ${ENGINE_CC_MAX}` })
    .optional(),
  vin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-HJ-NPR-Z0-9]{11,17}$/, { error: "vin must be 11 to 17 letters and digits" })
    .optional(),
  state_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "state_code must be a state's two-letter code" })
    .optional(),
  vehicle_use: z.enum(VEHICLE_USES, { error: "vehicle_use must be private or commercial" }).optional(),
});
export type VehicleRenewalDetailsBody = z.infer<typeof VehicleRenewalDetailsBodySchema>;

export const VehicleRenewalDetailsSchema = z
  .object({
    vehicle_id: z.number().int(),
    plate_number: z.string(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    color: z.string().nullable(),
    year: z.number().int().nullable(),
    engine_cc: z.number().int().nullable(),
    vin: z.string().nullable(),
    state_code: z.string().nullable(),
    state_name: z.string().nullable(),
    vehicle_use: z.enum(VEHICLE_USES).nullable(),
    /** Each paper's current expiry date, from a completed request or typed by the driver. */
    expiries: z.array(
      z.object({
        document_type: z.enum(VEHICLE_DOC_TYPES),
        expires_on: z.string(),
        source: z.enum(["request", "driver"]),
        /** On Nigeria's clock: valid, expiring (30 days or fewer left) or expired. */
        status: z.enum(PAPER_STATUSES),
        /** Days from today to the expiry date (negative once expired). */
        days_left: z.number().int(),
      }),
    ),
  })
  .meta({ id: "VehicleRenewalDetails" });
export type VehicleRenewalDetails = z.infer<typeof VehicleRenewalDetailsSchema>;
export const VehicleRenewalDetailsListSchema = z.array(VehicleRenewalDetailsSchema);

/** A paper's current expiry date and status, as on a vehicle's renewal details. */
const PaperExpirySchema = VehicleRenewalDetailsSchema.shape.expiries.element;

/**
 * The driver's licence's expiry date (no vehicle): one per driver, under the length of its last
 * renewal through Parkwell (drivers_licence_3y or _5y), or drivers_licence_5y when typed first.
 */
export const DriverLicenceExpirySchema = z
  .object({ licence: PaperExpirySchema.nullable() })
  .meta({ id: "DriverLicenceExpiry" });
export type DriverLicenceExpiry = z.infer<typeof DriverLicenceExpirySchema>;
/** The licence's expiry date as the driver types it, or null to clear it. */
export const DriverLicenceExpiryBodySchema = z.object({
  expires_on: isoDay.nullable(),
});
export const VehicleIdPathSchema = z.object({ id: idParam("id") });

/** Expiry dates a driver types for papers renewed elsewhere (PUT /vehicle-docs/vehicles/{id}/expiries). */
export const VehicleExpiriesBodySchema = z.object({
  expiries: z
    .array(
      z.object({
        document_type: z.enum(VEHICLE_DOC_TYPES, { error: "Unknown document type" }),
        expires_on: isoDay,
      }),
    )
    .min(1, { error: "Give at least one expiry date" })
    .max(VEHICLE_DOC_TYPES.length, { error: "Give each document once" })
    .refine((e) => new Set(e.map((x) => x.document_type)).size === e.length, {
      error: "Give each document once",
    }),
});

/** Where the papers go: a saved address (the marketplace's) or a park to collect them at. */
const DeliveryChoiceSchema = z
  .object(
    { address_id: idNumber("address_id").optional(), park_id: idNumber("park_id").optional() },
    { error: "Choose a delivery address or a pickup park" },
  )
  .refine((d) => (d.address_id === undefined) !== (d.park_id === undefined), {
    error: "Choose a delivery address or a pickup park",
  });

/** The quote's and the request's body. */
export const VehicleDocQuoteBodySchema = z.object({
  type: z.enum(VEHICLE_DOC_REQUEST_TYPES, { error: "type must be vehicle_papers or drivers_licence" }),
  /** The saved vehicle (vehicle papers). */
  vehicle_id: idNumber("vehicle_id").optional(),
  /** The state of issue (a driver's licence); a vehicle's papers use its state of registration. */
  state_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "state_code must be a state's two-letter code" })
    .optional(),
  documents: z
    .array(z.enum(VEHICLE_DOC_TYPES, { error: "Unknown document type" }), {
      error: "Choose the documents to renew",
    })
    .min(1, { error: "Choose the documents to renew" })
    .max(VEHICLE_DOC_TYPES.length, { error: "Choose each document once" })
    .refine((d) => new Set(d).size === d.length, { error: "Choose each document once" }),
  delivery: DeliveryChoiceSchema,
  /** Comprehensive insurance only: the insurer chosen and the vehicle's value (major units). */
  insurance: z
    .object(
      {
        insurer_id: idNumber("insurer_id"),
        vehicle_value: z
          .number({ error: "vehicle_value must be a number" })
          .int({ error: "vehicle_value must be a whole number of naira" })
          .min(INSURED_VALUE_MIN, { error: `vehicle_value must be at least ${INSURED_VALUE_MIN}` })
          .max(INSURED_VALUE_MAX, { error: `vehicle_value must be at most ${INSURED_VALUE_MAX}` }),
      },
      { error: INSURANCE_REQUIRED_MESSAGE },
    )
    .optional(),
  /** A coupon code: its discount comes off the service charge; the quote says why one does not apply. */
  coupon_code: CouponCodeSchema,
  /** The total the driver was shown (major units): the request is refused when it changed. */
  expected_total: z
    .number({ error: "expected_total must be a number" })
    .min(0, { error: "expected_total must be 0 or more" })
    .max(AMOUNT_MAX, { error: "expected_total is too large" })
    .optional(),
});
export type VehicleDocQuoteBody = z.infer<typeof VehicleDocQuoteBodySchema>;

/** POST /vehicle-docs/requests: the quote's body, and who pays (business accounts, decision 030). */
export const VehicleDocRequestBodySchema = VehicleDocQuoteBodySchema.extend({
  /** Pay with this company (an active membership of the driver's); personal wallet when absent. */
  company_id: idNumber("company_id").nullish(),
});
export type VehicleDocRequestBody = z.infer<typeof VehicleDocRequestBodySchema>;

/** Comprehensive insurance as priced: the insurer, the declared value, its rate and the premium. */
const InsuranceSchema = z
  .object({
    insurer_id: z.number().int().nullable(),
    insurer_name: z.string(),
    vehicle_value: Money,
    /** Percent of the value, e.g. 3.5. */
    rate: z.number(),
    minimum_premium: Money,
    /** max(value × rate, minimum premium): the comprehensive_insurance line's fee. */
    premium: Money,
  })
  .nullable();
export const VehicleDocQuoteSchema = z
  .object({
    type: z.enum(VEHICLE_DOC_REQUEST_TYPES),
    state_code: z.string(),
    state_name: z.string(),
    vehicle_use: z.enum(VEHICLE_USES).nullable(),
    engine_band: z.enum(ENGINE_BANDS).nullable(),
    currency: z.string(),
    lines: z.array(z.object({ document_type: z.enum(VEHICLE_DOC_TYPES), fee: Money })),
    /** The government fees: the documents other than insurance. */
    fees_total: Money,
    /** The insurance premiums (third-party or comprehensive), apart from the government fees. */
    premiums_total: Money,
    service_charge: Money,
    /** A coupon's discount, off the service charge (0 without one). */
    discount: Money,
    /** The coupon code asked for: applied with its discount, or the sentence why it does not apply. */
    coupon: z
      .object({ code: z.string(), applied: z.boolean(), discount: Money, message: z.string().nullable() })
      .nullable(),
    delivery_charge: Money,
    tax: Money,
    tax_name: z.string(),
    total: Money,
    insurance: InsuranceSchema,
  })
  .meta({ id: "VehicleDocQuote" });
export type VehicleDocQuote = z.infer<typeof VehicleDocQuoteSchema>;

const TimelineSchema = z.array(
  z.object({
    stage: z.enum(VEHICLE_DOC_STAGES),
    at: z.string(),
    by: z.enum(["driver", "staff"]),
    note: z.string().nullable(),
  }),
);

/**
 * The park a driver collects the papers at: where it is and when it is open (Monday first, each
 * day its hours on the park's clock or null when closed; `opening_hours` null when open 24 hours).
 */
export const VehicleDocPickupParkSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    time_zone: z.string(),
    open_24h: z.boolean(),
    opening_hours: WeekHoursSchema,
  })
  .meta({ id: "VehicleDocPickupPark" });
export type VehicleDocPickupPark = z.infer<typeof VehicleDocPickupParkSchema>;

export const VehicleDocRequestSchema = z
  .object({
    code: z.string(),
    type: z.enum(VEHICLE_DOC_REQUEST_TYPES),
    stage: z.enum(VEHICLE_DOC_STAGES),
    vehicle_id: z.number().int().nullable(),
    plate_number: z.string().nullable(),
    state_code: z.string(),
    delivery: z.object({
      kind: z.enum(["delivery", "pickup"]),
      address_id: z.number().int().nullable(),
      address: z.string().nullable(),
      park_id: z.number().int().nullable(),
    }),
    /** The park the driver collects the papers at (null for a delivery). */
    pickup_park: VehicleDocPickupParkSchema.nullable(),
    currency: z.string(),
    lines: z.array(z.object({ document_type: z.enum(VEHICLE_DOC_TYPES), fee: Money })),
    /** The government fees: the documents other than insurance. */
    fees_total: Money,
    /** The insurance premiums (third-party or comprehensive), apart from the government fees. */
    premiums_total: Money,
    service_charge: Money,
    /** A coupon's discount, off the service charge (0 without one), and its code. */
    discount: Money,
    coupon_code: z.string().nullable(),
    delivery_charge: Money,
    tax: Money,
    total: Money,
    refunded: Money,
    insurance: InsuranceSchema,
    question: z.string().nullable(),
    answer: z.string().nullable(),
    can_cancel: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    cancelled_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    timeline: TimelineSchema,
    expiries: z.array(z.object({ document_type: z.enum(VEHICLE_DOC_TYPES), expires_on: z.string() })),
  })
  .meta({ id: "VehicleDocRequest" });
export type VehicleDocRequest = z.infer<typeof VehicleDocRequestSchema>;

export const VehicleDocCodeParamsSchema = z.object({
  /** A code that is not a request's is answered as unknown (404). */
  code: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .transform((c) => c.toUpperCase()),
});

export const VehicleDocListQuerySchema = PageQuerySchema.extend({
  stage: z.enum(VEHICLE_DOC_STAGES, { error: "Unknown stage" }).optional(),
});
export const VehicleDocSummarySchema = VehicleDocRequestSchema.omit({ timeline: true, expiries: true }).meta({
  id: "VehicleDocSummary",
});
export const VehicleDocPageSchema = pageOf(VehicleDocSummarySchema);

export const VehicleDocAnswerBodySchema = z.object({ answer: text("answer", 2000) });

// ---------------------------------------------------------------- files (decision 032)

/** What a request's file is: the driver's (current papers, identification) or staff's scan of the issued papers. */
export const VEHICLE_DOC_FILE_KINDS = ["driver_upload", "issued_scan"] as const;
export type VehicleDocFileKind = (typeof VEHICLE_DOC_FILE_KINDS)[number];
/** The labels a client offers; any other text of at most 60 characters is kept as typed. */
export const VEHICLE_DOC_FILE_LABELS = ["current papers", "means of identification"] as const;
export const VEHICLE_DOC_FILE_LABEL_MAX = 60;
/** Files of one kind a request holds at most. */
export const VEHICLE_DOC_FILES_MAX = 10;

export const VehicleDocFileSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(VEHICLE_DOC_FILE_KINDS),
    label: z.string(),
    content_type: z.enum(["image/jpeg", "image/png", "application/pdf"]),
    size_bytes: z.number().int(),
    /** driver | staff. */
    uploaded_by: z.enum(["driver", "staff"]),
    created_at: z.string(),
    /**
     * A signed link for the caller, valid five minutes (GET it with the bearer token); null once
     * the file was deleted, 90 days after the request was closed (`purged_at`).
     */
    link: z.object({ url: z.string(), expires_at: z.string() }).nullable(),
    purged_at: z.string().nullable(),
  })
  .meta({ id: "VehicleDocFile" });
export type VehicleDocFile = z.infer<typeof VehicleDocFileSchema>;
export const VehicleDocFilePageSchema = pageOf(VehicleDocFileSchema);
export const VehicleDocFileListQuerySchema = PageQuerySchema;
