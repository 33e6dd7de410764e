/**
 * Paying with a company at checkout (docs/decisions/030-business-accounts.md, "Paying with a
 * company"): the payer is checked before the purchase's transaction (an active member of a
 * verified, enabled company, `payingCompany`), then inside it the member's row is locked first
 * (`lockMember`) and, before any money moves, the policy asked about the purchase as
 * features/purchases describes it (`checkPurchase`): the one pair every kind a company pays calls,
 * a booking (window or event, its extension and renewal) as the engine's kinds. The purchase's
 * own code posts the ledger move from the company's account, its receipt names the company
 * (`buyerCompanyId`), and `recordCharge` writes the company_charges row, all in that transaction.
 */
import type { LedgerKind } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { moneyText, toMajor } from "../../lib/money";
import { companyWalletKey } from "../wallet/ledger.domain";
import { chargeAccountKeys, postTransfer, revenueShard } from "../wallet/ledger.service";
import { payVerdict, refusalText, type PricedPurchase, type PurchaseKind } from "./company-pay.domain";
import * as repo from "./company-pay.repo";
import { balanceOf, insertCharge } from "./company-wallet.repo";
import { companyOfMember, DISABLED, NOT_VERIFIED, type CompanyOfMember } from "./company-wallet.service";

export const NOT_A_MEMBER = "You are not an active member of this company";

/** A company that pays a purchase: the company, and (once locked in the transaction) the member. */
export type PayingCompany = CompanyOfMember;

/**
 * Why a company does not pay for a purchase, as its errors' codes: not a member, disabled, not
 * verified (`payingCompany`, `lockMember`), its policy (`checkPurchase`), its account short (the
 * charge's 402). Each is thrown here or by the charge; a later move (a pass's renewal) reads a
 * refusal with `isCompanyRefusal`, not a list of its own.
 */
const REFUSAL_CODES: ReadonlySet<string> = new Set([
  "company_not_member",
  "company_disabled",
  "company_not_verified",
  "company_refused",
  "insufficient_funds",
]);
export const isCompanyRefusal = (err: unknown): err is AppError =>
  err instanceof AppError && REFUSAL_CODES.has(err.code);

const notMember = () => new AppError(403, "company_not_member", NOT_A_MEMBER, { company_id: NOT_A_MEMBER });
const disabled = () => new AppError(409, "company_disabled", DISABLED, { company_id: DISABLED });

/**
 * Before the purchase's transaction: the company `userId` asks to pay with, when they are an active
 * member of it and it is verified and not disabled; a refusal otherwise (nothing is told of a
 * company they do not belong to). `db`: the app's root handle (its home country's facts are the served
 * countries').
 */
export async function payingCompany(db: Db, companyId: number, userId: string): Promise<PayingCompany> {
  const company = await companyOfMember(db, companyId, userId);
  if (!company || company.role === null) throw notMember();
  if (company.disabled) throw disabled();
  if (!company.verified)
    throw new AppError(409, "company_not_verified", NOT_VERIFIED, { company_id: NOT_VERIFIED });
  return company;
}

/** The ledger account a company purchase is charged to. */
export const companyAccountKey = (companyId: number, currency: string) =>
  companyWalletKey(companyId, currency);

/** Creates the company's account in `currency` before its first move (a no-op afterwards). */
export const ensureCompanyAccount = (db: Tx, companyId: number, currency: string) =>
  repo.ensureAccount(db, companyId, currency);

export interface MemberLock {
  memberId: number;
  costCentre: string;
}

/** Test-only: leaves the member's row unlocked (the race test's negative control). */
export const unsafeOptions = { unsafeSkipMemberLock: false };

/**
 * The member's row locked FOR UPDATE and the company's FOR SHARE (the first locks of a company
 * purchase's transaction: member and company, then park capacity, booking and accounts); a 403
 * when they are no longer an active member, a 409 when Parkwell has disabled the company meanwhile.
 */
export async function lockMember(tx: Tx, company: { id: number }, userId: string): Promise<MemberLock> {
  const member = await repo.memberOf(tx, company.id, userId, !unsafeOptions.unsafeSkipMemberLock);
  if (!member) throw notMember();
  if (member.companyDisabled) throw disabled();
  return { memberId: member.memberId, costCentre: member.costCentre };
}

/**
 * With the member's row locked (`lockMember`), before any money moves: sums what the company paid
 * for them this month (its home country's clock) in the purchase's currency and asks the policy
 * about the purchase as features/purchases describes it; a 403 naming the rule when the company
 * does not pay for it.
 */
export async function checkPurchase(
  tx: Tx,
  company: PayingCompany,
  member: MemberLock,
  purchase: PricedPurchase,
  at: Date,
): Promise<void> {
  const { policy, limits } = await repo.rulesOf(tx, company.id, purchase.currency);
  const spent =
    limits.perMemberMonthMinor === null
      ? 0
      : await repo.spentThisMonth(tx, member.memberId, purchase.currency, at, company.timeZone);
  const refusal = payVerdict(policy, limits, purchase, spent);
  if (refusal) {
    const money = (m: number) => moneyText(m, purchase.currency, purchase.decimals);
    const text = refusalText(refusal, money, purchase.kind);
    throw new AppError(403, "company_refused", text, { company_id: text });
  }
}

/**
 * A purchase's move between the company's account and revenue (`amountMinor` > 0 charges, < 0
 * refunds); a charge the account cannot pay is the 402 naming the company (`decimals` for it).
 */
