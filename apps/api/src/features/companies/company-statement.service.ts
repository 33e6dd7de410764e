/**
 * A company's monthly statement (owners and admins): every receipt and credit note of its moves
 * issued in the month on its home clock, with member and cost centre, totals per tax rate and per
 * currency, as PDF (the receipts' PDF code) or CSV. Pending receipts are numbered first.
 */
import type { Language } from "../../lib/language";
import * as repo from "./company-dashboard.repo";
import { numberCompanyReceipts, type DashboardDeps } from "./company-dashboard.service";
import { statementCsv } from "./company-statement.csv";
import { statementOf, type Statement } from "./company-statement.domain";
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
  const [rows, party] = await Promise.all([
    repo.statementReceipts(deps.db, companyId, month, company.timeZone),
    repo.companyParty(deps.db, companyId),
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
  );
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
