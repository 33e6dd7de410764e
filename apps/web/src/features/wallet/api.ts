import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const TRANSACTIONS_PAGE_SIZE = 10;

export const transactionsQuery = (page: number) =>
  queryOptions({
    queryKey: ["wallet", "transactions", page],
    queryFn: async () =>
      (
        await api("/wallet/transactions", {
          query: { page, size: TRANSACTIONS_PAGE_SIZE },
        })
      ).data,
    staleTime: 0,
  });

/**
 * One key per click: a retried request (double click, flaky network) starts one payment only.
 * `save_card` keeps the card paid with (where the provider keeps cards); `card_id` pays at once
 * with that saved card, no provider page (decision 069).
 */
export function addFunds(
  amount: number,
  idempotencyKey: string,
  card: { save_card: true } | { card_id: string } | Record<string, never> = {},
) {
  return api("/wallet/add-funds", {
    method: "POST",
    body: { amount, ...card },
    headers: { "idempotency-key": idempotencyKey },
  });
}

export function verifyPayment(reference: string, provider?: string) {
  return api("/wallet/verify-payment", {
    method: "POST",
    query: { payment_reference: reference, payment_provider: provider },
  });
}

export function creditPayment(reference: string, amount: number, description: string) {
  return api("/wallet/credit", {
    method: "POST",
    query: { reference, amount, description },
  });
}
