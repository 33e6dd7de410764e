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
  type Pass,
  type PassCreateParsed,
  type PassDetail,
  type PassList,
  type PassPurchase,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { queuePassMail } from "./passes.mail";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { toMajor } from "../../lib/money";
import { listPage, type PageQuery } from "../../lib/pagination";
import { pgError, SQLSTATE } from "../../lib/pg-error";
import { readableCode } from "../../lib/readable-code";
import { resolveCountry } from "../parks/parks.service";
import { servedCountries } from "../reference/served-countries";
import { chargeWallet, revenueShard, shortOfFunds, walletBalanceMinor } from "../wallet/ledger.service";
import { issueReceipt } from "../receipts/receipts.service";
import {
  graceEndOf,
  nextTerm,
  passDetail,
  passReceiptBody,
  type NextTerm,
  type PassReceiptTerm,
} from "./passes.domain";
import { priceFirstTerm } from "./plans-quote.service";
import { hoursAndPrices } from "./plans.service";
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
  /** The mail queue: a sale's confirmation is queued in the sale's transaction. */
  jobs: Jobs;
}

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
 * Buys a pass for `body`, paid from the driver's wallet, and answers it as its driver reads it
 * with what it cost. The same Idempotency-Key with the same body answers the first pass again
 * (`replayed`); with another body it is a 422.
 */
export async function buy(
  deps: PassDeps,
  userId: string,
  body: PassCreateParsed,
  idempotencyKey: string | undefined,
): Promise<Bought> {
  const { db } = deps;
  const { row, replayed } = await sell(deps, userId, body, idempotencyKey);
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
        breakdown: presentBreakdown(breakdown, breakdown.taxName, decimals),
      },
      wallet_balance: major(await walletBalanceMinor(db, userId, row.currency.trim())),
    },
  };
}

/** The sale itself (buy's, and the demo driver's pass): the pass's row, and whether it was a replay. */
export async function sell(
  /** Without `jobs` (the demo's seeded pass) no confirmation is mailed. */
  deps: Pick<PassDeps, "db" | "clock"> & { jobs?: Jobs },
  userId: string,
  body: PassCreateParsed,
  idempotencyKey: string | undefined,
): Promise<{ row: repo.PassRow; replayed: boolean }> {
  const { db } = deps;
  const hash = fingerprint(body);
  const replay = async (on: Tx = db) => {
    if (!idempotencyKey) return null;
    const found = await repo.passByIdempotencyKey(on, userId, idempotencyKey);
    if (!found) return null;
    if (found.requestHash !== hash)
      throw new AppError(422, "idempotency_key_reused", IDEMPOTENCY_REUSED_MESSAGE);
    return found;
  };
  const earlier = await replay();
  if (earlier) return { row: earlier, replayed: true };

  const now = deps.clock();
  // The checkout's quote prices with this same function (GET /plans/{id}/quote).
  const { plan, park, price, country, term, breakdown } = await priceFirstTerm(db, now, body);

  for (let attempt = 1; ; attempt += 1) {
    try {
      const sold = await db.transaction(async (tx) => {
        const locked = await repo.lockForSale(tx, plan.id, park.id, body.vehicle_type_id);
        // The same key racing itself on this plan waited on that lock: the winner has committed,
        // so its pass is replayed before the allocation it took reads as sold out.
        const winner = await replay(tx);
        if (winner) return { row: winner, replayed: true };
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
        await chargeTerm(
          tx,
          { id, code, userId, currency: country.currency, parkId: park.id },
          1,
          {
            at: now,
            country,
            planName: plan.name.en,
            term,
            months: body.term_months,
            monthlyMinor: price.monthlyMinor,
            detail: passDetail(body.plates, price.vehicleType),
            breakdown,
          },
          () => shortOfFunds(tx, userId, country.currency, breakdown.totalMinor, country.decimals, "pass"),
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
          monthlyMinor: price.monthlyMinor,
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
        if (deps.jobs) {
          await queuePassMail(
            deps.jobs,
            tx,
            `pass:bought:${id}`,
            "bought",
            { id },
            {
              period: 1,
              amountMinor: breakdown.totalMinor,
              at: term.paidUntil,
            },
          );
        }
        return { row: (await repo.ownPass(tx, userId, code))!, replayed: false };
      });
      return sold;
    } catch (err) {
      const { code, constraint } = pgError(err);
      if (code !== SQLSTATE.uniqueViolation) throw err;
      // The same key racing itself: the loser waits on the unique index, then replays the winner.
      if (idempotencyKey && constraint === "passes_idempotency_key") {
        const again = await replay();
        if (again) return { row: again, replayed: true };
      }
      // Two passes drew the same code: draw again.
      if (constraint === "passes_code_key" && attempt < 5) continue;
      throw err;
    }
  }
}

/** A term as charged: its price and what its receipt says, with the seller's country and the time. */
export interface ChargedTerm extends PassReceiptTerm {
  at: Date;
  country: { id: number; decimals: number; taxName: string; taxBps: number };
}

/**
 * Charges a pass's term from the wallet, once, with its receipt (decision 029) in the same
 * transaction: the ledger move's key is `pass:<id>:<period>`, so a retry or a second process finds
 * the move made. A short wallet throws `short()`'s error.
 */
export async function chargeTerm(
  tx: Tx,
  pass: { id: string; code: string; userId: string; currency: string; parkId: number },
  period: number,
  charged: ChargedTerm,
  /** The error for a short wallet (a 402 naming what is missing); without it, the ledger's own. */
  short?: () => Promise<AppError>,
): Promise<void> {
  const amountMinor = charged.breakdown.totalMinor;
  const ledgerKey = `pass:${pass.id}:${period}`;
  try {
    await chargeWallet(tx, {
      userId: pass.userId,
      currency: pass.currency,
      amountMinor,
      idempotencyKey: ledgerKey,
      kind: "pass_charge",
      reference: pass.code,
      description: period === 1 ? `Monthly pass ${pass.code}` : `Monthly pass ${pass.code}, term ${period}`,
      revenueShard: revenueShard(pass.id),
    });
  } catch (err) {
    if (!short || !(err instanceof AppError) || err.code !== "insufficient_funds") throw err;
    throw await short();
  }
  await issueReceipt(tx, {
    kind: "pass",
    userId: pass.userId,
    ledgerKey,
    reference: pass.code,
    countryId: charged.country.id,
    parkId: pass.parkId,
    issuedAt: charged.at,
    currency: pass.currency.trim(),
    decimals: charged.country.decimals,
    body: passReceiptBody(charged, { name: charged.country.taxName, rateBps: charged.country.taxBps }),
    expectedMinor: amountMinor,
  });
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
