/**
 * A company's monthly statement (owners and admins): every receipt and credit note of its moves
 * issued in the month on its home clock, with member and cost centre, totals per tax rate and per
 * currency, and its account's opening and closing balances with the moves between (from the
 * ledger) and the space guarantee's credits to it (no receipt), as PDF (the receipts' PDF code) or
 * CSV. Pending receipts are numbered first.
 */
import type { CompanyStatementSummary } from "@parkwell/contract";
import type { Language } from "../../lib/language";
import { toMajor } from "../../lib/money";
import * as repo from "./company-dashboard.repo";
import type { Decimals } from "./company-dashboard.present";
import { decimalsOf, numberCompanyReceipts, type DashboardDeps } from "./company-dashboard.service";
import { statementCsv } from "./company-statement.csv";
import { statementOf, type Statement, type StatementBalance } from "./company-statement.domain";
import { statementPdf } from "./company-statement.pdf";
import { manageableCompany } from "./company-wallet.service";

export async function statement(
  deps: DashboardDeps,
  companyId: number,
  userId: string,
  month: string,
): Promise<Statement> {
  const company = await manageableCompany(deps.db, companyId, userId);
  await numberCompanyReceipts(deps.db, companyId);
  const [rows, party, balances, credits, decimals] = await Promise.all([
    repo.statementReceipts(deps.db, companyId, month, company.timeZone),
    repo.companyParty(deps.db, companyId),
    repo.statementBalances(deps.db, companyId, month, company.timeZone),
    repo.statementCredits(deps.db, companyId, month, company.timeZone),
    decimalsOf(deps.db),
  ]);
  return statementOf(
    month,
    company.timeZone,
    party,
    rows.map((r) => ({
      number: r.number ?? "",
      kind: r.kind,
      chargeKind: r.charge_kind,
      issuedAt: new Date(r.issued_at),
      reference: r.reference,
      memberName: r.member_name,
      costCentre: r.cost_centre,
      currency: r.currency,
      decimals: Number(r.decimals),
      totalMinor: Number(r.total_minor),
      taxes: (r.taxes ?? []).map((t) => ({
        ...t,
        baseMinor: Number(t.baseMinor),
        amountMinor: Number(t.amountMinor),
      })),
    })),
    balancesOf(balances, decimals),
    credits.map((c) => ({
      number: "",
      kind: "guarantee_credit",
      chargeKind: "refund",
      issuedAt: new Date(c.at),
      reference: c.reference ?? "",
      memberName: c.member_name,
      costCentre: c.cost_centre,
      currency: c.currency,
      decimals: decimals(c.currency),
      totalMinor: Number(c.amount_minor),
      taxes: [],
    })),
  );
}

/** The accounts' balances, each in its currency's decimals (the served countries'). */
function balancesOf(rows: readonly repo.StatementBalanceRow[], decimals: Decimals): StatementBalance[] {
  return rows.map((b) => ({
    currency: b.currency,
    decimals: decimals(b.currency),
    openingMinor: Number(b.opening_minor),
    inMinor: Number(b.in_minor),
    outMinor: Number(b.out_minor),
    closingMinor: Number(b.closing_minor),
  }));
}

/**
 * GET .../statements/{month}/balances: what the statements page shows of the month (its account's
 * balances), from the one ledger query the statement uses; no receipt is read or numbered for it.
 */
export async function statementSummary(
  deps: DashboardDeps,
  companyId: number,
  userId: string,
  month: string,
): Promise<CompanyStatementSummary> {
  const company = await manageableCompany(deps.db, companyId, userId);
  const [rows, decimals] = await Promise.all([
    repo.statementBalances(deps.db, companyId, month, company.timeZone),
    decimalsOf(deps.db),
  ]);
  return {
    month,
    time_zone: company.timeZone,
    balances: balancesOf(rows, decimals).map((b) => ({
      currency: b.currency,
      opening: toMajor(b.openingMinor, b.decimals),
      money_in: toMajor(b.inMinor, b.decimals),
      money_out: toMajor(b.outMinor, b.decimals),
      closing: toMajor(b.closingMinor, b.decimals),
    })),
  };
}

export const statementFilename = (companyId: number, month: string, ext: "pdf" | "csv") =>
  `statement-${companyId}-${month}.${ext}`;

export async function statementPdfOf(
  deps: DashboardDeps,
  companyId: number,
  userId: string,
  month: string,
  language: Language,
): Promise<Buffer> {
  return statementPdf(await statement(deps, companyId, userId, month), language);
}

export async function statementCsvOf(
  deps: DashboardDeps,
  companyId: number,
  userId: string,
  month: string,
): Promise<string> {
  return statementCsv(await statement(deps, companyId, userId, month));
}
