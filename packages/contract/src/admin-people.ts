/**
 * The back office's people: staff and their invitations, customers (drivers), the inquiries sent
 * from the public forms, the audit log and the failed jobs (dead letters).
 */
import { z } from "zod";
import { EmailSchema, LanguageSchema, PASSWORD_MAX, REQUIRED_TEXT, PasswordSchema } from "./accounts";
import { AdminPageQuerySchema, STAFF_ROLES, USER_ROLES } from "./admin";
import { idNumber, idParam, pageOf } from "./common";

/** Roles a staff member can hold or be invited to: Parkwell's admins and an operator's staff. */
export const INVITABLE_ROLES = ["admin", ...STAFF_ROLES] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
/** Roles that work only at the parks assigned to them (at least one). */
export const PARK_BOUND_ROLES = ["employee", "pos_operator"] as const;
/** Days an invitation link stays valid (a resend starts them again). */
export const INVITATION_DAYS = 7;

const roleEnum = z.enum(INVITABLE_ROLES, { error: `role must be one of ${INVITABLE_ROLES.join(", ")}` });

const search = z
  .string({ error: "search must be text" })
  .trim()
  .max(200, { error: "search must be at most 200 characters" })
  .optional()
  .transform((v) => (v ? v : undefined));

const parkIds = z
  .array(idNumber("park_ids", "Each park must be a park id"), {
    error: "park_ids must be a list of park ids",
  })
  .max(1000, { error: "At most 1000 parks" })
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

const ref = z.object({ id: z.number().int(), name: z.string() });
const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

// ---------------------------------------------------------------------------------------------
// Staff

export const StaffListQuerySchema = AdminPageQuerySchema.extend({
  search,
  role: roleEnum.optional(),
  /** Parkwell's admins only: one operator's staff (others always see their own operator's). */
  operator_id: idParam("operator_id").optional(),
});

export const StaffMemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: z.enum(USER_ROLES),
    operator: ref.nullable(),
    /** The parks assigned; null for every park (a branch manager's operator's, an admin's all). */
    parks: z.array(ref).nullable(),
    status: z.enum(["active", "disabled"]),
    last_sign_in_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "StaffMember" });
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffPageSchema = pageOf(StaffMemberSchema).meta({ id: "StaffPage" });

export const StaffIdParamsSchema = z.object({ id: z.string().max(100) });

export const UpdateStaffSchema = z
  .object({ role: roleEnum.optional(), park_ids: parkIds.optional() })
  .refine((b) => b.role !== undefined || b.park_ids !== undefined, {
    error: "Give a role or parks to change",
    path: ["role"],
  });
export type UpdateStaffBody = z.input<typeof UpdateStaffSchema>;

export const INVITATION_STATUSES = ["pending", "expired", "accepted", "revoked"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(INVITABLE_ROLES),
    operator: ref.nullable(),
    parks: z.array(ref),
    invited_by: person.nullable(),
    status: z.enum(INVITATION_STATUSES),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: "StaffInvitation" });
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationPageSchema = pageOf(InvitationSchema).meta({ id: "StaffInvitationPage" });

export const CreateInvitationSchema = z.object({
  email: EmailSchema,
  role: roleEnum,
  park_ids: parkIds.default([]),
  /** Parkwell's admins name the operator; an operator's staff always invite to their own. */
  operator_id: idNumber("operator_id", "operator_id must be an operator id").nullish(),
  /** The language of the invitation e-mail; the request's language when absent. */
  language: LanguageSchema.optional(),
});
export type CreateInvitationBody = z.input<typeof CreateInvitationSchema>;

/** What the invitation link shows before accepting (public: the token is the key). */
export const PublicInvitationSchema = z
  .object({
    email: z.string(),
    role: z.enum(INVITABLE_ROLES),
    /** The operator's name; null for Parkwell itself. */
    operator: z.string().nullable(),
    invited_by: z.string().nullable(),
    expires_at: z.string(),
    /** The e-mail already has a Parkwell account: accepting asks for its password. */
    account_exists: z.boolean(),
  })
  .meta({ id: "PublicStaffInvitation" });
export type PublicInvitation = z.infer<typeof PublicInvitationSchema>;

export const InvitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

const name = z.string({ error: REQUIRED_TEXT }).trim().max(100, { error: "Must be at most 100 characters" });

/**
 * Accepting: a new account sets its password and name (`AcceptNewAccountSchema`); an existing
 * account proves itself with its password, names ignored.
 */
export const AcceptInvitationSchema = z.object({
  password: z.string({ error: REQUIRED_TEXT }).min(1, { error: REQUIRED_TEXT }).max(PASSWORD_MAX),
  first_name: name.optional(),
  last_name: name.optional(),
});
export const AcceptNewAccountSchema = z.object({
  password: PasswordSchema,
  first_name: name.min(1, { error: REQUIRED_TEXT }),
  last_name: name.min(1, { error: REQUIRED_TEXT }),
});
export type AcceptInvitationBody = z.input<typeof AcceptInvitationSchema>;

// ---------------------------------------------------------------------------------------------
// Customers

export const CustomerListQuerySchema = AdminPageQuerySchema.extend({
  search,
  status: z.enum(["active", "disabled"], { error: "status must be active or disabled" }).optional(),
});

const CustomerBase = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  country: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  email_verified: z.boolean(),
  status: z.enum(["active", "disabled"]),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  bookings_count: z.number().int(),
});
export const CustomerSummarySchema = CustomerBase.meta({ id: "CustomerSummary" });
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;
export const CustomerPageSchema = pageOf(CustomerSummarySchema).meta({ id: "CustomerPage" });

