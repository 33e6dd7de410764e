/**
 * Monthly passes (docs/PRODUCT-RULES.md#monthly-passes, decision 028): a driver buys a pass on a
 * park's plan from the wallet (or their company's account, within its policy), lists and reads
 * their passes, and cancels at the end of the paid term. A sale takes the capacity row's lock as
 * every writer does, counts the plan's passes under the plan's row lock, checks a space is free in
 * every window of the plan from the start (pass_fits), then charges the payer once (`pass:<id>:1`)
 * and writes the pass in one transaction.
 */
import {
  PASS_FULL_MESSAGE,
  PASS_NOT_ON_SALE_MESSAGE,
  PASS_SOLD_OUT_MESSAGE,
  PassCreateSchema,
  type Pass,
  type PassCreateParsed,
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
import { resolveCountry } from "../parks/parks.service";
import { servedCountries } from "../reference/served-countries";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { passPurchase } from "../purchases/company-purchases.service";
import { companyNamesOfMoves } from "../purchases/later-payer.service";
import type { CheckoutRegistration } from "../purchases/purchase-checkouts.service";
import {
  chargeMove,
  makePurchase,
  type PurchaseKind,
  type PurchasePrice,
} from "../purchases/purchases.service";
import {
  graceEndOf,
  nextTerm,
  passDetail,
  passReceiptBody,
  type NextTerm,
  type PassReceiptTerm,
} from "./passes.domain";
import { couponOnFirstTerm, priceFirstTerm } from "./plans-quote.service";
import { hoursAndPrices, planWindows } from "./plans.service";
import {
  presentBreakdown,
  presentCharges,
  presentPass,
  withCharges,
  type PassRead,
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

/** The passes as their driver reads them. */
async function show(deps: PassDeps, rows: repo.PassRow[]): Promise<Pass[]> {
  const { db } = deps;
  const now = deps.clock();
  const context = await repo.contextOf(db, rows);
  const hours = await hoursAndPrices(db, [...new Set(rows.map((r) => r.planId))]);
  const served = servedCountries(deps.db);
  // Who pays the next term: whoever paid the last (a company's name; absent: the wallet).
  const lastTerms = await repo.lastTermKeysOf(
    db,
    rows.map((r) => r.id),
  );
  const payers = await companyNamesOfMoves(db, [...lastTerms.values()]);
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
        paidByCompany: payers.get(lastTerms.get(r.id) ?? "") ?? null,
      }),
    );
  }
  return out;
}

/** One pass with its charges, newest first. */
async function showOne(deps: PassDeps, row: repo.PassRow): Promise<PassRead> {
  const [pass] = await show(deps, [row]);
  const decimals = await servedCountries(deps.db).currencyDecimals(row.currency.trim());
  const charges = await repo.chargesOf(deps.db, row.id, "newest");
  return withCharges(pass!, presentCharges(charges, row.currency.trim(), decimals));
}

export async function listOwn(deps: PassDeps, userId: string, q: PageQuery): Promise<PassList> {
  const { rows, total } = await repo.listOwnPasses(deps.db, userId, q);
  return listPage(await show(deps, rows), total, q);
}

export async function getOwn(deps: PassDeps, userId: string, code: string): Promise<PassRead> {
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

/** A pass's purchases: the engine's charge and receipt of a term (`pass:<id>:<period>`). */
export const PASS_MOVES = { ledgerPrefix: "pass" } as const;

const PASS_PURCHASE = {
  ...PASS_MOVES,
  name: "pass",
  chargeKind: "pass_charge",
  receiptKind: "pass",
  walletPurpose: "pass",
  // A company pays a pass's terms as its first (a renewal's term follows the last term's payer).
  company: { purpose: "pass", chargeKind: "pass" },
} as const;

type FirstTerm = Awaited<ReturnType<typeof priceFirstTerm>>;
type FirstTermSale = FirstTerm & PurchasePrice;

/**
 * The kind the purchase engine sells: the first term priced by the quote's own function, then,
 * under the plan's and the capacity's locks (lockForSale), the currency, the plan on sale, the
 * allocation not sold out and a space free in every window (pass_fits); the pass, its first
 * charge row and its confirmation mail (none without `jobs`: the demo's seeded pass).
 */
function passKind(
  deps: Pick<PassDeps, "db" | "clock"> & { jobs?: Jobs },
): PurchaseKind<PassCreateParsed, FirstTermSale, repo.PassRow, FirstTerm> {
  return {
    ...PASS_PURCHASE,
    codeLength: 8,
    describe: (code) => `Monthly pass ${code}`,
    keyReusedMessage: IDEMPOTENCY_REUSED_MESSAGE,
    fingerprint: (body) => [
      body.plan_id,
      body.vehicle_type_id,
      body.plates,
      body.start_date,
      body.term_months,
      // Only when given: a pass bought from the wallet keeps the hash it had before companies paid.
      ...(body.company_id != null ? [body.company_id] : []),
      ...(body.coupon_code ? [{ coupon_code: body.coupon_code }] : []),
    ],
    // The checkout's quote prices with this same function (GET /plans/{id}/quote).
    quote: (db, { input: body, now }) => priceFirstTerm(db, now, body),
    async prepare(tx, { userId, input: body, now, quoted: first }) {
      const { plan, park, price, country, term } = first;
      // The coupon's row locked first (every purchase's order, decision 044: the coupon, then the
      // capacity, then the wallet): its uses are counted by one purchase at a time.
      const { coupon, breakdown } = await couponOnFirstTerm(tx, first, {
        code: body.coupon_code,
        userId,
        now,
        lock: true,
      });
      const locked = await repo.lockForSale(tx, plan.id, park.id, body.vehicle_type_id);
      if (locked.currency !== country.currency) {
        throw new AppError(
          409,
          "park_currency_changed",
          "This park's currency changed while you were buying: look at its prices again",
        );
      }
      if (locked.status !== "on_sale") throw new AppError(409, "plan_not_on_sale", PASS_NOT_ON_SALE_MESSAGE);
      if (locked.capacity === null || locked.capacity <= 0) {
        throw AppError.validation({ vehicle_type_id: "This park has no spaces for this vehicle type" });
      }
      if ((await repo.validPasses(tx, plan.id)) >= locked.allocation) {
        throw new AppError(409, "plan_sold_out", PASS_SOLD_OUT_MESSAGE);
      }
      if (!(await repo.passFits(tx, plan.id, body.vehicle_type_id, term.startsAt, now))) {
        throw new AppError(409, "full", PASS_FULL_MESSAGE);
      }
      const charged: ChargedTerm = {
        at: now,
        country,
        planName: plan.name.en,
        term,
        months: body.term_months,
        monthlyMinor: price.monthlyMinor,
        detail: passDetail(body.plates, price.vehicleType),
        breakdown,
      };
      return {
        ...first,
        breakdown,
        coupon,
        amountMinor: breakdown.totalMinor,
        currency: country.currency,
        decimals: country.decimals,
        countryId: country.id,
        parkId: park.id,
        receiptBody: passReceiptBody(charged, { name: country.taxName, rateBps: country.taxBps }),
        // What a company's policy reads: the park's country and type, each window of the plan.
        companyPurchase:
          body.company_id == null
            ? undefined
            : await passPurchase(tx, {
                parkId: park.id,
                hours: await planWindows(tx, plan.id),
                amountMinor: breakdown.totalMinor,
                currency: country.currency,
                decimals: country.decimals,
              }),
      };
    },
    async insert(tx, { id, code, userId, input: body, priced, now, ledgerKey }) {
      const { plan, park, price, country, term, breakdown } = priced;
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
            // The company that paid the first term (its company_charges row, written just before).
            company:
              body.company_id == null
                ? null
                : ((await companyNamesOfMoves(tx, [ledgerKey])).get(ledgerKey) ?? null),
          },
        );
      }
      return (await repo.ownPass(tx, userId, code))!;
    },
    load: (db, id) => repo.passById(db, id),
  };
}

