import { createHmac, timingSafeEqual } from "node:crypto";
import { fromProviderAmount, toProviderAmount } from "../payments.domain";
import { providerFetch } from "./http";
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

/** Paystack: `abandoned`/`ongoing`/`pending`/`processing`/`queued` may still complete; only success credits. */
function toPayment(data: PaystackTx): ProviderPayment {
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
    amountMinor: fromProviderAmount("paystack", data.currency, data.amount),
    currency: data.currency,
    userId: typeof meta.user_id === "string" ? meta.user_id : undefined,
  };
}

export function paystackProvider(opts: {
  secretKey: string;
  publicKey?: string | undefined;
  baseUrl: string;
  timeoutMs: number;
}): PaymentProvider {
  const base = opts.baseUrl.replace(/\/$/, "");
  const auth = { authorization: `Bearer ${opts.secretKey}` };
  return {
    name: "paystack",
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
          amount: toProviderAmount("paystack", input.currency, input.amountMinor),
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
        return toPayment(res.data);
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
      return { id, payment: event.event === "charge.success" ? toPayment(event.data) : null };
    },
  };
}