export const CustomerDetailSchema = CustomerBase.extend({
  language: z.string(),
  auth_provider: z.string(),
  disabled_at: z.string().nullable(),
  wallets: z.array(z.object({ currency: z.string(), balance: z.number() })),
  /** The latest bookings, newest first (at most 20; `bookings_count` says how many in all). */
  bookings: z.array(
    z.object({
      id: z.string(),
      booking_code: z.string(),
      park: ref,
      /** The park's clock (IANA), which the window is shown on. */
      time_zone: z.string(),
      start_time: z.string(),
      end_time: z.string(),
      status: z.string(),
      currency: z.string(),
      total: z.number(),
      paid: z.number(),
      created_at: z.string(),
    }),
  ),
  /** The latest wallet movements, newest first (at most 20). */
  ledger: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      kind: z.string(),
      description: z.string().nullable(),
      reference: z.string().nullable(),
      currency: z.string(),
      amount: z.number(),
      balance_after: z.number(),
    }),
  ),
}).meta({ id: "CustomerDetail" });
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

export const CustomerIdParamsSchema = z.object({ id: z.string().max(100) });

// ---------------------------------------------------------------------------------------------
// Inquiries (Contact Us, Book a Demo and a charger host's site)

export const INQUIRY_KINDS = ["contact", "demo", "ev_host"] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];
const KIND_ERROR = "kind must be contact, demo or ev_host";
export const INQUIRY_STATUSES = ["new", "answered"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const InquiryListQuerySchema = AdminPageQuerySchema.extend({
  kind: z.enum(INQUIRY_KINDS, { error: KIND_ERROR }).optional(),
  status: z.enum(INQUIRY_STATUSES, { error: "status must be new or answered" }).optional(),
  search,
});

export const InquirySchema = z
  .object({
    id: z.string(),
    kind: z.enum(INQUIRY_KINDS),
    reference: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    status: z.enum(INQUIRY_STATUSES),
    created_at: z.string(),
    answered_at: z.string().nullable(),
    answered_by: person.nullable(),
    /** Contact Us only. */
    topic: z.string().nullable(),
    /** Book a Demo only. */
    company: z.string().nullable(),
    /** Book a Demo and a charger host's site. */
    country_code: z.string().nullable(),
    interest: z.string().nullable(),
    /** A demo's parking spaces; a charger host's spaces available for chargers. */
    spaces: z.number().int().nullable(),
    /** A charger host's site only (EV_HOST_SITE_KINDS, CHARGER_CONNECTORS). */
    city: z.string().nullable(),
    address: z.string().nullable(),
    site_kind: z.string().nullable(),
    has_chargers: z.boolean().nullable(),
    connectors: z.array(z.string()).nullable(),
    power_kw: z.number().nullable(),
    message: z.string().nullable(),
    language: z.string().nullable(),
  })
  .meta({ id: "Inquiry" });
export type Inquiry = z.infer<typeof InquirySchema>;
export const InquiryPageSchema = pageOf(InquirySchema).meta({ id: "InquiryPage" });

export const InquiryParamsSchema = z.object({
  kind: z.enum(INQUIRY_KINDS, { error: KIND_ERROR }),
  id: z.string().max(100),
});
export const InquiryStatusBodySchema = z.object({
  status: z.enum(INQUIRY_STATUSES, { error: "status must be new or answered" }),
});

// ---------------------------------------------------------------------------------------------
// Audit log

const when = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, {
      error: `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date and time`,
    })
    .refine((s) => !Number.isNaN(Date.parse(s)), {
      error: `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date and time`,
    })
    .optional();

export const AuditQuerySchema = AdminPageQuerySchema.extend({
  /** The entity changed ("park", "staff", "customer"...). */
  entity: search,
  /** Who made the change: a user id, or part of their name or e-mail. */
  actor: search,
  action: search,
  /** From this date (a day: its start, UTC) to this one (a day: its end, UTC). */
  from: when("from"),
  to: when("to"),
}).refine(
  (q) =>
    !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to.length === 10 ? `${q.to}T23:59:59Z` : q.to),
  { error: "from must be before to", path: ["to"] },
);

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    action: z.string(),
    entity: z.string(),
    entity_id: z.string(),
    operator_id: z.number().int().nullable(),
    actor: person.nullable(),
    before: z.unknown(),
    after: z.unknown(),
    ip: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = pageOf(AuditEntrySchema).meta({ id: "AuditPage" });

// ---------------------------------------------------------------------------------------------
// Failed jobs (dead letters)

export const DeadLetterSchema = z
  .object({
    id: z.string(),
    /** The queue the job failed in ("mail", "bookings-complete"...). */
    queue: z.string(),
    data: z.unknown(),
    /** The last error of its last try. */
    error: z.string().nullable(),
    /** How many times it was retried before it failed for good. */
    retries: z.number().int(),
    /** When it was first queued, and when it failed for good. */
    queued_at: z.string().nullable(),
    failed_at: z.string(),
  })
  .meta({ id: "DeadLetter" });
export type DeadLetter = z.infer<typeof DeadLetterSchema>;
export const DeadLetterPageSchema = pageOf(DeadLetterSchema).meta({ id: "DeadLetterPage" });
export const DeadLetterParamsSchema = z.object({ id: z.string().max(100) });

/**
 * What the invite and edit forms offer: the roles the caller may give and the operators; an
 * operator's parks come from the one park list (GET /admin/parks/choices?operator=...).
 */
export const StaffOptionsSchema = z
  .object({
    roles: z.array(z.enum(INVITABLE_ROLES)),
    operators: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .meta({ id: "StaffOptions" });
export type StaffOptions = z.infer<typeof StaffOptionsSchema>;