/** A pass as a top-up of the difference buys it (purchase-checkouts.service.ts): POST /passes' body. */
export const passCheckout = (
  deps: Pick<PassDeps, "db" | "clock" | "jobs">,
): CheckoutRegistration<PassCreateParsed> => ({
  schema: PassCreateSchema,
  kind: () => passKind(deps),
  verified: {
    made: (code) => `Payment verified: your pass ${code} is bought`,
    notMade: "Payment verified, but your pass could not be bought: the money is in your wallet",
  },
});

/** The sale itself (buy's, and the demo driver's pass), through the purchase engine: the pass's row, and whether it was a replay. */
export async function sell(
  /** Without `jobs` (the demo's seeded pass) no confirmation is mailed. */
  deps: Pick<PassDeps, "db" | "clock"> & { jobs?: Jobs },
  userId: string,
  body: PassCreateParsed,
  idempotencyKey: string | undefined,
): Promise<{ row: repo.PassRow; replayed: boolean }> {
  return makePurchase(passKind(deps), deps, {
    userId,
    input: body,
    idempotencyKey,
    companyId: body.company_id,
  });
}

/** A term as charged: its price and what its receipt says, with the seller's country and the time. */
export interface ChargedTerm extends PassReceiptTerm {
  at: Date;
  country: { id: number; decimals: number; taxName: string; taxBps: number };
}

/**
 * Charges a renewed term of a pass, once, with its receipt (decision 029), through the purchase
 * engine's chargeMove in the caller's transaction: the ledger move's key is `pass:<id>:<period>`,
 * so a retry or a second process finds the move made. From the company `company` (its member's row
 * locked and its policy asked by the caller: allowLaterMove) with its company_charges row and a
 * receipt naming it, else from the wallet; a short balance is the 402 `insufficient_funds`.
 */
export async function chargeTerm(
  tx: Tx,
  pass: { id: string; code: string; userId: string; currency: string; parkId: number },
  period: number,
  charged: ChargedTerm,
  company: Parameters<typeof chargeMove>[3]["company"] = null,
): Promise<void> {
  await chargeMove(
    tx,
    PASS_PURCHASE,
    {
      ...pass,
      currency: pass.currency.trim(),
      decimals: charged.country.decimals,
      countryId: charged.country.id,
    },
    {
      move: period,
      amountMinor: charged.breakdown.totalMinor,
      description: period === 1 ? `Monthly pass ${pass.code}` : `Monthly pass ${pass.code}, term ${period}`,
      at: charged.at,
      receiptBody: passReceiptBody(charged, {
        name: charged.country.taxName,
        rateBps: charged.country.taxBps,
      }),
      company,
    },
  );
}

/**
 * Cancels a pass at the end of its paid term: it stays valid until then and is never refunded for
 * the term paid; from then on it holds no space (held_until becomes the end of the term at once).
 */
export async function cancel(deps: PassDeps, userId: string, code: string): Promise<PassRead> {
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
): Promise<PassRead> {
  const { db } = deps;
  const row = await db.transaction(async (tx) => {
    const pass = await repo.ownPass(tx, userId, code, true);
    if (!pass) throw passNotFound();
    if (pass.status === "ended") throw new AppError(409, "pass_ended", "This pass has ended");
    return repo.updatePass(tx, pass.id, { plates, updatedAt: deps.clock() });
  });
  return showOne(deps, row);
}
