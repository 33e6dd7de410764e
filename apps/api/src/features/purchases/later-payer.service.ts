/**
 * The payer of a purchase's later move (a pass's renewed term): the company that paid the move
 * before it, checked as a payer, its member locked first in the move's transaction and its policy
 * asked again, through companies' lockMember and checkPurchase, as the engine asks them for a
 * purchase. The kinds whose features may not reach the companies feature (passes) come through
 * here (docs/ARCHITECTURE.md#feature-dependencies).
 */
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import type { PricedPurchase } from "../companies/company-pay.domain";
import {
  checkPurchase,
  isCompanyRefusal,
  lockMember,
  payerNamesOfMoves,
  payerOfMove,
  payingCompany,
  type MemberLock,
  type PayingCompany,
} from "../companies/company-pay.service";

/**
 * The company that pays a purchase's next move, as the move before it was paid: its name, and
 * either its member's row locked (`lock`) or why it no longer pays for them (`refusal`: the buyer
 * no longer an active member, the company disabled or not verified; the checkout's own 403/409).
 */
export interface LaterPayer {
  companyId: number;
  companyName: string;
  lock: { company: PayingCompany; member: MemberLock } | null;
  refusal: AppError | null;
}

/** The company of a move, checked as a payer before the transaction (`companyOfMove`'s answer). */
export interface CheckedPayer {
  companyId: number;
  companyName: string;
  company: PayingCompany | null;
  refusal: AppError | null;
}

/**
 * Before the transaction of the move after `ledgerKey` (a pass's next term after its last one), as
 * the engine checks a payer before a purchase's: null when the driver's wallet paid that move;
 * else its company, checked again as a payer with the app's root handle (the buyer still an active
 * member of a verified, enabled company), its refusal kept rather than thrown so the caller still
 * locks its own rows and answers it (a pass goes into its grace).
 */
export async function companyOfMove(db: Db, ledgerKey: string, userId: string): Promise<CheckedPayer | null> {
  const paid = await payerOfMove(db, ledgerKey);
  if (!paid) return null;
  try {
    const company = await payingCompany(db, paid.companyId, userId);
    return { companyId: paid.companyId, companyName: company.name, company, refusal: null };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // Refused: the company's name for the driver's mail, from the move it paid.
    const companyName = (await payerNamesOfMoves(db, [ledgerKey])).get(ledgerKey) ?? "";
    return { companyId: paid.companyId, companyName, company: null, refusal: err };
  }
}

/**
 * In the move's transaction, as its first lock (the engine's lock order: member, then the kind's
 * rows, then the accounts): the member's row of the company `companyOfMove` checked, locked FOR
 * UPDATE; a member removed or a company disabled since is the refusal, kept as `companyOfMove`'s.
 */
export async function lockLaterPayer(tx: Tx, checked: CheckedPayer, userId: string): Promise<LaterPayer> {
  const payer = { companyId: checked.companyId, companyName: checked.companyName };
  if (!checked.company) return { ...payer, lock: null, refusal: checked.refusal };
  try {
    const member = await lockMember(tx, checked.company, userId);
    return { ...payer, lock: { company: checked.company, member }, refusal: null };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { ...payer, lock: null, refusal: err };
  }
}

/**
 * Before a later move's charge to its company (`lockLaterPayer`'s): its refusal thrown, else the
 * company's policy and limits asked for what the move buys (the monthly cap with this move
 * counted), as at the purchase; the payer to hand to `chargeMove`.
 */
export async function allowLaterMove(
  tx: Tx,
  payer: LaterPayer,
  purchase: PricedPurchase,
  at: Date,
): Promise<{ company: PayingCompany; member: MemberLock }> {
  if (!payer.lock) throw payer.refusal!;
  await checkPurchase(tx, payer.lock.company, payer.lock.member, purchase, at);
  return payer.lock;
}

/** The names of the companies that paid some ledger moves, by key (absent: the driver's wallet). */
export const companyNamesOfMoves = (db: Tx, ledgerKeys: string[]) => payerNamesOfMoves(db, ledgerKeys);

/** Whether an error is a company's refusal to pay (for the kinds that may not import companies). */
export { isCompanyRefusal };
