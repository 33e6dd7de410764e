/**
 * What a provider offers to pay an operator out (issue #65): the country's provider's transfer API
 * behind one shape, as the top-up adapters put its checkout behind PaymentProvider. Amounts are
 * ISO minor units; each adapter converts them to its API's unit. The payouts feature never sees a
 * provider's wire format.
 */
import type { PayoutProvider } from "@parkwell/contract";

/** How an operator is paid in a country: a bank account (Paystack), a Stripe connected account, a mobile money number (Wave). */
export type PayoutMethod = "bank" | "stripe_account" | "mobile";

export const METHOD_OF: Readonly<Record<Exclude<PayoutProvider, "demo">, PayoutMethod>> = {
  paystack: "bank",
  stripe: "stripe_account",
  wave: "mobile",
};

export interface Bank {
  code: string;
  name: string;
}

/** Where the money goes, as the operator's manager gave it. */
export type PayoutDestination =
  | { method: "bank"; bankCode: string; accountNumber: string }
  | { method: "stripe_account"; account: string }
  | { method: "mobile"; mobile: string; name: string };

/** A destination checked by the provider: the name it is held in and the provider's handle for it. */
export interface CheckedRecipient {
  holderName: string;
  bankName: string | null;
  /** Paystack's RCP_…, Stripe's acct_…; null when the provider needs none (Wave). */
  recipient: string | null;
  /** The account or mobile number the provider pays (kept on the server only). */
  destination: string;
}

export interface TransferInput {
  /** Ours, sent with every attempt: Paystack's `reference`, Stripe's and Wave's Idempotency-Key. */
  idempotencyKey: string;
  amountMinor: number;
  currency: string;
  recipient: string | null;
  destination: string;
  holderName: string;
  /** What the operator's statement line says. */
  narration: string;
}

/**
 * A transfer as the provider reports it: `pending` (taken, not yet final), `paid`, `failed` (never
 * paid) or `reversed` (paid, then given back); `reason` in the provider's words when it did not pay.
 */
export interface TransferReport {
  providerReference: string;
  status: "pending" | "paid" | "failed" | "reversed";
  reason: string | null;
}

/** A signed transfer event of a provider's webhook: which transfer, and what it says now. */
export interface TransferEvent {
  /** Our idempotency key when the provider echoes it (Paystack's reference), else null. */
  idempotencyKey: string | null;
  providerReference: string;
  status: "paid" | "failed" | "reversed";
  reason: string | null;
}

export interface TransferProvider {
  readonly method: PayoutMethod;
  /** The banks an account may be at (bank payouts only). */
  listBanks?(currency: string): Promise<Bank[]>;
  /** The name a bank account is held in, as the bank gives it (bank payouts only). */
  resolveAccount?(bankCode: string, accountNumber: string): Promise<{ accountName: string }>;
  /** Checks a destination and makes the provider's handle for it (a transfer recipient, a connected account checked). */
  createRecipient(destination: PayoutDestination, currency: string): Promise<CheckedRecipient>;
  /** Sends a transfer; the same idempotency key sent again never pays twice. */
  send(input: TransferInput): Promise<TransferReport>;
  /** Asks the provider what became of a transfer (when its webhook is missing or there is none). */
  retrieve(q: { providerReference: string | null; idempotencyKey: string }): Promise<TransferReport | null>;
  /** True when the provider sends no transfer webhooks: the payouts job asks it (`retrieve`). */
  readonly polled?: boolean;
}

/** The last four characters of an account or mobile number: all a client ever sees of it. */
export const last4Of = (destination: string) => destination.slice(-4);
