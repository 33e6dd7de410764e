import type { AddFundsData, PaymentResult, WalletTransaction } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

interface Envelope<T> {
  status: "success" | "pending";
  message: string;
  data: T;
}

export interface TransactionPage {
  items: WalletTransaction[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

export const TRANSACTIONS_PAGE_SIZE = 10;

export const transactionsQuery = (page: number) =>
  queryOptions({
    queryKey: ["wallet", "transactions", page],
    queryFn: async () =>
      (
        await api<Envelope<TransactionPage>>("/wallet/transactions", {
          query: { page, size: TRANSACTIONS_PAGE_SIZE },
        })
      ).data,
    staleTime: 0,
  });

/** One key per click: a retried request (double click, flaky network) starts one payment only. */
export function addFunds(amount: number, idempotencyKey: string) {
  return api<Envelope<AddFundsData>>("/wallet/add-funds", {
    method: "POST",
    body: { amount },
    headers: { "idempotency-key": idempotencyKey },
  });
}

export function verifyPayment(reference: string, provider?: string) {
  return api<Envelope<PaymentResult>>("/wallet/verify-payment", {
    method: "POST",
    query: { payment_reference: reference, payment_provider: provider },
  });
}

export function creditPayment(reference: string, amount: number, description: string) {
  return api<Envelope<PaymentResult>>("/wallet/credit", {
    method: "POST",
    query: { reference, amount, description },
  });
}

/** The started payment, kept for this tab so /payment can resume it (Stripe needs its client secret). */
const PENDING_KEY = "parkwell_pending_payment";

export function rememberPayment(payment: AddFundsData): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(payment));
  } catch {
    // Private mode without storage: /payment then asks the user to start again.
  }
}

export function pendingPayment(reference: string | null): AddFundsData | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    const payment = raw ? (JSON.parse(raw) as AddFundsData) : null;
    return payment && payment.reference === reference ? payment : null;
  } catch {
    return null;
  }
}

/** The first of authorization_url, checkout_url, payment_url is the payment link. */
export function paymentLink(payment: AddFundsData): string | undefined {
  const info = payment.payment_info;
  return info.authorization_url ?? info.checkout_url ?? info.payment_url;
}
