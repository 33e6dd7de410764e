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
}

export interface InitResult {
  providerReference: string;
  /** What the browser needs: authorization_url | checkout_url | payment_url, keys, secrets. */
  paymentInfo: Record<string, unknown>;
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
