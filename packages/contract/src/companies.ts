/**
 * Companies and their people (docs/decisions/030-business-accounts.md): signing a company up,
 * verifying its billing e-mail, and the caller's companies (the names B's checkout reads).
 */
import { z } from "zod";
import {
  AcceptTermsSchema,
  AuthResponseSchema,
  EmailSchema,
  LanguageSchema,
  PASSWORD_MAX,
  PASSWORD_MAX_TEXT,
  REQUIRED_TEXT,
} from "./accounts";
import { idParam, pageOf } from "./common";

const text = (max: number) =>
  z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(1, { error: REQUIRED_TEXT })
    .max(max, { error: `Must be at most ${max} characters` });

export const CreateCompanyBodySchema = z.object({
  name: text(120),
  country_code: z
    .string({ error: "Please choose a country" })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: "Please choose a country" }),
  billing_email: EmailSchema,
  tax_id: text(40),
  address: z.string().trim().max(500, { error: "Must be at most 500 characters" }).optional(),
});
export type CreateCompanyBody = z.infer<typeof CreateCompanyBodySchema>;

export const COMPANY_ROLE_NAMES = ["owner", "admin", "member"] as const;

export const MyCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(COMPANY_ROLE_NAMES),
  country_code: z.string(),
  currency: z.string(),
  verified: z.boolean(),
  disabled: z.boolean(),
  billing: z.enum(["wallet", "invoice"]),
  cost_centre: z.string(),
});
export type MyCompany = z.infer<typeof MyCompanySchema>;

export const MyCompaniesSchema = z.object({ items: z.array(MyCompanySchema) });

export const VerifyCompanyBodySchema = z.object({
  token: z.string({ error: REQUIRED_TEXT }).trim().min(1, { error: REQUIRED_TEXT }).max(200),
});

export const VerifiedCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  verified: z.boolean(),
});

export const CompanyMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLE_NAMES),
  cost_centre: z.string(),
  joined_at: z.string(),
});
export const CompanyMembersPageSchema = pageOf(CompanyMemberSchema);
export const CompanyMemberParamsSchema = z.object({ id: idParam("id"), memberId: idParam("memberId") });

export const UpdateCompanyMemberBodySchema = z.object({
  role: z.enum(COMPANY_ROLE_NAMES, { error: "role must be owner, admin or member" }).optional(),
  cost_centre: z.string().trim().max(60, { error: "Must be at most 60 characters" }).optional(),
});

// ---------------------------------------------------------------------------------------------
// Invitations: an owner or admin invites someone by e-mail; the link lets them join (signed in as
// the invited address, proving it with its password, or registering a new account from the link).

/** The roles an invitation gives (an owner is made, not invited). */
export const COMPANY_INVITABLE_ROLES = ["admin", "member"] as const;

export const CreateCompanyInvitationBodySchema = z.object({
  email: EmailSchema,
  role: z.enum(COMPANY_INVITABLE_ROLES, { error: "role must be admin or member" }).default("member"),
  cost_centre: z.string().trim().max(60, { error: "Must be at most 60 characters" }).default(""),
  /** The language of the invitation e-mail; the request's language when absent. */
  language: LanguageSchema.optional(),
});
export type CreateCompanyInvitationBody = z.input<typeof CreateCompanyInvitationBodySchema>;

export const CompanyInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(COMPANY_INVITABLE_ROLES),
    cost_centre: z.string(),
    invited_by: z.string().nullable(),
    /** Open invitations only: pending until `expires_at`, then expired (invite again to renew). */
    status: z.enum(["pending", "expired"]),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: "CompanyInvitation" });
export type CompanyInvitation = z.infer<typeof CompanyInvitationSchema>;
export const CompanyInvitationPageSchema = pageOf(CompanyInvitationSchema).meta({
  id: "CompanyInvitationPage",
});
export const CompanyInvitationSentSchema = z.object({
  message: z.string(),
  invitation: CompanyInvitationSchema,
});

export const CompanyInvitationParamsSchema = z.object({
  id: idParam("id"),
  invitationId: z.string().max(100),
});
export const CompanyInvitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** What the invitation link shows before joining (public: the token is the key). */
export const PublicCompanyInvitationSchema = z
  .object({
    company: z.string(),
    email: z.string(),
    role: z.enum(COMPANY_INVITABLE_ROLES),
    invited_by: z.string().nullable(),
    expires_at: z.string(),
    /** The address already has a Parkwell account: joining asks to sign in as it (or its password). */
    account_exists: z.boolean(),
  })
  .meta({ id: "PublicCompanyInvitation" });
export type PublicCompanyInvitation = z.infer<typeof PublicCompanyInvitationSchema>;

const personName = z.string().trim().max(100, { error: "Must be at most 100 characters" });

/**
 * Joining: signed in as the invited address, only the Terms box; an existing account not signed in
 * gives its password; a new address gives a name and a password for its new account. Every join
 * ticks the Terms box: the current Terms are recorded as accepted with the membership, so a new
 * member is never asked about "changed" Terms right after joining.
 */
export const AcceptCompanyInvitationBodySchema = z.object({
  password: z.string().max(PASSWORD_MAX, { error: PASSWORD_MAX_TEXT }).optional(),
  first_name: personName.optional(),
  last_name: personName.optional(),
  accept_terms: AcceptTermsSchema,
});
export type AcceptCompanyInvitationBody = z.input<typeof AcceptCompanyInvitationBodySchema>;

export const CompanyJoinedSchema = AuthResponseSchema.extend({
  company: z.object({ id: z.number().int(), name: z.string() }),
});
export type CompanyJoined = z.infer<typeof CompanyJoinedSchema>;
