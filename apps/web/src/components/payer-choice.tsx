/**
 * Who pays at checkout (docs/PRODUCT-RULES.md, "Paying with a company"): the driver's wallet, or a
 * company they are an active member of that can pay in the purchase's currency (verified, not
 * disabled). Shown only when there is such a company; personal by default. Shared by the checkouts
 * of several features (a feature may not import another).
 */
import type { MyCompany } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../lib/api";
import "./payer-choice.css";

/** One of the driver's companies, as GET /business/companies answers it. */
export type PayerCompany = Pick<MyCompany, "id" | "name" | "currency" | "verified" | "disabled">;

/** The driver's companies that can pay in `currency` (none while loading or on error). */
export function usePayingCompanies(currency: string | undefined): PayerCompany[] {
  const companies = useQuery({
    queryKey: ["business-companies"],
    queryFn: async ({ signal }) => (await api("/business/companies", { signal })).items,
    retry: false,
    staleTime: 60_000,
  });
  if (!currency || !companies.data) return [];
  return companies.data.filter((c) => c.verified && !c.disabled && c.currency === currency);
}

/** The radio: "Pay from my wallet" (null) or "Pay with {company}" (its id). */
export function PayerChoice({
  companies,
  value,
  onChange,
}: {
  companies: PayerCompany[];
  value: number | null;
  onChange: (companyId: number | null) => void;
}) {
  const { t } = useTranslation("business");
  if (companies.length === 0) return null;
  return (
    <fieldset className="payer-choice" data-testid="payer-choice">
      <legend>{t("payer.legend")}</legend>
      <label>
        <input type="radio" name="payer" checked={value === null} onChange={() => onChange(null)} />
        <span>{t("payer.personal")}</span>
      </label>
      {companies.map((c) => (
        <label key={c.id}>
          <input type="radio" name="payer" checked={value === c.id} onChange={() => onChange(c.id)} />
          <span>{t("payer.company", { company: c.name })}</span>
        </label>
      ))}
    </fieldset>
  );
}
