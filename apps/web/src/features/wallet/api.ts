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
