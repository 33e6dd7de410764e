/**
 * The purchase engine (docs/decisions/040-purchase-engine.md): what every kind of purchase does
 * the same way. A kind (a vehicle-document request, a marketplace order, …) registers what differs
 * (`PurchaseKind`: its fingerprint, how it locks, checks and prices, its rows, its mail); the
 * engine owns the Idempotency-Key and its replay (the `purchases` table: buyer, kind, key and the
 * request's fingerprint), the code and its collision retry, the payer (the driver's wallet or, for
 * a kind a company may pay, the company within its policy), the charge with its 402, the receipt,
 * and the refund to whoever paid with its credit note.
 *
 * One transaction per purchase, in this order: the company member's row (a company purchase), the
 * kind's locks and checks and price (`prepare`), the company's policy, the purchase's row (code
 * and key claimed), the charge, the receipt, then the kind's rows (`insert`, its contended rows
 * last). Any refusal rolls all of it back.
 */
import { randomUUID } from "node:crypto";
import {
  PURCHASE_KIND_FACTS,
  type LedgerKeyPrefix,
  type PurchaseLedgerKind,
  type PurchaseReceiptKind,
  type ReceiptKind,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { pgError, SQLSTATE } from "../../lib/pg-error";
import { readableCode } from "../../lib/readable-code";
import type {
  Purchase as CompanyPurchase,
  PurchaseKind as CompanyPurchaseKind,
} from "../companies/company-pay.domain";
import {
  checkPurchase,
  companyShortOfFunds,
  lockMember,
  moveCompanyMoney,
  payerOfMove,
  payingCompany,
  recordCharge,
  refundToCompany,
  type CompanyPayer,
  type MemberLock,
  type PayingCompany,
  type ShortPurpose,
} from "../companies/company-pay.service";
import { reversalOf, type ReceiptBody } from "../receipts/receipts.domain";
import { bodiesOf, issueReceipt, receiptIdOf } from "../receipts/receipts.service";
import {
  chargeWallet,
  refundToWallet,
  revenueShard,
  shortOfFunds,
  type WalletPurpose,
} from "../wallet/ledger.service";
import { rewardFirstPurchase } from "../referrals/referrals.service";
import { assertCouponApplies, recordCouponUse, type PurchaseCoupon } from "./coupons.service";
import { CODE_ATTEMPTS, fingerprintOf, moveKey, type PurchaseKindName } from "./purchases.domain";
import * as repo from "./purchases.repo";

export const COMPANY_NOT_ACCEPTED_MESSAGE = "A company cannot pay for this purchase";

/** What a purchase costs and where, as `prepare` prices it under its locks. */
export interface PurchasePrice {
  amountMinor: number;
  currency: string;
  decimals: number;
  /** The seller's country. */
  countryId: number;
  /** The park whose clock the receipt is on; null: the country's. */
  parkId: number | null;
  /** The receipt's lines, summing to `amountMinor`. */
  receiptBody: ReceiptBody;
  /** What a company's policy reads (its kind, country, park type, hours); a kind a company may pay sets it. */
  companyPurchase?: CompanyPurchase;
  /**
   * The coupon code the price was asked with (couponFor, its row locked): one that does not apply
   * is the 422 `coupon_refused`, never a purchase at full price; the engine records an applied
   * one's use with the purchase.
   */
  coupon?: PurchaseCoupon | null;
}

/** What a kind registers: only what differs between kinds. */
export interface PurchaseKind<Input, Priced extends PurchasePrice, Row, Quote = undefined> {
  name: PurchaseKindName;
  /** Its codes' length after the prefix (the contract's PURCHASE_KIND_FACTS names the prefix); six when absent. */
  codeLength?: number;
  /**
   * The ledger keys' prefix: the charge is `<prefix>:<id>:1`, each refund the next move. One of
   * the contract's PURCHASE_KIND_FACTS, which names what a move of that prefix paid for.
   */
  ledgerPrefix: LedgerKeyPrefix;
  /** Its charge's ledger kind and its receipt's kind: ones the contract's PURCHASE_KIND_FACTS rows name. */
  chargeKind: PurchaseLedgerKind;
  receiptKind: PurchaseReceiptKind;
  /** The ledger move's description, e.g. `Vehicle documents VD-…`. */
  describe: (code: string) => string;
  /** What a short wallet's 402 says the money was for. */
  walletPurpose: WalletPurpose;
  /** A kind a company may pay: what its 402 and its company_charges rows call it. Absent: the wallet only. */
  company?: { purpose: ShortPurpose; chargeKind: CompanyPurchaseKind };
  /** The 422 when an Idempotency-Key comes back with another request. */
  keyReusedMessage: string;
  /** The request's parts that change what is bought (fingerprintOf hashes them). */
  fingerprint: (input: Input) => readonly unknown[];
  /** Refusals that need no lock, before the payer is checked (e.g. the buyer's country). */
  check?: (db: Tx, p: { userId: string; input: Input }) => Promise<void>;
  /**
   * What needs the app's root handle (e.g. the served countries' cache), before the transaction
   * and at the same instant: a first price, whose refusals need no lock. Its result goes to `prepare`.
   */
  quote?: (db: Db, p: { userId: string; input: Input; now: Date }) => Promise<Quote>;
  /** Locks, checks and prices, in the purchase's transaction; every refusal throws. */
  prepare: (tx: Tx, p: { userId: string; input: Input; now: Date; quoted: Quote }) => Promise<Priced>;
  /** Writes the kind's rows (the purchase paid and its receipt issued), its mail, its contended rows last. */
  insert: (
    tx: Tx,
    p: {
      id: string;
      code: string;
      userId: string;
      input: Input;
      priced: Priced;
      now: Date;
      ledgerKey: string;
    },
  ) => Promise<Row>;
  /** The kind's row of a purchase made earlier (the replay's answer). */
  load: (db: Tx, id: string) => Promise<Row | undefined>;
}

export interface PurchaseRequest<Input> {
  userId: string;
  input: Input;
  idempotencyKey: string | undefined;
  /** The company the member pays with (checked before the transaction); absent: their wallet. */
  companyId?: number | null | undefined;
}

/** How a purchase's code is drawn: six readable characters after the kind's prefix (a test may replace it). */
export const purchaseCodes = {
  draw: (prefix: string, length = 6): string => readableCode(prefix, length),
};

const keyReused = (message: string) => new AppError(422, "idempotency_key_reused", message);

/**
 * A purchase its buyer made earlier with this request's Idempotency-Key (its `purchases` row's
 * fingerprint): the same key with another request is a 422 with the kind's sentence. Every kind's
 * replay, a booking's included (bookings.repo reads its row and the booking in one join).
 */
export function assertSameRequest(
  kind: Pick<PurchaseKind<never, never, never, never>, "keyReusedMessage">,
  found: { requestHash: string | null },
  hash: string,
): void {
  if (found.requestHash !== hash) throw keyReused(kind.keyReusedMessage);
}

/**
 * The id of the purchase of `kind` its buyer made earlier with this Idempotency-Key, or null; the
 * same key with another request is a 422 (`assertSameRequest`).
 */
export async function keyedPurchase(
  db: Tx,
  kind: Pick<PurchaseKind<never, never, never, never>, "name" | "keyReusedMessage">,
  p: { userId: string; key: string; hash: string },
): Promise<string | null> {
  const found = await repo.purchaseByKey(db, p.userId, kind.name, p.key);
  if (!found) return null;
  assertSameRequest(kind, found, p.hash);
  return found.id;
}

/** The purchase made earlier with this key, or null; the same key with another request is a 422. */
async function replay<Input, Priced extends PurchasePrice, Row, Quote>(
  kind: PurchaseKind<Input, Priced, Row, Quote>,
  db: Tx,
  userId: string,
  key: string,
  hash: string,
): Promise<Row | null> {
  const id = await keyedPurchase(db, kind, { userId, key, hash });
  return id === null ? null : ((await kind.load(db, id)) ?? null);
}

/**
 * Makes a purchase of `kind`, or answers the one made with the same Idempotency-Key (`replayed`).
 * A retry that loses to its own first attempt (the key's unique index, or a refusal such as the
 * last unit taken) is answered with the first attempt's purchase, as if it had come after it.
 */
export async function makePurchase<Input, Priced extends PurchasePrice, Row, Quote>(
  kind: PurchaseKind<Input, Priced, Row, Quote>,
  deps: { db: Db; clock: Clock },
  request: PurchaseRequest<Input>,
): Promise<{ row: Row; replayed: boolean }> {
  const { db } = deps;
  const { userId, idempotencyKey: key } = request;
  const hash = fingerprintOf(kind.fingerprint(request.input));
  if (key) {
    const found = await replay(kind, db, userId, key, hash);
    if (found) return { row: found, replayed: true };
  }
  await kind.check?.(db, { userId, input: request.input });
  if (request.companyId != null && !kind.company) {
    throw AppError.validation({ company_id: COMPANY_NOT_ACCEPTED_MESSAGE }, COMPANY_NOT_ACCEPTED_MESSAGE);
  }
  // Paying with a company: an active member of a verified, enabled company, before any lock.
  const company = request.companyId == null ? null : await payingCompany(db, request.companyId, userId);
  const now = deps.clock();
  const quoted = kind.quote
    ? await kind.quote(db, { userId, input: request.input, now })
    : (undefined as Quote);
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await db.transaction((tx) =>
        purchaseInTransaction(kind, { now, quoted }, tx, request, hash, company),
      );
      return { row, replayed: false };
    } catch (err) {
      const { code, constraint } = pgError(err);
      const duplicate = code === SQLSTATE.uniqueViolation;
      if (key && (err instanceof AppError || (duplicate && constraint === "purchases_idempotency_key"))) {
        const found = await replay(kind, db, userId, key, hash);
        if (found) return { row: found, replayed: true };
      }
      // Two purchases drew the same code (one in a billion): draw again.
      if (duplicate && constraint === "purchases_code_key" && attempt < CODE_ATTEMPTS) continue;
      throw err;
    }
  }
}

