/**
 * Business accounts in the back office (docs/decisions/030-business-accounts.md): Parkwell's staff
 * find a company, set its credit limit (what invoice billing may owe) and disable or enable it.
 * Permissions: the customers section's (`customers.view`, `customers.update`).
 */
import { z } from "zod";
import { AdminPageQuerySchema } from "./admin";
import { idParam, pageOf } from "./common";

export const AdminCompanyListQuerySchema = AdminPageQuerySchema.extend({
  search: z
    .string({ error: "search must be text" })
    .trim()
    .max(200, { error: "search must be at most 200 characters" })
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const AdminCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country_code: z.string(),
  currency: z.string(),
  billing_email: z.string(),
  tax_id: z.string(),
  verified: z.boolean(),
  disabled: z.boolean(),
  billing: z.enum(["wallet", "invoice"]),
  /** Major units of the home currency; 0: no invoice billing. */
  credit_limit: z.number(),
  /** The home-currency account's balance (negative: what an invoice company owes). */
  balance: z.number(),
  members: z.number().int(),
  /** The company's home country's clock: its times are shown on it. */
  time_zone: z.string(),
  created_at: z.string(),
});
export type AdminCompany = z.infer<typeof AdminCompanySchema>;
export const AdminCompanyPageSchema = pageOf(AdminCompanySchema);

export const AdminCompanyParamsSchema = z.object({ id: idParam("id") });

const LIMIT_TEXT = "Enter a credit limit of 0 or more";
export const AdminCompanyUpdateBodySchema = z
  .object({
    credit_limit: z
      .number({ error: LIMIT_TEXT })
      .min(0, { error: LIMIT_TEXT })
      .max(100_000_000, { error: "This amount is too large" })
      .optional(),
    disabled: z.boolean({ error: "disabled must be true or false" }).optional(),
  })
  .refine((b) => b.credit_limit !== undefined || b.disabled !== undefined, {
    error: "Give a credit limit or whether the company is disabled",
  });
