import { createHmac, timingSafeEqual } from "node:crypto";
import { providerFetch } from "./http";
import { paystackCards } from "./paystack-cards";
import { paystackTransferEvent, paystackTransfers } from "./paystack-transfers";
import {
  header,
  ProviderRejectedError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderPayment,
} from "./types";

interface PaystackTx {
  status: string;
  reference: string;
  amount: number;
  currency: string;
  metadata?: unknown;
}

/**
 * Paystack counts every currency in hundredths of its unit: kobo and cents, and for a currency
 * without a subunit (XOF) a hundredth it does not have (1,000 XOF is 100000). `decimals` is the
 * currency's ISO 4217 exponent, from its country (decision 018).
 */
export function toPaystackAmount(isoMinor: number, decimals: number): number {
  if (decimals > 2) throw new Error(`Paystack cannot take a currency with ${decimals} decimals`);
  return isoMinor * 10 ** (2 - decimals);
}

export function fromPaystackAmount(amount: number, decimals: number): number {
  if (decimals > 2) throw new Error(`Paystack cannot take a currency with ${decimals} decimals`);
  return amount / 10 ** (2 - decimals);
}

/** Paystack: `abandoned`/`ongoing`/`pending`/`processing`/`queued` may still complete; only success credits. */
function toPayment(data: PaystackTx, decimalsOf: (currency: string) => number): ProviderPayment {
  const status =
    data.status === "success"
      ? "succeeded"
      : data.status === "failed" || data.status === "reversed"
        ? "failed"
        : "pending";
  const meta =
    typeof data.metadata === "object" && data.metadata ? (data.metadata as { user_id?: unknown }) : {};
  return {
    providerReference: data.reference,
    status,
    amountMinor: fromPaystackAmount(data.amount, decimalsOf(data.currency)),
    currency: data.currency,
    userId: typeof meta.user_id === "string" ? meta.user_id : undefined,
  };
}

export function paystackProvider(opts: {
  secretKey: string;
  publicKey?: string | undefined;
  baseUrl: string;
  timeoutMs: number;
  /** A currency's ISO 4217 exponent (the served countries'). */
  decimalsOf: (currency: string) => number;
}): PaymentProvider {
  const base = opts.baseUrl.replace(/\/$/, "");
  const auth = { authorization: `Bearer ${opts.secretKey}` };
  return {
    name: "paystack",
    savedCards: paystackCards({ base, auth, timeoutMs: opts.timeoutMs, decimalsOf: opts.decimalsOf }),
    transfers: paystackTransfers({
      base,
      secretKey: opts.secretKey,
      timeoutMs: opts.timeoutMs,
      decimalsOf: opts.decimalsOf,
    }),
    async initialize(input) {
      const res = await providerFetch<{
        status: boolean;
        data: { authorization_url: string; access_code: string; reference: string };
      }>("paystack", `${base}/transaction/initialize`, {
        method: "POST",
        headers: auth,
        timeoutMs: opts.timeoutMs,
        body: {
          email: input.email,
          amount: toPaystackAmount(input.amountMinor, opts.decimalsOf(input.currency)),
          currency: input.currency,
          reference: input.reference,
          callback_url: input.callbackUrl,
          metadata: { user_id: input.userId, cancel_action: input.callbackUrl },
        },
      });
      return {
        providerReference: res.data.reference,
        paymentInfo: {
          authorization_url: res.data.authorization_url,
          access_code: res.data.access_code,
          ...(opts.publicKey ? { public_key: opts.publicKey } : {}),
        },
      };
    },
    async retrieve(payment) {
      try {
        const res = await providerFetch<{ data: PaystackTx }>(
          "paystack",
          `${base}/transaction/verify/${encodeURIComponent(payment.providerReference)}`,
          { method: "GET", headers: auth, timeoutMs: opts.timeoutMs },
        );
        return toPayment(res.data, opts.decimalsOf);
      } catch (err) {
        // An unknown reference (400 or 404) means no money was taken for it yet.
        if (err instanceof ProviderRejectedError && (err.httpStatus === 400 || err.httpStatus === 404)) {
          return {
            providerReference: payment.providerReference,
            status: "pending",
            amountMinor: 0,
            currency: payment.currency,
          };
        }
        throw err;
      }
    },
    parseWebhook(raw, headers) {
      const given = header(headers, "x-paystack-signature");
      const expected = createHmac("sha512", opts.secretKey).update(raw).digest("hex");
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
        throw new WebhookSignatureError("bad Paystack signature");
      }
      const event = JSON.parse(raw.toString("utf8")) as {
        event?: string;
        data?: PaystackTx & { id?: number };
      };
      if (!event.data?.reference) return { id: `${event.event}:${expected.slice(0, 32)}`, payment: null };
      // Paystack has no event id: the event name and transaction identify a delivery.
      const id = `${event.event}:${event.data.id ?? ""}:${event.data.reference}`;
      return {
        id,
        payment: event.event === "charge.success" ? toPayment(event.data, opts.decimalsOf) : null,
        transfer: paystackTransferEvent(event.event, event.data),
      };
    },
  };
}