/** Thrown to roll back pricePurchase's transaction. */
const PRICED_ONLY = Symbol("priced only");

/**
 * What a purchase of `kind` would cost the driver now, without making it: the kind's `check`,
 * `quote` and `prepare` (its locks and every refusal) in a transaction rolled back. For a checkout
 * whose wallet is short (purchase-checkouts.service.ts): the top-up is the difference.
 */
export async function pricePurchase<Input, Priced extends PurchasePrice, Row, Quote>(
  kind: PurchaseKind<Input, Priced, Row, Quote>,
  deps: { db: Db; clock: Clock },
  request: { userId: string; input: Input },
): Promise<Pick<PurchasePrice, "amountMinor" | "currency" | "decimals">> {
  const { db } = deps;
  const { userId, input } = request;
  await kind.check?.(db, { userId, input });
  const now = deps.clock();
  const quoted = kind.quote ? await kind.quote(db, { userId, input, now }) : (undefined as Quote);
  let price: Pick<PurchasePrice, "amountMinor" | "currency" | "decimals"> | undefined;
  try {
    await db.transaction(async (tx) => {
      const priced = await kind.prepare(tx, { userId, input, now, quoted });
      assertCouponApplies(priced.coupon ?? null);
      const { amountMinor, currency, decimals } = priced;
      price = { amountMinor, currency, decimals };
      throw PRICED_ONLY;
    });
  } catch (err) {
    if (err !== PRICED_ONLY) throw err;
  }
  return price!;
}

