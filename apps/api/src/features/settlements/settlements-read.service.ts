/**
 * Reading settlement statements in the back office (issue #65, decision 056): the list, one with
 * its lines, its CSV and PDF, and the open period's running figures. Parkwell's admins read every
 * operator's; a branch manager its own operator's, and another operator's statement is not found,
 * like a missing one. Receipts not numbered yet are numbered first, as the receipts' reads do.
 */
import { CURRENT_LINES_MAX, type AdminSettlementCurrent } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Language } from "../../lib/language";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import { forbidden, type StaffAccess } from "../../lib/staff-access";
import { numberReceipts } from "../receipts/receipts.service";
import { periodContaining, totalsOf, periodAt } from "./settlements.domain";
import { statementCsvChunks } from "./settlements.csv";
import { statementPdf } from "./settlements.pdf";
import { presentCurrent, presentLine, presentStatement } from "./settlements.present";
import * as repo from "./settlements.repo";

export const STATEMENT_NOT_FOUND = "Statement not found";
export const OPERATOR_NOT_FOUND = "Operator not found";
export const OPERATOR_REQUIRED = "Choose an operator (operator_id)";

const notFound = () => new AppError(404, "not_found", STATEMENT_NOT_FOUND);

/**
 * Whose statements `access` reads: null for every operator's (Parkwell's admins), else its own
 * operator's; staff of no operator who were given the permission read none.
 */
export function operatorScope(access: StaffAccess): number | null {
  if (access.role === "admin") return null;
  if (access.operator) return access.operator.id;
  throw forbidden();
}

/** GET /admin/settlements: the statements in scope, newest period first, filtered. */
export async function list(
  db: Db,
  access: StaffAccess,
  q: PageQuery & { operator_id?: number; currency?: string; from?: string; to?: string },
) {
  const scope = operatorScope(access);
  if (scope !== null && q.operator_id !== undefined && q.operator_id !== scope) return listPage([], 0, q);
  const { rows, total } = await repo.listStatements(
    db,
    { operatorId: scope ?? q.operator_id, currency: q.currency, from: q.from, to: q.to },
    q.size,
    offsetOf(q),
  );
  return listPage(rows.map(presentStatement), total, q);
}

/** The statement, when it is in scope (else not found, like a missing one). */
async function statementInScope(db: Db, access: StaffAccess, id: number): Promise<repo.StatementRow> {
  const statement = await repo.statementById(db, id, operatorScope(access));
  if (!statement) throw notFound();
  for (const country of await repo.unnumberedCountries(db, { settlementId: id }))
    await numberReceipts(db, country);
  return statement;
}

/** GET /admin/settlements/{id}: the statement and a page of its lines, in the order they happened. */
export async function get(db: Db, access: StaffAccess, id: number, q: PageQuery) {
  const statement = await statementInScope(db, access, id);
  const [lines, total] = await Promise.all([
    repo.statementLines(db, id, q.size, { offset: offsetOf(q) }),
    repo.statementLineCount(db, id),
  ]);
  return {
    statement: presentStatement(statement),
    lines: listPage(
      lines.map((l) => presentLine(l, statement.decimals)),
      total,
      q,
    ),
  };
}

/** The file name of a statement's CSV or PDF: operator, currency and the period's first day. */
export function statementFilename(s: repo.StatementRow, ext: "csv" | "pdf"): string {
  const day = s.period_start.slice(0, 10);
  return `statement-${s.operator_id}-${s.currency}-${day}-${s.id}.${ext}`;
}

/** GET /admin/settlements/{id}.csv: the statement's lines, read and written in batches. */
export async function csvOf(db: Db, access: StaffAccess, id: number) {
  const statement = await statementInScope(db, access, id);
  return { filename: statementFilename(statement, "csv"), chunks: statementCsvChunks(db, statement) };
}

/** GET /admin/settlements/{id}.pdf */
export async function pdfOf(db: Db, access: StaffAccess, id: number, language: Language) {
  const statement = await statementInScope(db, access, id);
  const lines: repo.LineRow[] = [];
  for (let after: [string, number] | null = null; ;) {
    const batch = await repo.statementLines(db, id, 1000, { after });
    lines.push(...batch);
    if (batch.length < 1000) break;
    const last = batch[batch.length - 1]!;
    after = [last.occurred_at, last.id];
  }
  return {
    filename: statementFilename(statement, "pdf"),
    pdf: await statementPdf(statement, lines, language),
  };
}

/**
 * GET /admin/settlements/current: the open period's running figures per currency (or one): what
 * the next statement says so far, opening at the last statement's closing, today's lines included.
 */
export async function current(
  db: Db,
  access: StaffAccess,
  q: { operator_id?: number | undefined; currency?: string | undefined },
  now: Date,
): Promise<{ items: AdminSettlementCurrent[] }> {
  const scope = operatorScope(access);
  const operatorId = scope ?? q.operator_id;
  if (operatorId === undefined)
    throw new AppError(422, "validation_error", OPERATOR_REQUIRED, { operator_id: OPERATOR_REQUIRED });
  if (scope !== null && q.operator_id !== undefined && q.operator_id !== scope)
    throw new AppError(404, "not_found", OPERATOR_NOT_FOUND);
  const name = await repo.operatorName(db, operatorId);
  const clock = await repo.operatorClock(db, operatorId);
  if (name === null || !clock) throw new AppError(404, "not_found", OPERATOR_NOT_FOUND);
  const currencies = q.currency ? [q.currency] : await repo.operatorCurrencies(db, operatorId);
  const items: AdminSettlementCurrent[] = [];
  for (const currency of currencies) {
    for (const country of await repo.unnumberedCountries(db, { operatorId, currency }))
      await numberReceipts(db, country);
    const [last, figures, lines, decimals] = await Promise.all([
      repo.lastStatement(db, operatorId, currency),
      repo.openFigures(db, operatorId, currency),
      repo.openLines(db, operatorId, currency, CURRENT_LINES_MAX),
      repo.currencyDecimals(db, currency),
    ]);
    const totals = totalsOf(last?.closing_minor ?? 0, figures);
    const window = periodContaining(now, periodAt(clock, now), clock.time_zone);
    const start = last ? new Date(last.period_end) : window.start;
    const lineCount = figures.length === 0 ? 0 : await repo.openLineCount(db, operatorId, currency);
    items.push(
      presentCurrent({
        operator: { id: operatorId, name },
        currency,
        decimals,
        period: periodAt(clock, now),
        start: start < window.start ? start : window.start,
        end: window.end,
        timeZone: clock.time_zone,
        totals,
        asOf: now,
        lineCount,
        lines,
      }),
    );
  }
  return { items };
}

/** The operators the statements' filter offers. */
export async function operators(db: Db, access: StaffAccess) {
  return { items: await repo.operatorsList(db, operatorScope(access)) };
}
