/**
 * Companies and their people (docs/decisions/030-business-accounts.md): signing a company up,
 * verifying its billing e-mail, and the caller's companies (the names B's checkout reads).
 */
import { z } from "zod";
import { EmailSchema, REQUIRED_TEXT } from "./accounts";
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