async function purchaseInTransaction<Input, Priced extends PurchasePrice, Row, Quote>(
  kind: PurchaseKind<Input, Priced, Row, Quote>,
  at: { now: Date; quoted: Quote },
  tx: Tx,
  request: PurchaseRequest<Input>,
  hash: string,
  company: PayingCompany | null,
): Promise<Row> {
  const { now, quoted } = at;
  const { userId, input, idempotencyKey } = request;
  // A company purchase locks its member's row first, then what the kind locks.
  const member = company ? await lockMember(tx, company, userId) : null;
  const priced = await kind.prepare(tx, { userId, input, now, quoted });
  assertCouponApplies(priced.coupon ?? null);
  const { amountMinor, currency, decimals } = priced;
  if (company && member) {
    if (!priced.companyPurchase) throw new Error(`${kind.name}: a company purchase needs companyPurchase`);
    await checkPurchase(tx, company, member, { ...priced.companyPurchase, currency, decimals }, now);
  }
  const id = randomUUID();
  const code = purchaseCodes.draw(PURCHASE_KIND_FACTS[kind.name].codePrefix, kind.codeLength);
  await repo.insertPurchase(tx, {
    id,
    kind: kind.name,
    code,
    userId,
    idempotencyKey: idempotencyKey ?? null,
    requestHash: idempotencyKey ? hash : null,
    createdAt: now,
  });
  if (priced.coupon?.applied && priced.coupon.id !== null) {
    await recordCouponUse(tx, { couponId: priced.coupon.id, userId, purchaseId: id });
  }
  const ledgerKey = await chargeMove(
    tx,
    kind,
    { id, code, userId, currency, decimals, countryId: priced.countryId, parkId: priced.parkId },
    {
      move: 1,
      amountMinor,
      description: kind.describe(code),
      at: now,
      receiptBody: priced.receiptBody,
      company: company && member ? { company, member } : null,
    },
  );
  return kind.insert(tx, { id, code, userId, input, priced, now, ledgerKey });
}

