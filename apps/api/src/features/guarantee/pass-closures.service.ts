/**
 * Monthly passes and closures (decision 060): the closed days a pass term is owed (when a closure
 * is confirmed, or when a term is paid after its park's closure days were saved) and their payment
 * through the passes' term refund, each term in its own transaction.
 */
import { allocate } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import type { Clock } from "../../lib/clock";
import { passTermRefundable, refundPassTerm, type PassTermRef } from "../passes/pass-refunds.service";
import { closedDayShares } from "../passes/passes.domain";
import { queuePassMail } from "../passes/passes.mail";
import * as repo from "./guarantee.repo";

/** What the passes' closed days need: the database, the clock, the mail jobs. */
export interface PassClosureDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
}

/**
 * A term paid after the park's closure days were saved (a renewal, a new pass bought since) owes
 * them too (decision 060): at each park with closure days to come and a pass, under its row's
 * share (a closure's edit waits, or went first), each term's closure days not owed yet are owed,
 * as a closure's confirmation owes them (owePassRefunds: each day once per term). The guarantee's
 * job then pays them (payClosedPassDays). Answers how many days were owed.
 */
export async function oweClosedDaysOfNewTerms(deps: PassClosureDeps): Promise<number> {
  const now = deps.clock();
  let owed = 0;
  for (const { id } of await repo.parksClosingAhead(deps.db, now)) {
    owed += await deps.db.transaction(async (tx) => {
      const closures = await repo.shareClosures(tx, Number(id));
      const terms = await repo.passTermsHit(tx, Number(id), closures, now);
      return owePassRefunds(tx, { parkId: Number(id), createdBy: null, now, terms });
    });
  }
  return owed;
}

export const sharesOf = (t: repo.HitPassTerm) =>
  closedDayShares(Number(t.total_minor), t.term_days, t.closed_days);
export const sumOf = (shares: readonly { amountMinor: number }[]) =>
  shares.reduce((n, s) => n + s.amountMinor, 0);

/**
 * In the closure's transaction (the park's row locked): each pass term hit owes its closed days'
 * shares (decision 060), one row per term and day (a day already there, paid or owed, is left as
 * it is: each is paid once). Paid after the commit (payClosedPassDays), not under the park's row
 * lock: a refund locks wallets, and a refund elsewhere locks its wallets before its credit note
 * shares the park's row. Returns how many days are owed.
 */
export async function owePassRefunds(
  tx: Tx,
  o: { parkId: number; createdBy: string | null; now: Date; terms: repo.HitPassTerm[] },
): Promise<number> {
  return repo.insertPassRefunds(
    tx,
    o.terms.flatMap((t) =>
      sharesOf(t).map((s) => ({
        passId: t.pass_id,
        period: Number(t.period),
        day: s.day,
        parkId: o.parkId,
        currency: t.currency.trim(),
        amountMinor: s.amountMinor,
        createdBy: o.createdBy,
        createdAt: o.now,
      })),
    ),
  );
}

/**
 * Pays the pass terms owed a closure's refund (at `parkId`, or anywhere: the guarantee's job), each
 * in its own transaction: the pass's row locked (a claim of the term or its renewal waits), the
 * term's owed days read again under it, their shares given back at once through the passes' term
 * refund (refundPassTerm: the purchase engine's refund of that term's charge, move
 * `closure:<period>:<first day>`, its credit note, whose trigger takes the operator's share) at
 * most what the term still holds, the days marked paid, the driver's e-mail. Run twice or by two
 * processes, each day is paid once. Returns how many terms got money back. One term's failure does
 * not hold back the others: each owed term is tried once, then the first error is thrown.
 */
export async function payClosedPassDays(deps: PassClosureDeps, parkId: number | null): Promise<number> {
  let paid = 0;
  let first: unknown = null;
  let after = 0;
  for (;;) {
    const owed = await repo.owedPassTerms(deps.db, parkId, 50, after);
    if (owed.length === 0) break;
    for (const o of owed) {
      try {
        if (await payPassTerm(deps, o.pass_id, Number(o.period))) paid += 1;
      } catch (err) {
        first ??= err;
      }
    }
    after = Number(owed[owed.length - 1]!.first);
  }
  if (first) throw first;
  return paid;
}

async function payPassTerm(deps: PassClosureDeps, passId: string, period: number): Promise<boolean> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockPassTerm(tx, passId, period);
    const days = await repo.owedDays(tx, passId, period);
    if (!row || days.length === 0) return false;
    const term: PassTermRef = {
      id: row.id,
      code: row.code,
      userId: row.user_id,
      currency: row.currency.trim(),
      countryId: Number(row.country_id),
      parkId: Number(row.park_id),
      period,
      totalMinor: Number(row.total_minor),
    };
    const shares = days.map((d) => Number(d.amount_minor));
    const { remaining, note } = await passTermRefundable(tx, term);
    const amount = Math.max(
      0,
      Math.min(
        shares.reduce((n, x) => n + x, 0),
        remaining,
      ),
    );
    const parts = allocate(amount, shares);
    const move = `closure:${period}:${days[0]!.day}`;
    const refunded =
      amount > 0
        ? await refundPassTerm(tx, term, {
            move,
            amountMinor: amount,
            description: `Closure refund ${term.code}`,
            at: now,
            body: note(amount),
          })
        : null;
    await repo.markPassRefundsPaid(
      tx,
      days.map((d, i) => ({ id: Number(d.id), amountMinor: parts[i]! })),
      refunded?.ledgerKey ?? null,
      now,
    );
    if (!refunded) return false;
    await queuePassMail(deps.jobs, tx, `pass:closure:${term.id}:${move}`, "closure_refund", term, {
      period,
      amountMinor: amount,
      at: now,
      company: refunded.company,
      days: days.map((d) => d.day),
      ledgerKey: refunded.ledgerKey,
    });
    return true;
  });
}
