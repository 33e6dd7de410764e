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
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { iso } from "../../../lib/iso";
import { decimalsRefusal, toMajor, toMinor } from "../../../lib/money";
import { listPage, offsetOf } from "../../../lib/pagination";
import { syncFloor } from "../../companies/company-wallet.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import * as repo from "./admin-companies.repo";

export const COMPANY_NOT_FOUND = "Company not found";
export const LIMIT_BELOW_OWED = "The company owes more than this limit: it must pay first";

function present(row: repo.AdminCompanyRow): AdminCompany {
  const decimals = Number(row.decimals);
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
    time_zone: row.time_zone,
    created_at: iso(row.created_at),
  };
}

export async function listCompanies(db: Db, query: z.output<typeof AdminCompanyListQuerySchema>) {
  const { rows, total } = await repo.listCompanies(db, query.search, {
    limit: query.size,
    offset: offsetOf(query),
  });
  return listPage(rows.map(present), total, query);
}

export async function getCompany(db: Db, id: number): Promise<AdminCompany> {
  const row = await repo.findCompany(db, id);
  if (!row) throw AppError.notFound(COMPANY_NOT_FOUND, "company_not_found");
  return present(row);
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
    const decimals = Number(row.decimals);
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