/** A purchase as a charge reads it: the kind's row's facts and its currency's decimals. */
export interface Chargeable {
  id: string;
  code: string;
  userId: string;
  currency: string;
  decimals: number;
  countryId: number;
  parkId: number | null;
}

/**
 * Charges a purchase's move `move` (`<prefix>:<id>:<move>`: 1 when it is made, then a renewal's
 * term or an extension) with its receipt, in the caller's transaction: from the company's account
 * with its company_charges row when `company` pays (its member's row locked by the caller), else
 * from the driver's wallet; a short balance is the 402 naming what is missing. Nothing moves and no
 * receipt is written for an amount of 0. Returns the move's ledger key.
 */
export async function chargeMove(
  tx: Tx,
  kind: Pick<
    PurchaseKind<never, never, never, never>,
    "ledgerPrefix" | "chargeKind" | "receiptKind" | "walletPurpose" | "company"
  >,
  p: Chargeable,
  m: {
    /** The move's number (`<prefix>:<id>:<move>`), or its own name (a pass visit's `visit:<id>`). */
    move: number | string;
    amountMinor: number;
    description: string;
    at: Date;
    receiptBody: ReceiptBody;
    company?: { company: PayingCompany; member: MemberLock } | null;
  },
): Promise<string> {
  const ledgerKey = moveKey(kind.ledgerPrefix, p.id, m.move);
  const { amountMinor, company } = m;
  if (amountMinor <= 0) return ledgerKey;
  const { currency, decimals } = p;
  const move = {
    currency,
    amountMinor,
    idempotencyKey: ledgerKey,
    kind: kind.chargeKind,
    reference: p.code,
    description: m.description,
  };
  if (company) {
    if (!kind.company) throw new Error(`${kind.ledgerPrefix}: a company does not pay for this kind`);
    const payer = { company: company.company, decimals, purpose: kind.company.purpose };
    await moveCompanyMoney(tx, { ...move, company: company.company, purchaseId: p.id, payer });
    await recordCharge(tx, {
      companyId: company.company.id,
      member: company.member,
      userId: p.userId,
      kind: kind.company.chargeKind,
      ledgerKey,
      reference: p.code,
      currency,
      amountMinor,
      at: m.at,
    });
  } else {
    try {
      await chargeWallet(tx, { ...move, userId: p.userId, revenueShard: revenueShard(p.id) });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "insufficient_funds") throw err;
      throw await shortOfFunds(tx, p.userId, currency, amountMinor, decimals, kind.walletPurpose);
    }
  }
  await receiptOfMove(tx, kind.receiptKind, p, {
    ledgerKey,
    amountMinor,
    at: m.at,
    receiptBody: m.receiptBody,
    companyId: company?.company.id ?? null,
  });
  return ledgerKey;
}

/**
 * The receipt of a purchase's move, in the move's transaction: what `chargeMove` writes after the
 * money moved, and what a kind whose statement posts its first charge in SQL (`complete_hold`)
 * writes right after that statement. Then the buyer's referral reward (rewardOfMove). A new
 * booking writes the two apart, around its statement (bookings.service placeBooking).
 */
export async function receiptOfMove(
  tx: Tx,
  receiptKind: ReceiptKind,
  p: Chargeable,
  m: MoveReceipt,
): Promise<void> {
  await receiptOnly(tx, receiptKind, p, m);
  await rewardOfMove(tx, p, m);
}

export interface MoveReceipt {
  ledgerKey: string;
  amountMinor: number;
  at: Date;
  receiptBody: ReceiptBody;
  /** The company that paid: the receipt names it as the buyer (the driver is its member). */
  companyId: number | null;
}

/**
 * The receipt of a move alone. A new booking writes it before its statement (`book_space`,
 * `book_event_space`) posts the charge, so that the capacity lock the statement takes is not held
 * for this INSERT: the receipt's ledger key is checked against the ledger at the commit (a deferred
 * foreign key), and a statement that refuses rolls the receipt back with it (decision 052).
 */
export async function receiptOnly(
  tx: Tx,
  receiptKind: ReceiptKind,
  p: Chargeable,
  m: MoveReceipt,
): Promise<void> {
  await issueReceipt(tx, {
    kind: receiptKind,
    userId: p.userId,
    ledgerKey: m.ledgerKey,
    reference: p.code,
    countryId: p.countryId,
    parkId: p.parkId,
    issuedAt: m.at,
    currency: p.currency,
    decimals: p.decimals,
    body: m.receiptBody,
    expectedMinor: m.amountMinor,
    buyerCompanyId: m.companyId,
  });
}

