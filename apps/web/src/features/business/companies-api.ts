/** Opening a company, verifying its billing e-mail, and the caller's companies (/business...). */
import type { CreateCompanyBody } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const myCompaniesQuery = () =>
  queryOptions({
    queryKey: ["business-companies"],
    queryFn: async ({ signal }) => (await api("/business/companies", { signal })).items,
  });

export const openCompany = (body: CreateCompanyBody) => api("/business/companies", { method: "POST", body });

export const verifyCompany = (token: string) => api("/business/verify", { method: "POST", body: { token } });
