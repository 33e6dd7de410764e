/**
 * A company's policy (docs/decisions/030-business-accounts.md, "Paying with a company"): what it
 * pays for and its limits per currency. Members read it (their checkout says why a purchase is
 * refused); owners and admins change it; anyone else gets 404.
 */
import type { CompanyPaySwitch, CompanyPaySwitchField, CompanyPolicy, PlanWindow } from "@parkwell/contract";
import {
  COMPANY_PAY_SWITCHES,
  DEFAULT_PAY_SWITCHES,
  overlappingWindows,
  switchField,
  switchFields,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { decimalsRefusal, toMajor, toMinor } from "../../lib/money";
import { servedCountries } from "../reference/served-countries";
import * as repo from "./company-policy.repo";
import { companyForUser } from "./company-wallet.repo";
import { COMPANY_NOT_FOUND, manageableCompany } from "./company-wallet.service";

/** The PUT's body as the route parsed it: a switch absent (an optional one) is unchanged. */
export type PolicyInput = {
  countries: string[] | null;
  park_types: string[] | null;
  hours: PlanWindow[] | null;
  limits: { currency: string; per_booking: number | null; per_member_month: number | null }[];
} & Partial<Record<CompanyPaySwitchField, boolean | undefined>>;

/** Each served currency's decimals (the served countries: the one source of country facts). */
async function servedDecimals(db: Db): Promise<Map<string, number>> {
  const countries = await servedCountries(db).list();
  return new Map(countries.map((c) => [c.currency.trim(), c.currencyDecimals]));
}

/** GET .../policy: the company's policy and limits, for its active members. */
export async function policyFor(db: Db, companyId: number, userId: string): Promise<CompanyPolicy> {
  const company = await companyForUser(db, companyId, userId);
  if (!company || company.role === null) throw AppError.notFound(COMPANY_NOT_FOUND, "company_not_found");
  const [policy, limits, decimals] = await Promise.all([
    repo.policyOf(db, companyId),
    repo.limitsOf(db, companyId),
    servedDecimals(db),
  ]);
  const major = (minor: number | null, ccy: string) =>
    minor === null ? null : toMajor(minor, decimals.get(ccy) ?? 2);
  return {
    company_id: companyId,
    countries: policy?.countryCodes ?? null,
    park_types: policy?.parkTypes ?? null,
    hours: policy?.hours ?? null,
    ...switchFields(policy?.switches ?? DEFAULT_PAY_SWITCHES),
    limits: limits.map((l) => ({
      currency: l.currency,
      per_booking: major(l.perBookingMinor, l.currency),
      per_member_month: major(l.perMemberMonthMinor, l.currency),
    })),
    editable: company.role !== "member",
  };
}

/** PUT .../policy: owners and admins replace the policy and its limits; a 422 per field otherwise. */
export async function savePolicy(
  db: Db,
  companyId: number,
  userId: string,
  input: PolicyInput,
  at: Date,
): Promise<CompanyPolicy> {
  await manageableCompany(db, companyId, userId);
  const [codes, decimals] = await Promise.all([repo.countryIdsByCode(db), servedDecimals(db)]);
  const errors: Record<string, string> = {};
  const unknown = (input.countries ?? []).filter((c) => !codes.has(c));
  if (unknown.length > 0) errors.countries = `Parkwell does not serve ${unknown.join(", ")}`;
  const overlap = input.hours ? overlappingWindows(input.hours) : null;
  if (overlap) errors.hours = "Two windows of the hours overlap";
  const seen = new Set<string>();
  const limits = input.limits.map((l, i) => {
    const d = decimals.get(l.currency);
    if (d === undefined) errors[`limits.${i}.currency`] = `Parkwell does not charge in ${l.currency}`;
    else if (seen.has(l.currency)) errors[`limits.${i}.currency`] = `${l.currency} is given twice`;
    seen.add(l.currency);
    const minor = (v: number | null, field: string) => {
      if (v === null || d === undefined) return null;
      const refusal = decimalsRefusal(v, l.currency, d);
      if (refusal) errors[`limits.${i}.${field}`] = refusal;
      return toMinor(v, d);
    };
    return {
      currency: l.currency,
      perBookingMinor: minor(l.per_booking, "per_booking"),
      perMemberMonthMinor: minor(l.per_member_month, "per_member_month"),
    };
  });
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  await db.transaction((tx) =>
    repo.savePolicy(
      tx,
      companyId,
      userId,
      {
        countryIds: input.countries === null ? null : input.countries.map((c) => codes.get(c)!),
        parkTypes: input.park_types,
        hours: input.hours,
        switches: Object.fromEntries(
          COMPANY_PAY_SWITCHES.map((sw) => [sw.name, input[switchField(sw.name)]]),
        ) as Partial<Record<CompanyPaySwitch, boolean>>,
      },
      limits,
      at,
    ),
  );
  return policyFor(db, companyId, userId);
}
