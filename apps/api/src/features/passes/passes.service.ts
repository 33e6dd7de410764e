/**
 * Monthly passes (docs/PRODUCT-RULES.md#monthly-passes, decision 028): a driver buys a pass on a
 * park's plan from the wallet, lists and reads their passes, and cancels at the end of the paid
 * term. A sale takes the capacity row's lock as every writer does, counts the plan's passes under
 * the plan's row lock, checks a space is free in every window of the plan from the start
 * (pass_fits), then charges the wallet once (`pass:<id>:1`) and writes the pass in one transaction.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  PASS_FULL_MESSAGE,
  PASS_NOT_ON_SALE_MESSAGE,
  PASS_SOLD_OUT_MESSAGE,
  PASS_START_MAX_DAYS,
  type Pass,
  type PassCreateParsed,
  type PassDetail,
  type PassList,
  type PassPurchase,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { toMajor } from "../../lib/money";
import { listPage, type PageQuery } from "../../lib/pagination";
import { pgError, SQLSTATE } from "../../lib/pg-error";
import { readableCode } from "../../lib/readable-code";
import { priceFlat } from "../parks/pricing.domain";
import { resolveCountry } from "../parks/parks.service";
import { servedCountries } from "../reference/served-countries";
import { chargeWallet, revenueShard, shortOfFunds, walletBalanceMinor } from "../wallet/ledger.service";
import { nextTerm, startDateProblem, termOf, termPriceMinor, type NextTerm } from "./passes.domain";
import { hoursAndPrices, planNotFound } from "./plans.service";
import {
  presentBreakdown,
  presentCharges,
  presentPass,
  withCharges,
  type BreakdownMinor,
} from "./passes.present";
import * as repo from "./passes.repo";

export interface PassDeps {
  db: Db;
  clock: Clock;
  /** The secret bookings' QR codes are signed with: a pass's QR is read at the same gate. */
  qrSecret: string;
}

/** What the renewal job needs (it presents no pass). */
export type RenewalDeps = Pick<PassDeps, "db" | "clock">;

export const passNotFound = () => AppError.notFound("Pass not found", "pass_not_found");
export const IDEMPOTENCY_REUSED_MESSAGE = "This Idempotency-Key was used for another pass";

/** A pass code: "MP-" and eight characters people can read aloud. */
export const newPassCode = () => readableCode("MP-", 8);

const fingerprint = (body: PassCreateParsed) =>
  createHash("sha256")
    .update(
      JSON.stringify([body.plan_id, body.vehicle_type_id, body.plates, body.start_date, body.term_months]),
    )
    .digest("hex");

/** The passes as their driver reads them. */
async function show(deps: PassDeps, rows: repo.PassRow[]): Promise<Pass[]> {
  const { db } = deps;
  const now = deps.clock();
  const context = await repo.contextOf(db, rows);
  const hours = await hoursAndPrices(db, [...new Set(rows.map((r) => r.planId))]);
  const served = servedCountries(deps.db);
  const out: Pass[] = [];
  for (const r of rows) {
    const currency = r.currency.trim();
    const decimals = await served.currencyDecimals(currency);
    const renews = r.status !== "ended" && !r.cancelAtPeriodEnd;
    let next: NextTerm | null = null;
    let taxName = "";
    if (renews) {
      const terms = await repo.renewalTerms(db, r);
      const country = await resolveCountry(served, terms.countryCode);
      next = nextTerm(r, terms, country);
      taxName = country.taxName;
    }
    const grace =
      r.status === "grace"
        ? {
            lapsesAt: graceEndOf(r.paidUntil),
            balanceMinor: await walletBalanceMinor(db, r.userId, currency),
          }
        : null;
    out.push(
      presentPass(r, context.get(r.id)!, hours.get(r.planId)!.windows, decimals, {
        qrSecret: deps.qrSecret,
        now,
        next,
        taxName,
        grace,
      }),
    );
  }
  return out;
}

/** One pass with its charges, newest first. */
async function showOne(deps: PassDeps, row: repo.PassRow): Promise<PassDetail> {
  const [pass] = await show(deps, [row]);
  const decimals = await servedCountries(deps.db).currencyDecimals(row.currency.trim());
  const charges = await repo.chargesOf(deps.db, row.id, "newest");
  return withCharges(pass!, presentCharges(charges, row.currency.trim(), decimals));
}

