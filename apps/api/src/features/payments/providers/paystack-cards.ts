/**
 * Paystack's saved cards (decision 069): a card payment's `authorization` is reusable when Paystack
 * says so, and is charged again with POST /transaction/charge_authorization under our reference
 * (Paystack refuses a reference twice, so a retried charge is never a second one: it is then read
 * with verify). The customer is the e-mail the card was paid with.
 */
import { providerFetch } from "./http";
import { fromPaystackAmount, toPaystackAmount } from "./paystack";
import {
  ProviderRejectedError,
  type CardOnFile,
  type ProviderPayment,
  type SavedCardProvider,
} from "./types";

interface Authorization {
  authorization_code?: string;
  last4?: string;
  exp_month?: string;
  exp_year?: string;
  brand?: string;
  card_type?: string;
  channel?: string;
  reusable?: boolean;
}

interface ChargedTx {
  status: string;
  reference: string;
  amount: number;
  currency: string;
  gateway_response?: string | null;
  authorization?: Authorization;
  customer?: { email?: string };
}

const month = (v: string | undefined) => (v && /^\d{1,2}$/.test(v.trim()) ? Number(v) : null);

/** The reusable card of a Paystack transaction, or null (not a card, or not reusable). */
export function paystackCard(tx: ChargedTx): CardOnFile | null {
  const a = tx.authorization;
  if (!a?.authorization_code || a.reusable !== true || a.channel !== "card" || !a.last4) return null;
  return {
    methodRef: a.authorization_code,
    customerRef: tx.customer?.email ?? null,
    brand: (a.brand ?? a.card_type ?? "card").trim().toLowerCase(),
    last4: a.last4,
    expMonth: month(a.exp_month),
    expYear: a.exp_year && /^\d{4}$/.test(a.exp_year.trim()) ? Number(a.exp_year) : null,
  };
}

export function paystackCards(opts: {
  base: string;
  auth: { authorization: string };
  timeoutMs: number;
  decimalsOf: (currency: string) => number;
}): SavedCardProvider {
  const { base, auth, timeoutMs } = opts;
  const verify = async (reference: string) =>
    (
      await providerFetch<{ data: ChargedTx }>(
        "paystack",
        `${base}/transaction/verify/${encodeURIComponent(reference)}`,
        { method: "GET", headers: auth, timeoutMs },
      )
    ).data;
  const result = (tx: ChargedTx, userId: string): ProviderPayment & { declined?: string } => {
    const status = tx.status === "success" ? "succeeded" : tx.status === "failed" ? "failed" : "pending";
    return {
      providerReference: tx.reference,
      status,
      amountMinor: fromPaystackAmount(tx.amount, opts.decimalsOf(tx.currency)),
      currency: tx.currency,
      userId,
      ...(status === "failed" ? { declined: tx.gateway_response || "Declined" } : {}),
    };
  };
  return {
    async cardOf(payment) {
      return paystackCard(await verify(payment.providerReference));
    },
    async charge(input) {
      if (!input.card.customerRef) throw new Error("a Paystack card is charged for its customer's e-mail");
      try {
        const res = await providerFetch<{ data: ChargedTx }>(
          "paystack",
          `${base}/transaction/charge_authorization`,
          {
            method: "POST",
            headers: auth,
            timeoutMs,
            body: {
              authorization_code: input.card.methodRef,
              email: input.card.customerRef,
              amount: toPaystackAmount(input.amountMinor, opts.decimalsOf(input.currency)),
              currency: input.currency,
              reference: input.reference,
              metadata: { user_id: input.userId },
            },
          },
        );
        return result(res.data, input.userId);
      } catch (err) {
        // Charged before under this reference (a retry after a lost answer): what came of it.
        if (err instanceof ProviderRejectedError && /duplicate/i.test(err.message)) {
          return result(await verify(input.reference), input.userId);
        }
        // The card itself refused (unknown, deactivated): a decline, not an outage.
        if (err instanceof ProviderRejectedError && err.httpStatus === 400) {
          return {
            providerReference: input.reference,
            status: "failed",
            amountMinor: input.amountMinor,
            currency: input.currency,
            userId: input.userId,
            declined: err.message.replace(/^paystack refused \(\d+\): /, ""),
          };
        }
        throw err;
      }
    },
    async forget(card) {
      await providerFetch("paystack", `${base}/customer/authorization/deactivate`, {
        method: "POST",
        headers: auth,
        timeoutMs,
        body: { authorization_code: card.methodRef },
      });
    },
  };
}
