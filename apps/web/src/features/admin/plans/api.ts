import type { AdminPassPatch, AdminPlanCreate, AdminPlanPatch } from "@parkwell/contract";
import { adminApi } from "../api";
import { listParams } from "../ui/use-url-filters";

export const plansQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "plans", f, page, size] as const,
  queryFn: () => adminApi("/plans", { query: listParams(f, page, size) }),
});

export const planQuery = (id: number) => ({
  queryKey: ["admin", "plan", id] as const,
  queryFn: () => adminApi("/plans/{id}", { params: { id } }),
});

export const passesQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "passes", f, page, size] as const,
  queryFn: () => adminApi("/passes", { query: listParams(f, page, size) }),
});

export const createPlan = (body: AdminPlanCreate) => adminApi("/plans", { method: "POST", body });
export const updatePlan = (id: number, body: AdminPlanPatch) =>
  adminApi("/plans/{id}", { params: { id }, method: "PATCH", body });
export const updatePass = (id: string, body: AdminPassPatch) =>
  adminApi("/passes/{id}", { params: { id }, method: "PATCH", body });