/**
 * After a paid move, in its transaction: every paid move of every kind passes here, a booking's
 * first charge (posted in SQL) too, and the buyer's first one pays their referral's reward
 * (docs/PRODUCT-RULES.md#referrals), once. Always after the move: the reward's wallets are locked
 * after the purchase's own (and after a booking's capacity row), never before.
 */
export async function rewardOfMove(
  tx: Tx,
  p: Pick<Chargeable, "id" | "userId">,
  m: Pick<MoveReceipt, "amountMinor" | "at">,
): Promise<void> {
  if (m.amountMinor > 0) await rewardFirstPurchase(tx, { userId: p.userId, purchaseId: p.id, at: m.at });
}

/**
 * The 402 of a purchase its payer could not pay (`amountMinor` in `currency`): what the driver's
 * wallet, or the company's account, misses, and what the money was for. For a kind whose charge
 * failed in its own statement (SQLSTATE PW402, bookings); `chargeMove` answers its own.
 */
export function shortfall(
  db: Tx,
  kind: Pick<PurchaseKind<never, never, never, never>, "walletPurpose" | "company">,
  p: {
    userId: string;
    company: PayingCompany | null;
    currency: string;
    amountMinor: number;
    decimals: number;
  },
): Promise<AppError> {
  const { currency, amountMinor, decimals } = p;
  return p.company
    ? companyShortOfFunds(db, p.company, currency, amountMinor, decimals, kind.company?.purpose)
    : shortOfFunds(db, p.userId, currency, amountMinor, decimals, kind.walletPurpose);
}

/** A purchase as its refund reads it: the kind's row's facts. */
export interface Refundable {
  id: string;
  code: string;
  userId: string;
  countryId: number;
  parkId: number | null;
  currency: string;
}

/**
 * Gives `amountMinor` of a purchase back to whoever paid its charge, as its move `move`
 * (`<prefix>:<id>:<move>`), in the caller's transaction (the kind's row locked): the company's
 * account with its negative company_charges row, or the driver's wallet; then the credit note that
 * reverses the purchase's receipt: everything not yet given back, or the body `creditNote` makes
 * (a partial refund). A purchase charged before receipts existed gets no credit note. Returns the
 * company that was refunded, if one was. (A kind whose refund leaves nothing paid gives its coupon
 * use back: coupons.service releaseCouponUse.)
 */
export async function refundPurchase(
  tx: Tx,
  kind: Pick<PurchaseKind<never, never, never, never>, "ledgerPrefix">,
  p: Refundable,
  r: {
    /** The refund's move: the next number, or a name of its own (a pass term's claim: `claim:<id>`). */
    move: number | string;
    amountMinor: number;
    description: string;
    at: Date;
    /**
     * The charge it reverses (its payer is refunded, its receipt is the one the credit note names):
     * the purchase's first (1) unless told, e.g. a pass's renewed term.
     */
    charge?: number;
    creditNote?:
      ((charged: { decimals: number; taxes: { name: string; rateBps: number }[] }) => ReceiptBody) | null;
  },
): Promise<CompanyPayer | null> {
  const currency = p.currency.trim();
  const chargeKey = moveKey(kind.ledgerPrefix, p.id, r.charge ?? 1);
  const ledgerKey = moveKey(kind.ledgerPrefix, p.id, r.move);
  const refund = {
    currency,
    amountMinor: r.amountMinor,
    idempotencyKey: ledgerKey,
    reference: p.code,
    description: r.description,
  };
  const paid = await payerOfMove(tx, chargeKey);
  if (paid) await refundToCompany(tx, paid, { ...refund, purchaseId: p.id, userId: p.userId, at: r.at });
  else await refundToWallet(tx, { ...refund, userId: p.userId, revenueShard: revenueShard(p.id) });

  const reversesId = await receiptIdOf(tx, chargeKey);
  if (reversesId === null) return paid;
  const bodies = await bodiesOf(tx, p.userId, p.code);
  const charged = bodies.find((b) => b.id === reversesId);
  if (!charged) return paid;
  await issueReceipt(tx, {
    kind: "credit_note",
    userId: p.userId,
    ledgerKey,
    reference: p.code,
    countryId: p.countryId,
    parkId: p.parkId,
    issuedAt: r.at,
    currency,
    // As the receipt it reverses.
    decimals: charged.decimals,
    body: r.creditNote ? r.creditNote(charged) : reversalOf(bodies),
    expectedMinor: -r.amountMinor,
    reversesId,
    buyerCompanyId: paid?.companyId ?? null,
  });
  return paid;
}
