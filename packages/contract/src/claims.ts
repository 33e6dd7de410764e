/**
 * Claims (docs/PRODUCT-RULES.md#claims, decision 057): a driver reports a problem with a booking or
 * a monthly pass's term; a rule or a staff member resolves it with money exactly once, through the
 * purchase engine. The reasons, decisions and windows are here, once, for the API and the web.
 */
import { z } from "zod";
import { AdminPageQuerySchema } from "./admin";
import { AMOUNT_MAX, ErrorSchema, PageQuerySchema, idNumber, idParam, pageOf } from "./common";
import { CHECKIN_GRACE_MINUTES } from "./gate";
import { GUARANTEE_PAYERS, GuaranteeAlternativeSchema } from "./guarantee";

/** Why a driver claims: the park was full, its barrier closed (no attendant), the space not as described, a wrong charge. */
export const CLAIM_REASONS = ["park_full", "barrier_closed", "not_as_described", "charged_wrongly"] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/**
 * What a decision does: refund in full or in part, decline, or `rebook` (a space at another park
 * for the rest of the booking's window, the space guarantee paying the difference: decision 057).
 * Every reader switches on this list.
 */
export const CLAIM_DECISIONS = ["refund_full", "refund_part", "decline", "rebook"] as const;
export type ClaimDecisionKind = (typeof CLAIM_DECISIONS)[number];

