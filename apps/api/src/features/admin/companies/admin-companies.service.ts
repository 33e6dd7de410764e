/**
 * Business accounts for Parkwell's staff: the list, one company, and the two things only staff
 * set: the credit limit (how far below zero invoice billing may take the company's home-currency
 * account) and whether the company is disabled (it cannot pay, and its dashboard says so).
 * Every change is audited. A limit below what the company already owes is refused; a limit of 0
 * puts an invoice company back on wallet billing. The account's floor follows in the same
 * transaction, under the company row's lock (company-wallet syncFloor).
 */
import type { z } from "zod";
import type {
  AdminCompany,
  AdminCompanyListQuerySchema,
  AdminCompanyUpdateBodySchema,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { servedCountries, type CountryFacts } from "../../reference/served-countries";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { decimalsRefusal, toMinor } from "../../../lib/money";
import { listPage, offsetOf } from "../../../lib/pagination";
import { syncFloor } from "../../companies/company-wallet.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import * as repo from "./admin-companies.repo";
import { presentAdminCompany } from "./admin-companies.present";

export const COMPANY_NOT_FOUND = "Company not found";
export const LIMIT_BELOW_OWED = "The company owes more than this limit: it must pay first";

export async function listCompanies(db: Db, query: z.output<typeof AdminCompanyListQuerySchema>) {
  const { rows, total } = await repo.listCompanies(db, query.search, {
    limit: query.size,
    offset: offsetOf(query),
  });
  const countries = await Promise.all(rows.map((r) => countryOf(db, r)));
  return listPage(
    rows.map((r, i) => presentAdminCompany(r, countries[i]!)),
    total,
    query,
  );
}

/** A company's country's facts (decimals, clock), from the served countries. */
async function countryOf(db: Db, row: repo.AdminCompanyRow, via?: Tx): Promise<CountryFacts> {
  const facts = await servedCountries(db).facts({ code: row.country_code }, via);
  if (!facts) throw new Error(`company ${row.id}: its country ${row.country_code} is not served`);
  return facts;
}

export async function getCompany(db: Db, id: number): Promise<AdminCompany> {
  const row = await repo.findCompany(db, id);
  if (!row) throw AppError.notFound(COMPANY_NOT_FOUND, "company_not_found");
  return presentAdminCompany(row, await countryOf(db, row));
}

export async function updateCompany(
  deps: { db: Db; clock: Clock },
  actor: AuditActor,
  id: number,
  body: z.output<typeof AdminCompanyUpdateBodySchema>,
): Promise<AdminCompany> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findCompany(tx, id, true);
    if (!row) throw AppError.notFound(COMPANY_NOT_FOUND, "company_not_found");
    const { decimals } = await countryOf(deps.db, row, tx);
    const refusal =
      body.credit_limit === undefined ? null : decimalsRefusal(body.credit_limit, row.currency, decimals);
    if (refusal) throw AppError.validation({ credit_limit: refusal });
    const limitMinor =
      body.credit_limit === undefined ? Number(row.credit_limit_minor) : toMinor(body.credit_limit, decimals);
    if (Number(row.balance_minor) < -limitMinor) {
      throw AppError.validation({ credit_limit: LIMIT_BELOW_OWED });
    }
    const billing = limitMinor === 0 ? "wallet" : row.billing;
    const disabledAt =
      body.disabled === undefined
        ? row.disabled_at
          ? new Date(row.disabled_at)
          : null
        : body.disabled
          ? deps.clock()
          : null;
    await repo.updateCompany(tx, id, { creditLimitMinor: limitMinor, billing, disabledAt });
    await syncFloor(tx, id);
    await recordAudit(tx, actor, {
      action: "company.update",
      entity: "company",
      entityId: String(id),
      operatorId: null,
      before: {
        credit_limit_minor: Number(row.credit_limit_minor),
        billing: row.billing,
        disabled: row.disabled_at !== null,
      },
      after: { credit_limit_minor: limitMinor, billing, disabled: disabledAt !== null },
    });
  });
  return getCompany(deps.db, id);
}
