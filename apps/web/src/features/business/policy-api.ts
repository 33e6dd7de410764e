/** A company's policy (GET/PUT /business/companies/{id}/policy). */
import type { CompanyPolicyBody } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const companyPolicyQuery = (id: number) =>
  queryOptions({
    queryKey: ["business", id, "policy"],
    queryFn: () => api("/business/companies/{id}/policy", { params: { id } }),
  });

export const saveCompanyPolicy = (id: number, body: CompanyPolicyBody) =>
  api("/business/companies/{id}/policy", { method: "PUT", params: { id }, body });
