/**
 * A period's close (issue #65, decision 056): the scheduled job `settlements-close` closes, for
 * every operator and currency with lines no statement holds or a balance, each statement period
 * that has ended on the operator's country's clock, oldest first. Each operator and currency
 * closes in one transaction that locks the operator's account first (`lockOperatorBalance`): a
 * share posted by a refund racing the close waits for it, or the close waits for the refund, so
 * the refund's line is wholly before or wholly after. A statement claims every open line that
 * occurred before its end, so a line committed late with an earlier instant goes into the next
 * statement, never lost and never twice; its totals are summed from exactly the lines it claimed.
 * A period with no lines and nothing carried gets no statement. The operator's branch managers get
 * the statement by e-mail, queued in the same transaction.
 */
import type { SettlementPeriod } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { MailJob } from "../../jobs/mail-job";
import type { Jobs } from "../../jobs/queue";
import type { MailMessage } from "../../lib/mailer";
import { lockOperatorBalance } from "./operator-ledger.repo";
import { periodAt, periodContaining, periodFrom, totalsOf, type StatementTotals } from "./settlements.domain";
import { statementLink, statementMail } from "./settlements.mail";
import * as repo from "./settlements.repo";

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /** A closed statement, to one of its operator's branch managers, once. */
    settlement_statement: { settlementId: number; userId: string };
  }
}

export interface ClosedStatement extends StatementTotals {
  id: number;
  operatorId: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
}

export interface CloseDeps {
  db: Db;
  jobs: Jobs;
}

/** Closes every period that has ended by `now`, for every operator and currency; answers the statements made. */
export async function closeDuePeriods(d: CloseDeps, now: Date): Promise<ClosedStatement[]> {
  const candidates = await repo.closeCandidates(d.db);
  const closed: ClosedStatement[] = [];
  for (const c of candidates) {
    // Read without a lock first: most runs find nothing due, and then lock no operator's account
    // (a sale waits on that lock). What is due is read again under the lock.
    if (!(await somethingDue(d.db, c.operator_id, c.currency, now))) continue;
    closed.push(...(await closeOperatorPeriods(d, c.operator_id, c.currency, now)));
  }
  return closed;
}

/** Whether a period of the operator's in `currency` has ended by `now` with something to close. */
async function somethingDue(db: Tx, operatorId: number, currency: string, now: Date): Promise<boolean> {
  const clock = await repo.operatorClock(db, operatorId);
  if (!clock) return false;
  const last = await repo.lastStatement(db, operatorId, currency);
  const first = await repo.firstOpenLineAt(db, operatorId, currency);
  let start: Date | null = last ? new Date(last.period_end) : null;
  if (!last || last.closing_minor === 0) {
    if (!first) return false;
    const its = periodContaining(first, periodAt(clock, first), clock.time_zone).start;
    if (!start || its > start) start = its;
  }
  return start !== null && periodFrom(start, periodAt(clock, start), clock.time_zone).end <= now;
}

/** One operator's due periods in one currency, in order, in one transaction under its account's lock. */
export async function closeOperatorPeriods(
  d: CloseDeps,
  operatorId: number,
  currency: string,
  now: Date,
): Promise<ClosedStatement[]> {
  return d.db.transaction(async (tx) => {
    await lockOperatorBalance(tx, operatorId, currency);
    const clock = await repo.operatorClock(tx, operatorId);
    if (!clock) return [];
    const last = await repo.lastStatement(tx, operatorId, currency);
    let start: Date | null = last ? new Date(last.period_end) : null;
    let opening = last?.closing_minor ?? 0;
    const closed: ClosedStatement[] = [];
    for (;;) {
      if (opening === 0) {
        // Nothing carried: the next statement is the period of the earliest open line (the empty
        // periods before it get none).
        const first = await repo.firstOpenLineAt(tx, operatorId, currency);
        if (!first) break;
        const its = periodContaining(first, periodAt(clock, first), clock.time_zone).start;
        if (!start || its > start) start = its;
      }
      if (!start) break;
      const window = periodFrom(start, periodAt(clock, start), clock.time_zone);
      if (window.end > now) break;
      const statement = await closeOne(tx, d, {
        operatorId,
        currency,
        period: periodAt(clock, window.start),
        start: window.start,
        end: window.end,
        timeZone: clock.time_zone,
        opening,
        now,
      });
      if (statement) {
        closed.push(statement);
        opening = statement.closingMinor;
      }
      start = window.end;
    }
    return closed;
  });
}

async function closeOne(
  tx: Tx,
  d: CloseDeps,
  p: {
    operatorId: number;
    currency: string;
    period: SettlementPeriod;
    start: Date;
    end: Date;
    timeZone: string;
    opening: number;
    now: Date;
  },
): Promise<ClosedStatement | null> {
  const id = await repo.insertStatement(tx, {
    operatorId: p.operatorId,
    currency: p.currency,
    period: p.period,
    start: p.start,
    end: p.end,
    timeZone: p.timeZone,
    openingMinor: p.opening,
    closedAt: p.now,
  });
  if (id === null) return null;
  const lines = await repo.claimLines(tx, {
    settlementId: id,
    operatorId: p.operatorId,
    currency: p.currency,
    end: p.end,
  });
  if (lines.length === 0 && p.opening === 0) {
    await repo.deleteStatement(tx, id);
    return null;
  }
  const totals = totalsOf(p.opening, lines);
  await repo.writeTotals(tx, id, totals);
  const managers = await repo.branchManagers(tx, p.operatorId);
  for (const m of managers) {
    await d.jobs.send(tx, "mail", {
      key: `settlement_statement:${id}:${m.id}`,
      type: "settlement_statement",
      settlementId: id,
      userId: m.id,
    });
  }
  if (managers.length > 0) await repo.markMailed(tx, id, p.now);
  return {
    id,
    operatorId: p.operatorId,
    currency: p.currency,
    periodStart: p.start,
    periodEnd: p.end,
    ...totals,
  };
}

/** The statement's e-mail to one branch manager, when its job runs (null: no longer theirs to get). */
export async function composeStatementMail(
  d: { db: Db; publicUrl: string },
  job: Extract<MailJob, { type: "settlement_statement" }>,
): Promise<MailMessage | null> {
  const statement = await repo.statementById(d.db, job.settlementId, null);
  if (!statement) return null;
  const to = await repo.managerForMail(d.db, job.userId, statement.operator_id);
  if (!to) return null;
  return statementMail(to.language === "fr" ? "fr" : "en", to.email, {
    firstName: to.first_name,
    statement,
    link: statementLink(d.publicUrl, statement.id),
  });
}