/** open: waiting for staff; refunded (in full or in part), declined or rebooked once decided. */
export const CLAIM_STATUSES = ["open", "refunded", "declined", "rebooked"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * When a claim may be filed, per reason (docs/PRODUCT-RULES.md#claims), around the window claimed
 * for (a booking's [start, end), a pass term's): from `opensBeforeStartMinutes` before its start
 * (null: from the purchase itself) until `closesAfterEndHours` after its end.
 */
export const CLAIM_WINDOWS: Readonly<
  Record<ClaimReason, { opensBeforeStartMinutes: number | null; closesAfterEndHours: number }>
> = {
  // At the gate: a car may come in CHECKIN_GRACE_MINUTES early, so it may find the park full then.
  park_full: { opensBeforeStartMinutes: CHECKIN_GRACE_MINUTES, closesAfterEndHours: 0 },
  barrier_closed: { opensBeforeStartMinutes: CHECKIN_GRACE_MINUTES, closesAfterEndHours: 0 },
  not_as_described: { opensBeforeStartMinutes: CHECKIN_GRACE_MINUTES, closesAfterEndHours: 24 },
  charged_wrongly: { opensBeforeStartMinutes: null, closesAfterEndHours: 7 * 24 },
};

/**
 * Who bears a refund: the operator (the credit note takes its share back, decision 056) for a
 * problem at its park; Parkwell for a wrong charge (the operator keeps its share).
 */
export const PARKWELL_BEARS: Readonly<Record<ClaimReason, boolean>> = {
  park_full: false,
  barrier_closed: false,
  not_as_described: false,
  charged_wrongly: true,
};

/**
 * Which reasons a space at another park mends (the `rebook` decision): a full or closed park, a
 * space not as described. A wrong charge is mended by money only.
 */
export const CLAIM_REBOOKABLE: Readonly<Record<ClaimReason, boolean>> = {
  park_full: true,
  barrier_closed: true,
  not_as_described: true,
  charged_wrongly: false,
};

/**
 * What the driver asks for when the park is full (the claim form, park_full only): the refund (the
 * default), or a space at the nearest park free for the rest of the window, when the gate's
 * records prove the park full (refunded as before when no park can take it).
 */
export const CLAIM_REMEDIES = ["refund", "rebook"] as const;
export type ClaimRemedy = (typeof CLAIM_REMEDIES)[number];

export const CLAIM_REBOOK_PARK_MESSAGE = "Choose one of the car parks listed for this claim";
export const CLAIM_REBOOK_PASS_MESSAGE = "A pass's claim cannot be rebooked: refund it or decline it";
export const CLAIM_REBOOK_REASON_MESSAGE =
  "A wrong charge is not mended by a space at another park: refund it or decline it";
export const CLAIM_REBOOK_OVER_MESSAGE =
  "This booking's window is over: there is nothing left to rebook, refund the claim instead";

/**
 * Which reasons the park's attendant may confirm at the gate (decided at once as the park_full rule
 * decides): a full park and a closed barrier are seen at the gate; a space not as described and a
 * wrong charge are staff's to judge.
 */
export const CLAIM_CONFIRMABLE: Readonly<Record<ClaimReason, boolean>> = {
  park_full: true,
  barrier_closed: true,
  not_as_described: false,
  charged_wrongly: false,
};

/**
 * How long a claim stays on the gate's list for its attendant to confirm: the claim windows of the
 * gate's reasons close at the booking's end, and the gate confirms what it sees now; older claims
 * are the back office's.
 */
export const GATE_CLAIM_HOURS = 12;

export const CLAIM_NOT_CONFIRMABLE_MESSAGE =
  "Only a full park or a closed barrier can be confirmed at the gate: staff decide the others";
export const CLAIM_NOT_AT_GATE_MESSAGE = `This problem was reported more than ${GATE_CLAIM_HOURS} hours ago: staff decide it in the back office`;

export const CLAIM_DETAILS_MAX = 1000;
export const CLAIM_DECLINE_REASON_MAX = 500;
/** The default time to decide a claim, in hours, for a country whose row sets none. */
export const CLAIM_DECISION_HOURS_DEFAULT = 48;

const REASON_TEXT = `reason must be one of ${CLAIM_REASONS.join(", ")}`;
const ONE_OF = "Name the booking or the pass (booking_id or pass_id), not both";
const reference = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, { error: `${name} must be a booking's or a pass's id or code` })
    .max(64, { error: `${name} must be a booking's or a pass's id or code` });

const LocationSchema = z.object({
  latitude: z
    .number({ error: "latitude must be a number" })
    .min(-90, { error: "latitude must be between -90 and 90" })
    .max(90, { error: "latitude must be between -90 and 90" }),
  longitude: z
    .number({ error: "longitude must be a number" })
    .min(-180, { error: "longitude must be between -180 and 180" })
    .max(180, { error: "longitude must be between -180 and 180" }),
});

/** POST /claims: one booking or one pass (its current term), the reason, optional words and place. */
export const ClaimCreateBodySchema = z
  .object({
    booking_id: reference("booking_id").optional(),
    pass_id: reference("pass_id").optional(),
    reason: z.enum(CLAIM_REASONS, { error: REASON_TEXT }),
    details: z
      .string({ error: "details must be text" })
      .max(CLAIM_DETAILS_MAX, { error: `details must be at most ${CLAIM_DETAILS_MAX} characters` })
      .optional(),
    /** Only when the driver allowed it: where the phone was when they reported. */
    location: LocationSchema.nullable().optional(),
    /** park_full only: a space nearby rather than the refund when the gate's records prove it full. */
    remedy: z
      .enum(CLAIM_REMEDIES, { error: `remedy must be one of ${CLAIM_REMEDIES.join(", ")}` })
      .optional(),
  })
  .refine((b) => (b.booking_id === undefined) !== (b.pass_id === undefined), {
    error: ONE_OF,
    path: ["booking_id"],
  })
  .refine((b) => b.remedy !== "rebook" || (b.reason === "park_full" && b.booking_id !== undefined), {
    error: "A space nearby can be asked for only when a booking's car park is full",
    path: ["remedy"],
  })
  .meta({ id: "ClaimCreateBody" });
export type ClaimCreateBody = z.infer<typeof ClaimCreateBodySchema>;

/** POST /claims's 409: a claim already filed names its code (`claim_exists`); other conflicts do not. */
export const ClaimConflictSchema = ErrorSchema.extend({ claim_code: z.string().optional() }).meta({
  id: "ClaimConflict",
});

export const ClaimIdParamsSchema = z.object({ id: idParam("id") });

/** GET /claims: the driver's claims, or the one of a booking or a pass (its id or code). */
export const ClaimListQuerySchema = PageQuerySchema.extend({
  booking_id: reference("booking_id").optional(),
  pass_id: reference("pass_id").optional(),
});
export type ClaimListQuery = z.infer<typeof ClaimListQuerySchema>;

const LinkSchema = z.object({ url: z.string(), expires_at: z.string() });

const DecisionSchema = z.object({
  kind: z.enum(CLAIM_DECISIONS),
  /** What came back (major units), null for a decline or a rebooking. */
  refund: z.number().nullable(),
  /** The words the driver reads: a decline's reason, or staff's note on a refund. */
  reason: z.string().nullable(),
  /**
   * rule: resolved at once by the park's records; attendant: confirmed at the gate by the park's
   * attendant (resolved at once as the rule does); staff: decided in the back office.
   */
  by: z.enum(["rule", "attendant", "staff"]),
  at: z.string(),
  /** rebook: the new booking and its park; null for the other decisions. */
  rebooked: z
    .object({
      booking_id: z.string(),
      booking_code: z.string(),
      park: z.object({ id: z.number().int(), name: z.string() }),
    })
    .nullable(),
});

export const ClaimSchema = z
  .object({
    id: z.number().int(),
    /** `CL-` and 8 readable characters. */
    code: z.string(),
    reason: z.enum(CLAIM_REASONS),
    status: z.enum(CLAIM_STATUSES),
    booking: z.object({ id: z.string(), code: z.string() }).nullable(),
    pass: z.object({ id: z.string(), code: z.string(), term: z.number().int() }).nullable(),
    park: z.object({ id: z.number().int(), name: z.string() }),
    /** The park's clock: every time of the claim is shown on it. */
    time_zone: z.string(),
    currency: z.string(),
    /** What the booking or term cost (major units): a full refund's amount at most. */
    paid: z.number(),
    details: z.string().nullable(),
    location: LocationSchema.nullable(),
    /** The photo through a 5-minute link bound to the caller; null without one. */
    photo: LinkSchema.nullable(),
    filed_at: z.string(),
    /** When staff should have decided it by (the country's target). */
    due_at: z.string(),
    decision: DecisionSchema.nullable(),
  })
  .meta({ id: "Claim" });
export type Claim = z.infer<typeof ClaimSchema>;

export const ClaimPageSchema = pageOf(ClaimSchema).meta({ id: "ClaimPage" });
export type ClaimPage = z.infer<typeof ClaimPageSchema>;

// ------------------------------------------------------------------------------- back office

export const AdminClaimsQuerySchema = AdminPageQuerySchema.extend({
  status: z
    .enum(["open", "decided", "any"], { error: "status must be open, decided or any" })
    .default("open"),
  reason: z.enum(CLAIM_REASONS, { error: REASON_TEXT }).optional(),
  overdue: z.enum(["true", "false"], { error: "overdue must be true or false" }).optional(),
  park_id: idParam("park_id").optional(),
});
export type AdminClaimsQuery = z.infer<typeof AdminClaimsQuerySchema>;

export const AdminClaimSchema = ClaimSchema.extend({
  /** Staff see drivers by first name only. */
  driver_first_name: z.string(),
  /** Whether Parkwell bears a refund (the operator keeps its share): PARKWELL_BEARS. */
  parkwell_bears: z.boolean(),
  /** Still open past `due_at`. */
  overdue: z.boolean(),
  /** What a refund could still give back now (major units). */
  refundable: z.number(),
  /** Whether the gate checked the car in, and when (the park's records). */
  checked_in_at: z.string().nullable(),
  decided_by_name: z.string().nullable(),
}).meta({ id: "AdminClaim" });
export type AdminClaim = z.infer<typeof AdminClaimSchema>;

export const AdminClaimPageSchema = pageOf(AdminClaimSchema).meta({ id: "AdminClaimPage" });
export type AdminClaimPage = z.infer<typeof AdminClaimPageSchema>;

const AMOUNT_TEXT = "Enter an amount more than 0";
export const ClaimDecisionBodySchema = z
  .object({
    decision: z.enum(CLAIM_DECISIONS, { error: `decision must be one of ${CLAIM_DECISIONS.join(", ")}` }),
    /** refund_part: what to give back, in major units. */
    amount: z
      .number({ error: AMOUNT_TEXT })
      .positive({ error: AMOUNT_TEXT })
      .max(AMOUNT_MAX, { error: "This amount is too large" })
      .optional(),
    /** rebook: the park chosen among the claim's rebook-parks. */
    park_id: idNumber("park_id", CLAIM_REBOOK_PARK_MESSAGE).optional(),
    /** Required to decline: the driver reads it. Optional on a refund or a rebooking. */
    reason: z
      .string({ error: "reason must be text" })
      .trim()
      .max(CLAIM_DECLINE_REASON_MAX, {
        error: `reason must be at most ${CLAIM_DECLINE_REASON_MAX} characters`,
      })
      .optional(),
  })
  .refine((b) => b.decision !== "refund_part" || b.amount !== undefined, {
    error: "Enter the amount to refund",
    path: ["amount"],
  })
  .refine((b) => b.decision !== "decline" || (b.reason ?? "").length > 0, {
    error: "Say why the claim is declined: the driver reads it",
    path: ["reason"],
  })
  .refine((b) => b.decision !== "rebook" || b.park_id !== undefined, {
    error: CLAIM_REBOOK_PARK_MESSAGE,
    path: ["park_id"],
  })
  .meta({ id: "ClaimDecisionBody" });
export type ClaimDecisionBody = z.infer<typeof ClaimDecisionBodySchema>;

/**
 * GET /admin/claims/{id}/rebook-parks: the window a rebooking would take (the booking's, or what
 * is left of it from now) and the nearest parks free for it, with their price and distance.
 */
export const ClaimRebookParksSchema = z
  .object({
    start_time: z.string(),
    end_time: z.string(),
    time_zone: z.string(),
    currency: z.string(),
    /** Who pays the difference: the claimed park's operator (Parkwell for a park it runs). */
    payer: z.enum(GUARANTEE_PAYERS),
    alternatives: z.array(GuaranteeAlternativeSchema),
  })
  .meta({ id: "ClaimRebookParks" });
export type ClaimRebookParks = z.infer<typeof ClaimRebookParksSchema>;

// ------------------------------------------------------------------------------- the gate

/** GET /admin/gate/claims: the park chosen at the gate (else every park of the attendant's). */
export const GateClaimsQuerySchema = z.object({
  park_id: z.preprocess((v) => (v === "" ? undefined : v), idParam("park_id").optional()),
});
export type GateClaimsQuery = z.infer<typeof GateClaimsQuerySchema>;

/** A problem a driver reported at the gate's park, for its attendant to confirm. */
export const GateClaimSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    reason: z.enum(CLAIM_REASONS),
    booking_code: z.string().nullable(),
    pass_code: z.string().nullable(),
    /** The booking's plate, null when the driver gave none (or a pass's claim). */
    plate: z.string().nullable(),
    park: z.object({ id: z.number().int(), name: z.string() }),
    /** The park's clock: `filed_at` is shown on it. */
    time_zone: z.string(),
    filed_at: z.string(),
    /** rebook: the driver asked for a space nearby (a confirmation rebooks, else refunds). */
    remedy: z.enum(CLAIM_REMEDIES),
  })
  .meta({ id: "GateClaim" });
export type GateClaim = z.infer<typeof GateClaimSchema>;

export const GateClaimListSchema = z
  .object({ items: z.array(GateClaimSchema) })
  .meta({ id: "GateClaimList" });
export type GateClaimList = z.infer<typeof GateClaimListSchema>;