export async function moveCompanyMoney(
  tx: Tx,
  m: {
    company: { id: number };
    /** The booking's or order's id: which revenue shard the money goes to or comes from. */
    purchaseId: string;
    currency: string;
    amountMinor: number;
    idempotencyKey: string;
    kind: LedgerKind;
    reference: string;
    description: string;
    /**
     * For a charge: the company, the purchase's decimals and what it buys (a booking unless told),
     * for the 402 when the account is short.
     */
    payer?: { company: PayingCompany; decimals: number; purpose?: ShortPurpose };
  },
) {
  const revenue = chargeAccountKeys({
    userId: "",
    currency: m.currency,
    revenueShard: revenueShard(m.purchaseId),
  }).revenue;
  await repo.ensureAccount(tx, m.company.id, m.currency);
  const post = () =>
    postTransfer(tx, {
      kind: m.kind,
      idempotencyKey: m.idempotencyKey,
      reference: m.reference,
      description: m.description,
      lines: [
        {
          account: {
            key: companyWalletKey(m.company.id, m.currency),
            kind: "company_wallet",
            currency: m.currency,
          },
          amountMinor: -m.amountMinor,
        },
        {
          account: { key: revenue, kind: "platform_revenue", currency: m.currency },
          amountMinor: m.amountMinor,
        },
      ],
    });
  try {
    return await post();
  } catch (err) {
    if (!m.payer || !(err instanceof AppError) || err.code !== "insufficient_funds") throw err;
    throw await companyShortOfFunds(
      tx,
      m.payer.company,
      m.currency,
      m.amountMinor,
      m.payer.decimals,
      m.payer.purpose,
    );
  }
}

/**
 * A refund of a company-paid purchase (a booking's or an order's): revenue back to the company's
 * account and a negative `refund` row for the member who bought, in the refund's transaction.
 */
export async function refundToCompany(
  tx: Tx,
  paid: CompanyPayer,
  r: {
    purchaseId: string;
    userId: string;
    currency: string;
    amountMinor: number;
    idempotencyKey: string;
    reference: string;
    description: string;
    at: Date;
  },
): Promise<void> {
  await moveCompanyMoney(tx, {
    company: { id: paid.companyId },
    purchaseId: r.purchaseId,
    currency: r.currency,
    amountMinor: -r.amountMinor,
    idempotencyKey: r.idempotencyKey,
    kind: "refund",
    reference: r.reference,
    description: r.description,
  });
  await recordCharge(tx, {
    companyId: paid.companyId,
    member: { memberId: paid.memberId, costCentre: paid.costCentre },
    userId: r.userId,
    kind: "refund",
    ledgerKey: r.idempotencyKey,
    reference: r.reference,
    currency: r.currency,
    amountMinor: -r.amountMinor,
    at: r.at,
  });
}

/** The company_charges row of a company-paid move, in the move's transaction. */
export function recordCharge(
  tx: Tx,
  c: {
    companyId: number;
    member: MemberLock;
    userId: string;
    kind: PurchaseKind | "refund";
    ledgerKey: string;
    reference: string;
    currency: string;
    amountMinor: number;
    at: Date;
  },
) {
  return insertCharge(tx, {
    companyId: c.companyId,
    memberId: c.member.memberId,
    userId: c.userId,
    costCentre: c.member.costCentre,
    kind: c.kind,
    ledgerKey: c.ledgerKey,
    reference: c.reference,
    currency: c.currency,
    amountMinor: c.amountMinor,
    at: c.at,
  });
}

/** What a company's short account would have paid for, as its 402 says it. */
export type ShortPurpose = "booking" | "order" | "pass" | "request";

/** The 402 of a company account that cannot pay `amountMinor` (its floor counted), naming the company. */
export async function companyShortOfFunds(
  db: Tx,
  company: PayingCompany,
  currency: string,
  amountMinor: number,
  decimals: number,
  purpose: ShortPurpose = "booking",
): Promise<AppError> {
  const floor = company.billing === "invoice" && currency === company.currency ? company.creditLimitMinor : 0;
  const missing = toMajor(amountMinor - (await balanceOf(db, company.id, currency)) - floor, decimals);
  return new AppError(
    402,
    "insufficient_funds",
    {
      booking: `${company.name}'s balance is too low: it needs ${missing} ${currency} more to pay for this booking`,
      order: `${company.name}'s balance is too low: it needs ${missing} ${currency} more to pay for this order`,
      pass: `${company.name}'s balance is too low: it needs ${missing} ${currency} more to pay for this pass`,
      request: `${company.name}'s balance is too low: it needs ${missing} ${currency} more to pay for this request`,
    }[purpose],
    { amount_missing: String(missing), currency },
  );
}

/** The company, member and cost centre that paid a purchase's first move. */
export type CompanyPayer = repo.FirstMovePayer;

/** The company (and membership) that paid a ledger move, or null (the driver's wallet paid). */
export const payerOfMove = (db: Tx, ledgerKey: string) => repo.payerOfMove(db, ledgerKey);

/** The company (and membership) that paid a booking's first move, or null (the driver's wallet paid). */
export const payerOfBooking = (db: Tx, bookingId: string) => repo.payerOfMove(db, `booking:${bookingId}:1`);

/**
 * The names of the companies that paid some ledger moves, by ledger key (absent: the driver's
 * wallet): what a booking's page and mails say paid ("Paid by Acme").
 */
export const payerNamesOfMoves = (db: Tx, ledgerKeys: string[]) => repo.payerNamesOfMoves(db, ledgerKeys);

/** The names of the companies that paid some bookings (their first moves), by booking id. */
export async function bookingPayerNames(db: Tx, bookingIds: string[]): Promise<Map<string, string>> {
  const names = await repo.payerNamesOfMoves(
    db,
    bookingIds.map((id) => `booking:${id}:1`),
  );
  return new Map(
    bookingIds.flatMap((id) => {
      const name = names.get(`booking:${id}:1`);
      return name === undefined ? [] : [[id, name] as const];
    }),
  );
}
