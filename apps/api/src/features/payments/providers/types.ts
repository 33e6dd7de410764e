/** What every payment provider adapter offers; the service never sees a provider's wire format. */
import type { PaymentProviderName } from "@parkwell/contract";
import type { TransferEvent, TransferProvider } from "./transfers";

/** The one list of providers is the contract's PAYMENT_PROVIDERS (also the payments CHECK). */
export type ProviderName = PaymentProviderName;

export interface InitInput {
  /** Our reference (also Paystack's and the demo's reference). */
  reference: string;
  amountMinor: number;
  currency: string;
  email: string;
  userId: string;
  /** Absolute URL of /wallet/callback for redirects back from the provider. */
  callbackUrl: string;
  /**
   * The driver asked to keep the card (decision 069), at a provider that keeps cards: its
   * customer for this user at the provider, when one was made before (Stripe keeps a card on one).
   */
  saveCard?: { customerRef: string | null } | undefined;
}

export interface InitResult {
  providerReference: string;
  /** What the browser needs: authorization_url | checkout_url | payment_url, keys, secrets. */
  paymentInfo: Record<string, unknown>;
  /** The provider's customer the payment is made for, when a card is to be kept on one. */
  customerRef?: string | undefined;
}

/** A card the provider keeps for later charges (decision 069), with what the driver is shown of it. */
export interface CardOnFile {
  /** The provider's code to charge it again: Paystack's authorization code, Stripe's payment method. */
  methodRef: string;
  /** Whom it belongs to there: Paystack's customer e-mail, Stripe's customer. */
  customerRef: string | null;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/** A charge of a saved card, off session: the payment's row is written before, as for any top-up. */
export interface CardChargeInput {
  /** Our reference: the provider's key for this charge, so a retry never charges twice. */
  reference: string;
  amountMinor: number;
  currency: string;
  userId: string;
  card: Pick<CardOnFile, "methodRef" | "customerRef">;
}

/** What a saved card's charge came to; a decline says the provider's words. */
export type CardChargeResult = ProviderPayment & { declined?: string | undefined };

/** A provider that keeps cards and charges them again without the driver (decision 069). */
export interface SavedCardProvider {
  /** The reusable card a paid payment was made with, or null when the provider cannot charge it again. */
  cardOf(payment: KnownPayment & { customerRef: string | null }): Promise<CardOnFile | null>;
  /** Charges the card; the same reference twice is one charge at the provider. */
  charge(input: CardChargeInput): Promise<CardChargeResult>;
  /** Forgets the card at the provider: it can no longer be charged. */
  forget(card: Pick<CardOnFile, "methodRef" | "customerRef">): Promise<void>;
}

/** A payment as the provider reports it, in ISO minor units. */
export interface ProviderPayment {
  providerReference: string;
  status: "succeeded" | "pending" | "failed";
  amountMinor: number;
  currency: string;
  /** The user the payment was created for, when the provider echoes our metadata back. */
  userId?: string | undefined;
}

/** The row a provider is asked about: the demo provider answers from it, real ones ignore all but the reference. */
export interface KnownPayment {
  reference: string;
  providerReference: string;
  amountMinor: number;
  currency: string;
  userId: string;
}

export interface WebhookEvent {
  /** Unique per delivery content, to drop replays. */
  id: string;
  /** The payment it reports, or null for events that move no money. */
  payment: ProviderPayment | null;
  /** The payout's transfer it reports (issue #65), when it is a transfer event. */
  transfer?: TransferEvent | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * True when the provider answers "paid" whoever asks (the demo provider: its payment is the
   * customer coming back from its page). Only the customer's own verify may then ask; the expiry
   * job takes a checkout of it nobody came back from for abandoned.
   */
  readonly paidWhenAsked?: boolean;
  initialize(input: InitInput): Promise<InitResult>;
  retrieve(payment: KnownPayment): Promise<ProviderPayment>;
  /** Saved cards (decision 069); absent: the provider keeps none (Wave). */
  readonly savedCards?: SavedCardProvider;
  /** Its transfer API, which pays operators out (issue #65); absent: it pays no one. */
  readonly transfers?: TransferProvider;
  /** Checks the signature over the raw body; throws WebhookSignatureError when it fails. */
  parseWebhook?(raw: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): WebhookEvent;
}

/** The provider could not be reached, timed out or failed on its side: try later. */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly timedOut: boolean,
    detail: string,
  ) {
    super(`${provider}: ${detail}`);
  }
}

/** The provider answered and refused (bad key, unknown reference, invalid request). */
export class ProviderRejectedError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly httpStatus: number,
    detail: string,
  ) {
    super(`${provider} refused (${httpStatus}): ${detail}`);
  }
}

export class WebhookSignatureError extends Error {}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}
