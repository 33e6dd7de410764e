/**
 * Operators' money (issue #65, decision 056): the plain values the API, the database's CHECKs and
 * the web share, without zod. The rules are in docs/PRODUCT-RULES.md "Operators' money".
 */

/**
 * What a commission rate may be set for: a booking priced by the hour or by the day (one with a
 * whole day block), a monthly pass (its terms and a pass visit's overstay), an event space, a
 * drive-up sale at the gate. A rate without a product applies to every product.
 */
export const COMMISSION_PRODUCTS = ["hourly", "daily", "pass", "event", "drive_up"] as const;
export type CommissionProduct = (typeof COMMISSION_PRODUCTS)[number];

/** A served country's commission until an admin sets another (basis points: 1500 is 15 %). */
export const DEFAULT_COMMISSION_BPS = 1500;

/** Basis points: 1500 is 15 %. */
export const COMMISSION_BPS_MAX = 10_000;

/** How often an operator's statement closes, on the clock of the operator's country. */
export const SETTLEMENT_PERIODS = ["weekly", "monthly"] as const;
export type SettlementPeriod = (typeof SETTLEMENT_PERIODS)[number];

/**
 * A line of an operator's account (`operator_lines.kind`), each one ledger move on it:
 * a sale's share, a refund's reversal of it, the commission on a drive-up sale the operator
 * collected at the gate, an admin's adjustment, a payout, a failed or reversed payout's return, the
 * space guarantee's difference the operator paid when its closure moved a driver (decision 058).
 */
export const OPERATOR_LINE_KINDS = [
  "sale",
  "refund",
  "drive_up",
  "adjustment",
  "payout",
  "payout_returned",
  "guarantee",
] as const;
export type OperatorLineKind = (typeof OPERATOR_LINE_KINDS)[number];

/**
 * The ledger's kinds of the moves on operators' accounts (`ledger_transactions.kind`). They never
 * touch a driver's or a company's wallet, so no wallet line shows them.
 */
export const OPERATOR_LEDGER_KINDS = [
  "operator_share",
  "operator_share_reversal",
  "operator_commission",
  "operator_adjustment",
  "payout",
  "payout_settled",
  "payout_returned",
] as const;
export type OperatorLedgerKind = (typeof OPERATOR_LEDGER_KINDS)[number];

/** The providers that pay operators out, by country (Paystack in Nigeria, Stripe in Canada and the United States, Wave in Senegal). */
export const PAYOUT_PROVIDERS = ["paystack", "stripe", "wave", "demo"] as const;
export type PayoutProvider = (typeof PAYOUT_PROVIDERS)[number];

/**
 * A payout account's life: `pending` until the change is confirmed from the e-mail, `active` (used
 * by payouts from `usable_from`, 48 hours after the confirmation), `replaced` by a newer active one,
 * `cancelled` (never confirmed, or removed).
 */
export const PAYOUT_ACCOUNT_STATUSES = ["pending", "active", "replaced", "cancelled"] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** Hours a confirmed payout account waits before a payout may use it. */
export const PAYOUT_ACCOUNT_HOLD_HOURS = 48;

/**
 * A payout's life: `waiting` (held, no account, no keys: its reason says why), `sending` (the job
 * has it), `sent` (the provider took it; its webhook settles it), `paid`, `failed` and `reversed`
 * (the amount went back to the operator's balance, the reason shown).
 */
export const PAYOUT_STATUSES = ["waiting", "sending", "sent", "paid", "failed", "reversed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * The least a closed period's balance must be, in minor units of its currency, for a payout to be
 * made (docs/PRODUCT-RULES.md "Operators' money"): a smaller balance is carried to the next period,
 * as a negative one is. A currency without an entry is never paid out automatically.
 */
export const PAYOUT_MINIMUM_MINOR: Readonly<Record<string, number>> = {
  NGN: 500_000,
  CAD: 2_500,
  USD: 2_500,
  XOF: 5_000,
};
