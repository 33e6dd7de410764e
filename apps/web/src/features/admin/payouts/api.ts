import type { PayoutAccountBody } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { adminApi } from "../api";

/** The operator a request names: Parkwell's admin picks one; a branch manager's is its own (none sent). */
const operatorQuery = (operatorId: number | null) => (operatorId === null ? {} : { operator_id: operatorId });

export const payoutOperatorsQuery = () =>
  queryOptions({
    queryKey: ["admin", "payouts", "operators"],
    queryFn: ({ signal }) => adminApi("/payouts/operators", { signal }),
  });

export const payoutSetupQuery = (operatorId: number | null) =>
  queryOptions({
    queryKey: ["admin", "payout-accounts", "setup", operatorId],
    queryFn: ({ signal }) => adminApi("/payout-accounts/setup", { query: operatorQuery(operatorId), signal }),
  });

export const payoutAccountsQuery = (operatorId: number | null) =>
  queryOptions({
    queryKey: ["admin", "payout-accounts", "list", operatorId],
    queryFn: ({ signal }) => adminApi("/payout-accounts", { query: operatorQuery(operatorId), signal }),
  });

export const payoutBanksQuery = (operatorId: number | null) =>
  queryOptions({
    queryKey: ["admin", "payout-accounts", "banks", operatorId],
    queryFn: ({ signal }) => adminApi("/payout-accounts/banks", { query: operatorQuery(operatorId), signal }),
    staleTime: 60 * 60 * 1000,
  });

export const resolveBankAccount = (
  operatorId: number | null,
  body: { bank_code: string; account_number: string },
) =>
  adminApi("/payout-accounts/resolve", {
    method: "POST",
    body: { ...body, ...(operatorId === null ? {} : { operator_id: operatorId }) },
  });

export const addPayoutAccount = (operatorId: number | null, body: PayoutAccountBody) =>
  adminApi("/payout-accounts", {
    method: "POST",
    body: { ...body, ...(operatorId === null ? {} : { operator_id: operatorId }) },
  });

export const cancelPayoutAccount = (id: number) =>
  adminApi("/payout-accounts/{id}", { method: "DELETE", params: { id } });

export const confirmPayoutAccount = (token: string) =>
  adminApi("/payout-accounts/confirm", { method: "POST", body: { token } });

export const payoutsQuery = (query: Record<string, string | number>) =>
  queryOptions({
    queryKey: ["admin", "payouts", "list", query],
    queryFn: ({ signal }) => adminApi("/payouts", { query, signal }),
  });

export const holdPayouts = (operatorId: number, reason: string) =>
  adminApi("/operators/{id}/payout-hold", { method: "POST", params: { id: operatorId }, body: { reason } });

export const releasePayouts = (operatorId: number) =>
  adminApi("/operators/{id}/payout-hold", { method: "DELETE", params: { id: operatorId } });
