/**
 * Paystack's Transfers API (Nigeria): the banks (`GET /bank`), an account's name
 * (`GET /bank/resolve`), a `nuban` transfer recipient (`POST /transferrecipient`, RCP_…), a transfer
 * from the balance (`POST /transfer`, our idempotency key as its `reference`, which Paystack keeps
 * unique: a second transfer with it is refused, so a retry finds the first with
 * `GET /transfer/verify/{reference}`), and the transfer events of its webhook (`transfer.success`,
 * `transfer.failed`, `transfer.reversed`, signed as the top-ups' are).
 */
import { providerFetch } from "./http";
import { toPaystackAmount } from "./paystack";
import type { TransferEvent, TransferProvider, TransferReport } from "./transfers";
import { ProviderRejectedError } from "./types";

export interface PaystackTransfer {
  reference: string;
  transfer_code: string;
  status: string;
  reason?: string | null;
  /** Why it failed, when Paystack says (a failed or reversed transfer's gateway message). */
  gateway_response?: string | null;
  failures?: unknown;
}

/** Paystack's transfer statuses: success; failed (and abandoned, blocked, rejected); reversed; the rest pending (otp, queued, processing, received). */
export function paystackTransferStatus(status: string): TransferReport["status"] {
  if (status === "success") return "paid";
  if (status === "reversed") return "reversed";
  if (["failed", "abandoned", "blocked", "rejected"].includes(status)) return "failed";
  return "pending";
}

function failureOf(t: PaystackTransfer): string | null {
  if (typeof t.gateway_response === "string" && t.gateway_response) return t.gateway_response;
  if (typeof t.failures === "string" && t.failures) return t.failures;
  return null;
}

export function paystackTransferReport(t: PaystackTransfer): TransferReport {
  const status = paystackTransferStatus(t.status);
  return {
    providerReference: t.transfer_code,
    status,
    reason: status === "failed" || status === "reversed" ? (failureOf(t) ?? `Paystack: ${t.status}`) : null,
  };
}

/** A `transfer.*` event's transfer, or null for another event. */
export function paystackTransferEvent(event: string | undefined, data: unknown): TransferEvent | null {
  if (!event?.startsWith("transfer.") || !data || typeof data !== "object") return null;
  const t = data as PaystackTransfer;
  if (typeof t.reference !== "string" || typeof t.transfer_code !== "string") return null;
  const status =
    event === "transfer.success"
      ? "paid"
      : event === "transfer.failed"
        ? "failed"
        : event === "transfer.reversed"
          ? "reversed"
          : null;
  if (!status) return null;
  return {
    idempotencyKey: t.reference,
    providerReference: t.transfer_code,
    status,
    reason: status === "paid" ? null : (failureOf(t) ?? `Paystack: ${event}`),
  };
}

export function paystackTransfers(opts: {
  base: string;
  secretKey: string;
  timeoutMs: number;
  decimalsOf: (currency: string) => number;
}): TransferProvider {
  const auth = { authorization: `Bearer ${opts.secretKey}` };
  const get = <T>(path: string) =>
    providerFetch<{ status: boolean; data: T }>("paystack", `${opts.base}${path}`, {
      method: "GET",
      headers: auth,
      timeoutMs: opts.timeoutMs,
    });
  const verify = async (reference: string): Promise<TransferReport | null> => {
    try {
      const res = await get<PaystackTransfer>(`/transfer/verify/${encodeURIComponent(reference)}`);
      return paystackTransferReport(res.data);
    } catch (err) {
      if (err instanceof ProviderRejectedError && (err.httpStatus === 400 || err.httpStatus === 404))
        return null;
      throw err;
    }
  };
  const banksOf = async (currency: string) => {
    const res = await get<{ name: string; code: string; active?: boolean; type?: string }[]>(
      `/bank?currency=${encodeURIComponent(currency)}&type=nuban&perPage=100`,
    );
    return res.data.filter((b) => b.active !== false).map((b) => ({ code: b.code, name: b.name }));
  };
  const resolve = async (bankCode: string, accountNumber: string) => {
    const q = `account_number=${encodeURIComponent(accountNumber)}&bank_code=${encodeURIComponent(bankCode)}`;
    const res = await get<{ account_number: string; account_name: string }>(`/bank/resolve?${q}`);
    return { accountName: res.data.account_name };
  };
  return {
    method: "bank",
    listBanks: banksOf,
    resolveAccount: resolve,
    async createRecipient(destination, currency) {
      if (destination.method !== "bank") throw new Error("Paystack pays bank accounts");
      // The name is the bank's, resolved again here: a recipient is never made under a typed name.
      const { accountName } = await resolve(destination.bankCode, destination.accountNumber);
      const res = await providerFetch<{
        status: boolean;
        data: { recipient_code: string; details?: { bank_name?: string | null } };
      }>("paystack", `${opts.base}/transferrecipient`, {
        method: "POST",
        headers: auth,
        timeoutMs: opts.timeoutMs,
        body: {
          type: "nuban",
          name: accountName,
          account_number: destination.accountNumber,
          bank_code: destination.bankCode,
          currency,
        },
      });
      const bankName =
        res.data.details?.bank_name ??
        (await banksOf(currency)).find((b) => b.code === destination.bankCode)?.name ??
        null;
      return {
        holderName: accountName,
        bankName,
        recipient: res.data.recipient_code,
        destination: destination.accountNumber,
      };
    },
    async send(input) {
      if (!input.recipient) throw new Error("a Paystack transfer needs its recipient");
      try {
        const res = await providerFetch<{ status: boolean; data: PaystackTransfer }>(
          "paystack",
          `${opts.base}/transfer`,
          {
            method: "POST",
            headers: auth,
            timeoutMs: opts.timeoutMs,
            body: {
              source: "balance",
              amount: toPaystackAmount(input.amountMinor, opts.decimalsOf(input.currency)),
              currency: input.currency,
              recipient: input.recipient,
              reference: input.idempotencyKey,
              reason: input.narration,
            },
          },
        );
        return paystackTransferReport(res.data);
      } catch (err) {
        // The reference was taken by an earlier attempt (its answer lost): that transfer is this one.
        if (err instanceof ProviderRejectedError && err.httpStatus === 400) {
          const earlier = await verify(input.idempotencyKey);
          if (earlier) return earlier;
        }
        throw err;
      }
    },
    retrieve: ({ idempotencyKey }) => verify(idempotencyKey),
  };
}
