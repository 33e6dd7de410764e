import type { CommissionDefaultBody, CommissionRateBody, SettlementPeriod } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { adminApi } from "../api";

export const commissionOperatorsQuery = () =>
  queryOptions({
    queryKey: ["admin", "commission", "operators"],
    queryFn: ({ signal }) => adminApi("/commission/operators", { signal }),
  });

export const operatorCommissionQuery = (id: number) =>
  queryOptions({
    queryKey: ["admin", "commission", "operator", id],
    queryFn: ({ signal }) => adminApi("/operators/{id}/commission", { params: { id }, signal }),
  });

export const commissionDefaultsQuery = () =>
  queryOptions({
    queryKey: ["admin", "commission", "defaults"],
    queryFn: ({ signal }) => adminApi("/commission/defaults", { signal }),
  });

export const addOperatorRate = (id: number, body: CommissionRateBody) =>
  adminApi("/operators/{id}/commission", { params: { id }, method: "PUT", body });

export const setSettlementPeriod = (id: number, period: SettlementPeriod) =>
  adminApi("/operators/{id}/settlement-period", { params: { id }, method: "PUT", body: { period } });

export const addCommissionDefault = (body: CommissionDefaultBody) =>
  adminApi("/commission/defaults", { method: "PUT", body });
