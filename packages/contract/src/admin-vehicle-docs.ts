/**
 * The back office's vehicle document renewal (docs/decisions/031-vehicle-documents.md): the
 * request list and detail staff read, the stage, question, refund and expiry bodies, the fees and
 * the insurers.
 */
import { z } from "zod";
import { ADMIN_PAGE_SIZES } from "./admin";
import { PageQuerySchema, idParam, pageOf } from "./common";
import { isoDay, Money, text } from "./vehicle-doc-fields";
import {
  ENGINE_BANDS,
  VEHICLE_DOC_STAGES,
  VEHICLE_DOC_TYPES,
  VEHICLE_USES,
  VehicleDocRequestSchema,
  VehicleDocSummarySchema,
} from "./vehicle-docs";

export const AdminVehicleDocListQuerySchema = z.object({
  page: PageQuerySchema.shape.page,
  size: z.coerce
    .number({ error: "size must be a number" })
    .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), {
      error: `size must be one of ${ADMIN_PAGE_SIZES.join(", ")}`,
    })
    .default(10),
  stage: z.enum(VEHICLE_DOC_STAGES, { error: "Unknown stage" }).optional(),
  state_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "state_code must be a state's two-letter code" })
    .optional(),
  /** Only requests at least this many days old (since they were sent). */
  min_age_days: z.coerce
    .number({ error: "min_age_days must be a number" })
    .int({ error: "min_age_days must be a whole number" })
    .min(0, { error: "min_age_days must be 0 or more" })
    .max(3650, { error: "min_age_days must be at most 3650" })
    .optional(),
});

/** What staff read beside a request: the driver and the vehicle as saved now. */
const AdminVehicleDocExtras = {
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /**
   * The request's vehicle as the driver saved it, every renewal detail they gave (null for a
   * driver's licence or a removed vehicle).
   */
  vehicle: z
    .object({
      make: z.string().nullable(),
      model: z.string().nullable(),
      color: z.string().nullable(),
      year: z.number().int().nullable(),
      engine_cc: z.number().int().nullable(),
      /** The chassis number (VIN) the driver typed. */
      vin: z.string().nullable(),
      vehicle_use: z.enum(VEHICLE_USES).nullable(),
      /** The state of registration's two-letter code. */
      registration_state: z.string().nullable(),
    })
    .nullable(),
};
export const AdminVehicleDocSchema = VehicleDocRequestSchema.extend({
  ...AdminVehicleDocExtras,
  next_stages: z.array(z.enum(VEHICLE_DOC_STAGES)),
}).meta({ id: "AdminVehicleDoc" });
export const AdminVehicleDocSummarySchema = VehicleDocSummarySchema.extend(AdminVehicleDocExtras).meta({
  id: "AdminVehicleDocSummary",
});
export const AdminVehicleDocPageSchema = pageOf(AdminVehicleDocSummarySchema);

/** The issued papers' new expiry dates: one per document of the request. */
const ExpiryEntriesSchema = z
  .array(
    z.object({
      document_type: z.enum(VEHICLE_DOC_TYPES, { error: "Unknown document type" }),
      expires_on: isoDay,
    }),
  )
  .min(1, { error: "Give at least one expiry date" })
  .max(VEHICLE_DOC_TYPES.length, { error: "Give each document once" });

export const VEHICLE_DOC_EXPIRIES_REQUIRED_MESSAGE =
  "Give the new expiry date of every document before marking the request delivered";

export const AdminVehicleDocStageBodySchema = z.object({
  to: z.enum(VEHICLE_DOC_STAGES, { error: "Unknown stage" }),
  note: z.string().trim().max(500, { error: "note is too long" }).optional(),
  /**
   * Required to reach `delivered`: each document's new expiry date (those this request recorded
   * already may be left out), written in the same transaction as the move.
   */
  expiries: ExpiryEntriesSchema.optional(),
});
export const AdminVehicleDocQuestionBodySchema = z.object({ question: text("question", 2000) });
export const AdminVehicleDocRefundBodySchema = z.object({
  note: z.string().trim().max(500, { error: "note is too long" }).optional(),
});
export const AdminVehicleDocExpiriesBodySchema = z.object({ expiries: ExpiryEntriesSchema });

export const AdminVehicleDocFeeQuerySchema = z.object({
  state_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "state_code must be a state's two-letter code" })
    .optional(),
});
export const VehicleDocFeeSchema = z
  .object({
    id: z.number().int(),
    state_code: z.string(),
    document_type: z.enum(VEHICLE_DOC_TYPES),
    vehicle_use: z.enum([...VEHICLE_USES, "any"]),
    engine_band: z.enum([...ENGINE_BANDS, "any"]),
    fee: Money,
    updated_at: z.string(),
  })
  .meta({ id: "VehicleDocFee" });
export const VehicleDocFeeListSchema = z.object({
  items: z.array(VehicleDocFeeSchema),
  service_charge: Money,
  currency: z.string(),
});
export const VehicleDocFeeParamsSchema = z.object({ id: idParam("id") });
export const AdminVehicleDocFeeBodySchema = z.object({
  fee: z
    .number({ error: "fee must be a number" })
    .min(0, { error: "fee must be 0 or more" })
    .max(100_000_000, { error: "fee must be at most 100000000" }),
});
/** An insurer offering comprehensive motor insurance: its premium rate and minimum premium. */
export const VehicleDocInsurerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Percent of the declared vehicle value, e.g. 3.5. */
    rate: z.number(),
    minimum_premium: Money,
    active: z.boolean(),
    currency: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "VehicleDocInsurer" });
export type VehicleDocInsurer = z.infer<typeof VehicleDocInsurerSchema>;
export const VehicleDocInsurerListSchema = z.array(VehicleDocInsurerSchema);
export const VehicleDocInsurerParamsSchema = z.object({ id: idParam("id") });
export const AdminVehicleDocInsurerBodySchema = z.object({
  rate: z
    .number({ error: "rate must be a number" })
    .min(0.5, { error: "rate must be at least 0.5" })
    .max(20, { error: "rate must be at most 20" })
    .refine((r) => Math.abs(r * 100 - Math.round(r * 100)) < 1e-9, {
      error: "rate has at most two decimals",
    })
    .optional(),
  minimum_premium: z
    .number({ error: "minimum_premium must be a number" })
    .min(0, { error: "minimum_premium must be 0 or more" })
    .max(100_000_000, { error: "minimum_premium must be at most 100000000" })
    .optional(),
  active: z.boolean({ error: "active must be true or false" }).optional(),
});
export type AdminVehicleDocInsurerBody = z.infer<typeof AdminVehicleDocInsurerBodySchema>;
export const AdminVehicleDocServiceChargeBodySchema = z.object({
  service_charge: z
    .number({ error: "service_charge must be a number" })
    .min(0, { error: "service_charge must be 0 or more" })
    .max(100_000_000, { error: "service_charge must be at most 100000000" }),
});
