import { providerFetch } from "./http";
import { waveTransfers } from "./wave-transfers";
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

/**
 * Wave takes whole units of the currency (XOF has no subunit): ISO minor units divided by
 * 10^decimals, refused when that is not whole. `decimals` is the currency's ISO 4217 exponent,
 * from its country (decision 018).
 */
export function toWaveAmount(isoMinor: number, decimals: number): number {
  const whole = isoMinor / 10 ** decimals;
  if (!Number.isInteger(whole)) throw new Error(`Wave takes whole units, not ${whole}`);
  return whole;
}

export function fromWaveAmount(whole: number, decimals: number): number {
  return whole * 10 ** decimals;
}

function toPayment(s: WaveSession, decimalsOf: (currency: string) => number): ProviderPayment {
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
    amountMinor: fromWaveAmount(whole, decimalsOf(s.currency)),
    currency: s.currency,
  };
}

/** Wave Checkout API: sessions in whole XOF as strings; webhooks signed `t=,v1=` over t + body. */
export function waveProvider(opts: {
  apiKey: string;
  webhookSecret?: string | undefined;
  baseUrl: string;
  timeoutMs: number;
  /** A currency's ISO 4217 exponent (the served countries'). */
  decimalsOf: (currency: string) => number;
}): PaymentProvider {
  const base = opts.baseUrl.replace(/\/$/, "");
  const auth = { authorization: `Bearer ${opts.apiKey}` };
  return {
    name: "wave",
    transfers: waveTransfers({
      base,
      apiKey: opts.apiKey,
      timeoutMs: opts.timeoutMs,
      decimalsOf: opts.decimalsOf,
    }),
    async initialize(input) {
      const back = (outcome: string) =>
        `${input.callbackUrl}${input.callbackUrl.includes("?") ? "&" : "?"}reference=${encodeURIComponent(input.reference)}${outcome}`;
      const s = await providerFetch<WaveSession>("wave", `${base}/v1/checkout/sessions`, {
        method: "POST",
        headers: auth,
        timeoutMs: opts.timeoutMs,
        body: {
          amount: String(toWaveAmount(input.amountMinor, opts.decimalsOf(input.currency))),
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
      return toPayment(s, opts.decimalsOf);
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
      return {
        id: event.id,
        payment: relevant && event.data?.id ? toPayment(event.data, opts.decimalsOf) : null,
      };
    },
  };
}
