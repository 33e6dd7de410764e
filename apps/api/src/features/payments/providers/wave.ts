import { fromProviderAmount, toProviderAmount } from "../payments.domain";
import { providerFetch } from "./http";
import { checkTimestampedSignature } from "./signed-header";
import { header, WebhookSignatureError, type PaymentProvider, type ProviderPayment } from "./types";

interface WaveSession {
  id: string;
  amount: string;
  currency: string;
  checkout_status: string;
  payment_status: string;
  client_reference?: string | null;
  wave_launch_url?: string;
}

function toPayment(s: WaveSession): ProviderPayment {
  const status =
    s.payment_status === "succeeded" && s.checkout_status === "complete"
      ? "succeeded"
      : s.payment_status === "cancelled" || s.checkout_status === "expired"
        ? "failed"
        : "pending";
  const whole = /^\d+$/.test(s.amount) ? Number(s.amount) : Number.NaN;
  return {
    providerReference: s.id,
    status,
    amountMinor: fromProviderAmount("wave", s.currency, whole),
    currency: s.currency,
  };
}

/** Wave Checkout API: sessions in whole XOF as strings; webhooks signed `t=,v1=` over t + body. */
export function waveProvider(opts: {
  apiKey: string;
  webhookSecret?: string | undefined;
  baseUrl: string;
  timeoutMs: number;
}): PaymentProvider {
  const base = opts.baseUrl.replace(/\/$/, "");
  const auth = { authorization: `Bearer ${opts.apiKey}` };
  return {
    name: "wave",
    async initialize(input) {
      const back = (outcome: string) =>
        `${input.callbackUrl}${input.callbackUrl.includes("?") ? "&" : "?"}reference=${encodeURIComponent(input.reference)}${outcome}`;
      const s = await providerFetch<WaveSession>("wave", `${base}/v1/checkout/sessions`, {
        method: "POST",
        headers: auth,
        timeoutMs: opts.timeoutMs,
        body: {
          amount: String(toProviderAmount("wave", input.currency, input.amountMinor)),
          currency: input.currency,
          client_reference: input.reference,
          success_url: back(""),
          error_url: back("&error=1"),
        },
      });
      return {
        providerReference: s.id,
        paymentInfo: { checkout_url: s.wave_launch_url, wave_launch_url: s.wave_launch_url },
      };
    },
    async retrieve(payment) {
      const s = await providerFetch<WaveSession>(
        "wave",
        `${base}/v1/checkout/sessions/${encodeURIComponent(payment.providerReference)}`,
        {
          method: "GET",
          headers: auth,
          timeoutMs: opts.timeoutMs,
        },
      );
      return toPayment(s);
    },
    parseWebhook(raw, headers, now) {
      if (!opts.webhookSecret) throw new WebhookSignatureError("no Wave webhook secret configured");
      // Wave's samples sign t + body with no separator; one integration uses "."; accept both.
      checkTimestampedSignature(header(headers, "wave-signature"), raw, opts.webhookSecret, now, 300, [
        "",
        ".",
      ]);
      const event = JSON.parse(raw.toString("utf8")) as { id?: string; type?: string; data?: WaveSession };
      if (!event.id) throw new WebhookSignatureError("event without id");
      const relevant =
        event.type === "checkout.session.completed" || event.type === "checkout.session.payment_failed";
      return { id: event.id, payment: relevant && event.data?.id ? toPayment(event.data) : null };
    },
  };
}
