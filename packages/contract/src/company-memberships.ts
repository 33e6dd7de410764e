/** A driver's places in business accounts (GET /business/companies): what checkout offers as payers. */
import { z } from "zod";

export const CompanyMembershipSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(["owner", "admin", "member"]),
  country_code: z.string(),
  currency: z.string(),
  /** The billing e-mail was confirmed: until then the company cannot pay. */
  verified: z.boolean(),
  /** Parkwell's staff disabled it: it cannot pay. */
  disabled: z.boolean(),
  billing: z.enum(["wallet", "invoice"]),
  cost_centre: z.string(),
});
export type CompanyMembership = z.infer<typeof CompanyMembershipSchema>;

export const CompanyMembershipsSchema = z.object({ data: z.array(CompanyMembershipSchema) });
