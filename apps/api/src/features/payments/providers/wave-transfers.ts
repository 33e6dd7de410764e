/**
 * Wave's Payout API (Senegal): `POST /v1/payout` sends `receive_amount` (whole XOF, a string) to a
 * `mobile` number in a `name`, with our idempotency key as its `idempotency-key` header (Wave
 * answers a retry with the first payout); `GET /v1/payout/{id}` says `processing`, `succeeded`,
 * `failed` or `reversed`. Wave sends no webhook for payouts: the payouts job asks (`polled`).
 */
import { providerFetch } from "./http";
import type { TransferProvider, TransferReport } from "./transfers";
import { ProviderRejectedError } from "./types";
import { toWaveAmount } from "./wave";

interface WavePayout {
  id: string;
  status: string;
  payout_error?: { error_code?: string; error_message?: string } | null;
}

export function wavePayoutReport(p: WavePayout): TransferReport {
  const status =
    p.status === "succeeded"
      ? "paid"
      : p.status === "failed"
        ? "failed"
        : p.status === "reversed"
          ? "reversed"
          : "pending";
  return {
    providerReference: p.id,
    status,
    reason:
      status === "failed" || status === "reversed"
        ? (p.payout_error?.error_message ?? `Wave: ${p.status}`)
        : null,
  };
}

/** A mobile number as Wave takes it: E.164, "+" and 8 to 15 digits. */
export const WAVE_MOBILE = /^\+[1-9]\d{7,14}$/;

export function waveTransfers(opts: {
  base: string;
  apiKey: string;
  timeoutMs: number;
  decimalsOf: (currency: string) => number;
}): TransferProvider {
  const auth = { authorization: `Bearer ${opts.apiKey}` };
  return {
    method: "mobile",
    polled: true,
    async createRecipient(destination) {
      if (destination.method !== "mobile") throw new Error("Wave pays mobile money numbers");
      if (!WAVE_MOBILE.test(destination.mobile)) {
        throw new ProviderRejectedError("wave", 400, "Invalid mobile number");
      }
      return {
        holderName: destination.name,
        bankName: null,
        recipient: null,
        destination: destination.mobile,
      };
    },
    async send(input) {
      const p = await providerFetch<WavePayout>("wave", `${opts.base}/v1/payout`, {
        method: "POST",
        headers: { ...auth, "idempotency-key": input.idempotencyKey },
        timeoutMs: opts.timeoutMs,
        body: {
          currency: input.currency,
          receive_amount: String(toWaveAmount(input.amountMinor, opts.decimalsOf(input.currency))),
          name: input.holderName,
          mobile: input.destination,
          client_reference: input.idempotencyKey,
          payment_reason: input.narration.slice(0, 40),
        },
      });
      return wavePayoutReport(p);
    },
    async retrieve({ providerReference }) {
      if (!providerReference) return null;
      const p = await providerFetch<WavePayout>(
        "wave",
        `${opts.base}/v1/payout/${encodeURIComponent(providerReference)}`,
        { method: "GET", headers: auth, timeoutMs: opts.timeoutMs },
      );
      return wavePayoutReport(p);
    },
  };
}