export async function listOwn(deps: PassDeps, userId: string, q: PageQuery): Promise<PassList> {
  const { rows, total } = await repo.listOwnPasses(deps.db, userId, q);
  return listPage(await show(deps, rows), total, q);
}

export async function getOwn(deps: PassDeps, userId: string, code: string): Promise<PassDetail> {
  const row = await repo.ownPass(deps.db, userId, code);
  if (!row) throw passNotFound();
  return showOne(deps, row);
}

export interface Bought {
  purchase: PassPurchase;
  replayed: boolean;
}

/**
 * Buys a pass for `body`, paid from the driver's wallet. The same Idempotency-Key with the same
 * body answers the first pass again (`replayed`); with another body it is a 422.
 */
export async function buy(
  deps: PassDeps,
  userId: string,
  body: PassCreateParsed,
  idempotencyKey: string | undefined,
): Promise<Bought> {
  const { db } = deps;
  const hash = fingerprint(body);
  const replay = async () => {
    if (!idempotencyKey) return null;
    const found = await repo.passByIdempotencyKey(db, userId, idempotencyKey);
    if (!found) return null;
    if (found.requestHash !== hash)
      throw new AppError(422, "idempotency_key_reused", IDEMPOTENCY_REUSED_MESSAGE);
    return found;
  };
  const answer = async (row: repo.PassRow, replayed: boolean): Promise<Bought> => {
    const [pass] = await show(deps, [row]);
    const decimals = await servedCountries(db).currencyDecimals(row.currency.trim());
    const [first] = await repo.chargesOf(db, row.id);
    const breakdown = first!.breakdown as BreakdownMinor;
    const major = (m: number) => toMajor(m, decimals);
    return {
      replayed,
      purchase: {
        ...pass!,
        charged: {
          amount: major(breakdown.totalMinor),
          currency: row.currency.trim(),
          breakdown: presentBreakdown(breakdown, decimals),
        },
        wallet_balance: major(await walletBalanceMinor(db, userId, row.currency.trim())),
      },
    };
  };
  const replayed = await replay();
  if (replayed) return answer(replayed, true);

  const now = deps.clock();
  const found = await repo.planForSale(db, body.plan_id);
  if (!found || found.plan.status === "draft") throw planNotFound();
  const { plan, park } = found;
  if (plan.status !== "on_sale" || park.status !== "active") {
    throw new AppError(409, "plan_not_on_sale", PASS_NOT_ON_SALE_MESSAGE);
  }
  const fields: Record<string, string> = {};
  const price = await repo.planPrice(db, plan.id, body.vehicle_type_id);
  if (!price) fields.vehicle_type_id = "This plan takes no vehicles of this type";
  if (body.term_months < plan.minTermMonths) {
    fields.term_months = `This plan is sold for ${plan.minTermMonths} months at least`;
  }
  const startProblem = startDateProblem(body.start_date, park.timeZone, now, PASS_START_MAX_DAYS);
  if (startProblem) fields.start_date = startProblem;
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);

  const country = await resolveCountry(servedCountries(db), park.countryCode);
  const term = termOf(body.start_date, body.term_months, park.timeZone, now);
  const breakdown = priceFlat(
    termPriceMinor(price!.monthlyMinor, body.term_months, plan),
    country,
    term.startsAt,
    term.paidUntil,
  );

  for (let attempt = 1; ; attempt += 1) {
    try {
      const row = await db.transaction(async (tx) => {
        const locked = await repo.lockForSale(tx, plan.id, park.id, body.vehicle_type_id);
        if (locked.currency !== country.currency) {
          throw new AppError(
            409,
            "park_currency_changed",
            "This park's currency changed while you were buying: look at its prices again",
          );
        }
        if (locked.status !== "on_sale")
          throw new AppError(409, "plan_not_on_sale", PASS_NOT_ON_SALE_MESSAGE);
        if (locked.capacity === null || locked.capacity <= 0) {
          throw AppError.validation({ vehicle_type_id: "This park has no spaces for this vehicle type" });
        }
        if ((await repo.validPasses(tx, plan.id)) >= locked.allocation) {
          throw new AppError(409, "plan_sold_out", PASS_SOLD_OUT_MESSAGE);
        }
        if (!(await repo.passFits(tx, plan.id, body.vehicle_type_id, term.startsAt, now))) {
          throw new AppError(409, "full", PASS_FULL_MESSAGE);
        }
        const id = randomUUID();
        const code = newPassCode();
        await chargeTerm(tx, { id, code, userId, currency: country.currency }, 1, breakdown.totalMinor, () =>
          shortOfFunds(tx, userId, country.currency, breakdown.totalMinor, country.decimals, "pass"),
        );
        await repo.insertPass(tx, {
          id,
          passCode: code,
          userId,
          planId: plan.id,
          parkId: park.id,
          vehicleTypeId: body.vehicle_type_id,
          plates: body.plates,
          startsAt: term.startsAt,
          paidUntil: term.paidUntil,
          termMonths: body.term_months,
          currency: country.currency,
          monthlyMinor: price!.monthlyMinor,
          idempotencyKey: idempotencyKey ?? null,
          requestHash: idempotencyKey ? hash : null,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertCharge(tx, {
          passId: id,
          period: 1,
          periodStart: term.startsAt,
          periodEnd: term.paidUntil,
          totalMinor: breakdown.totalMinor,
          breakdown: { ...breakdown, taxName: country.taxName },
          chargedAt: now,
        });
        return (await repo.ownPass(tx, userId, code))!;
      });
      return answer(row, false);
    } catch (err) {
      const { code, constraint } = pgError(err);
      if (code !== SQLSTATE.uniqueViolation) throw err;
      // The same key racing itself: the loser waits on the unique index, then replays the winner.
      if (idempotencyKey && constraint === "passes_idempotency_key") {
        const again = await replay();
        if (again) return answer(again, true);
      }
      // Two passes drew the same code: draw again.
      if (constraint === "passes_code_key" && attempt < 5) continue;
      throw err;
    }
  }
}

/**
 * Charges a pass's term from the wallet, once: the ledger move's key is `pass:<id>:<period>`, so a
 * retry or a second process finds the move made. A short wallet throws `short()`'s error.
 */
async function chargeTerm(
  tx: Tx,
  pass: { id: string; code: string; userId: string; currency: string },
  period: number,
  amountMinor: number,
  /** The error for a short wallet (a 402 naming what is missing); without it, the ledger's own. */
  short?: () => Promise<AppError>,
): Promise<void> {
  try {
    await chargeWallet(tx, {
      userId: pass.userId,
      currency: pass.currency,
      amountMinor,
      idempotencyKey: `pass:${pass.id}:${period}`,
      kind: "pass_charge",
      reference: pass.code,
      description: period === 1 ? `Monthly pass ${pass.code}` : `Monthly pass ${pass.code}, term ${period}`,
      revenueShard: revenueShard(pass.id),
    });
  } catch (err) {
    if (!short || !(err instanceof AppError) || err.code !== "insufficient_funds") throw err;
    throw await short();
  }
}

/**
 * Cancels a pass at the end of its paid term: it stays valid until then and is never refunded for
 * the term paid; from then on it holds no space (held_until becomes the end of the term at once).
 */
export async function cancel(deps: PassDeps, userId: string, code: string): Promise<PassDetail> {
  const { db } = deps;
  const row = await db.transaction(async (tx) => {
    const pass = await repo.ownPass(tx, userId, code, true);
    if (!pass) throw passNotFound();
    if (pass.status === "ended") throw new AppError(409, "pass_ended", "This pass has ended");
    if (pass.cancelAtPeriodEnd) return pass;
    const now = deps.clock();
    // In grace the term paid is already over: the pass ends now.
    if (pass.status === "grace") {
      return repo.updatePass(tx, pass.id, {
        status: "ended",
        endedReason: "cancelled",
        cancelAtPeriodEnd: true,
        heldUntil: now,
        updatedAt: now,
      });
    }
    return repo.updatePass(tx, pass.id, {
      cancelAtPeriodEnd: true,
      heldUntil: pass.paidUntil,
      updatedAt: now,
    });
  });
  return showOne(deps, row);
}

/** Days a pass stays valid after a renewal its wallet could not pay, before it lapses. */
export const PASS_GRACE_DAYS = 3;
const DAY_MS = 24 * 3_600_000;
/** When a pass in grace lapses: PASS_GRACE_DAYS after the end of its paid term. */
export const graceEndOf = (paidUntil: Date) => new Date(paidUntil.getTime() + PASS_GRACE_DAYS * DAY_MS);

export type RenewalOutcome = "renewed" | "grace" | "lapsed" | "ended";

/**
 * Renews one due pass, in its own transaction under its row's lock (SKIP LOCKED: another process
 * renewing it at once skips it): a pass cancelled at its term's end ends; else its next term is
 * charged at the plan's price now (the pass's own if the plan no longer prices its type), once,
 * with the fees; a short wallet puts it in grace, where it keeps its space and is tried again at
 * each run, and it lapses when the grace is over. Undefined when there was nothing to do.
 */
export async function renewPass(deps: RenewalDeps, id: string): Promise<RenewalOutcome | undefined> {
  const { db } = deps;
  const now = deps.clock();
  const plan = await db.transaction(async (tx) => {
    const pass = await repo.lockDuePass(tx, id, now);
    if (!pass) return undefined;
    return { pass, terms: await repo.renewalTerms(tx, pass) };
  });
  if (!plan) return undefined;
  const country = await resolveCountry(servedCountries(db), plan.terms.countryCode);
  return db.transaction(async (tx): Promise<RenewalOutcome | undefined> => {
    const pass = await repo.lockDuePass(tx, id, now);
    if (!pass) return undefined;
    if (pass.cancelAtPeriodEnd) {
      await repo.updatePass(tx, pass.id, { status: "ended", endedReason: "cancelled", updatedAt: now });
      return "ended";
    }
    const graceEnd = graceEndOf(pass.paidUntil);
    const period = (await repo.lastPeriod(tx, pass.id)) + 1;
    const { term, monthlyMinor: monthly, breakdown } = nextTerm(pass, plan.terms, country);
    try {
      await tx.transaction(async (charge) =>
        chargeTerm(
          charge,
          { id: pass.id, code: pass.passCode, userId: pass.userId, currency: pass.currency.trim() },
          period,
          breakdown.totalMinor,
        ),
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "insufficient_funds") throw err;
      if (now >= graceEnd) {
        await repo.updatePass(tx, pass.id, {
          status: "ended",
          endedReason: "lapsed",
          heldUntil: graceEnd,
          updatedAt: now,
        });
        return "lapsed";
      }
      if (pass.status !== "grace") await repo.updatePass(tx, pass.id, { status: "grace", updatedAt: now });
      return "grace";
    }
    await repo.insertCharge(tx, {
      passId: pass.id,
      period,
      periodStart: term.startsAt,
      periodEnd: term.paidUntil,
      totalMinor: breakdown.totalMinor,
      breakdown: { ...breakdown, taxName: country.taxName },
      chargedAt: now,
    });
    await repo.updatePass(tx, pass.id, {
      status: "active",
      paidUntil: term.paidUntil,
      monthlyMinor: monthly,
      updatedAt: now,
    });
    return "renewed";
  });
}

/** The renewal job's run: every pass due now, one at a time; the number renewed, put in grace or ended. */
export async function renewDuePasses(deps: RenewalDeps): Promise<number> {
  let done = 0;
  for (const id of await repo.duePasses(deps.db, deps.clock(), 500)) {
    if (await renewPass(deps, id)) done += 1;
  }
  return done;
}

/** Replaces the pass's plates at once (one or two); a plate left out is no longer let in. An ended pass keeps its own. */
export async function setVehicles(
  deps: PassDeps,
  userId: string,
  code: string,
  plates: string[],
): Promise<PassDetail> {
  const { db } = deps;
  const row = await db.transaction(async (tx) => {
    const pass = await repo.ownPass(tx, userId, code, true);
    if (!pass) throw passNotFound();
    if (pass.status === "ended") throw new AppError(409, "pass_ended", "This pass has ended");
    return repo.updatePass(tx, pass.id, { plates, updatedAt: deps.clock() });
  });
  return showOne(deps, row);
}
