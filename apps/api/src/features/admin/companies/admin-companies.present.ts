/** A business account as Parkwell's staff see it, from its row (pure). */
import type { AdminCompany } from "@parkwell/contract";
import { iso } from "../../../lib/iso";
import { toMajor } from "../../../lib/money";
import type { CountryFacts } from "../../reference/served-countries";
import type * as repo from "./admin-companies.repo";

/** A company's row, with its country's decimals and clock (the served countries'). */
export function presentAdminCompany(row: repo.AdminCompanyRow, country: CountryFacts): AdminCompany {
  const { decimals } = country;
  return {
    id: row.id,
    name: row.name,
    country_code: row.country_code,
    currency: row.currency,
    billing_email: row.billing_email,
    tax_id: row.tax_id,
    verified: row.verified_at !== null,
    disabled: row.disabled_at !== null,
    billing: row.billing,
    credit_limit: toMajor(Number(row.credit_limit_minor), decimals),
    balance: toMajor(Number(row.balance_minor), decimals),
    members: Number(row.members),
    time_zone: country.timeZone,
    created_at: iso(row.created_at),
  };
}
