import {
  CompanyPolicyBodySchema,
  describeHours,
  PARK_TYPES,
  type CompanyPolicy,
  type CompanyPolicyBody,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { FormAlert } from "../../components/ui/form-alert";
import { TextField } from "../../components/ui/form-field";
import { formatAmountInput, parseNumber } from "../../lib/format";
import { useSchemaForm } from "../../lib/use-schema-form";
import { companyIdOf, companyWalletQuery } from "./dashboard-api";
import { BusinessLinks, LoadError } from "./overview-page";
import { companyPolicyQuery, saveCompanyPolicy } from "./policy-api";
import "./dashboard.css";

interface PolicyValues {
  countries: string;
  park_types: string[];
  extensions_allowed: boolean;
  marketplace_allowed: boolean;
  per_booking: string;
  per_member_month: string;
}

function valuesOf(p: CompanyPolicy, currency: string, language: string): PolicyValues {
  const limit = p.limits.find((l) => l.currency === currency);
  const amount = (n: number | null | undefined) =>
    n === null || n === undefined ? "" : formatAmountInput(n, language);
  return {
    countries: (p.countries ?? []).join(", "),
    park_types: p.park_types ?? [],
    extensions_allowed: p.extensions_allowed,
    marketplace_allowed: p.marketplace_allowed,
    per_booking: amount(limit?.per_booking),
    per_member_month: amount(limit?.per_member_month),
  };
}

/**
 * /business/:id/policy: what the company pays for (countries, park types, extensions, marketplace
 * orders) and its limits in its home currency, in major units. Owners and admins change it;
 * members read it. The weekly hours are shown as they are.
 */
export function PolicyPage() {
  const { t, i18n } = useTranslation(["business", "common"]);
  const id = companyIdOf(useParams().id) ?? 0;
  const client = useQueryClient();
  const policy = useQuery(companyPolicyQuery(id));
  const wallet = useQuery({ ...companyWalletQuery(id), enabled: policy.data?.editable === true });
  const currency = wallet.data?.currency ?? policy.data?.limits[0]?.currency ?? "";
  const p = policy.data;

  const toInput = (v: PolicyValues): CompanyPolicyBody => {
    const amount = (text: string) => (text.trim() === "" ? null : parseNumber(text, i18n.language));
    const codes = v.countries
      .split(/[\s,]+/)
      .map((c) => c.trim())
      .filter(Boolean);
    return {
      countries: codes.length > 0 ? codes : null,
      park_types: v.park_types.length > 0 ? (v.park_types as CompanyPolicyBody["park_types"]) : null,
      hours: p?.hours ?? null,
      extensions_allowed: v.extensions_allowed,
      marketplace_allowed: v.marketplace_allowed,
      limits: [
        ...(p?.limits ?? []).filter((l) => l.currency !== currency),
        ...(currency
          ? [{ currency, per_booking: amount(v.per_booking), per_member_month: amount(v.per_member_month) }]
          : []),
      ],
    };
  };
  const form = useSchemaForm<PolicyValues, typeof CompanyPolicyBodySchema>({
    schema: CompanyPolicyBodySchema,
    defaultValues: {
      countries: "",
      park_types: [],
      extensions_allowed: true,
      marketplace_allowed: false,
      per_booking: "",
      per_member_month: "",
    },
    values: p ? valuesOf(p, currency, i18n.language) : undefined,
    toInput,
  });
  const save = useMutation({
    mutationFn: (v: PolicyValues) => saveCompanyPolicy(id, toInput(v)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["business", id, "policy"] });
    },
    onError: (err) => form.showServerErrors(err),
  });
  const editable = p?.editable === true;

  return (
    <div className="container page business-page">
      <h1>{t("policy.title")}</h1>
      <BusinessLinks id={id} />
      {policy.isError && <LoadError error={policy.error} onRetry={() => void policy.refetch()} />}
      {p && (
        <form
          className="business-form"
          onSubmit={form.handleSubmit(() => save.mutate(form.getValues()))}
          noValidate
        >
          <TextField
            label={t("policy.countries")}
            hint={t("policy.countriesHint")}
            disabled={!editable}
            error={form.formState.errors.countries?.message}
            {...form.register("countries")}
          />
          <fieldset className="business-checks">
            <legend>{t("policy.parkTypes")}</legend>
            {PARK_TYPES.map((type) => (
              <label key={type}>
                <input type="checkbox" value={type} disabled={!editable} {...form.register("park_types")} />
                {t(`policy.types.${type}`)}
              </label>
            ))}
          </fieldset>
          <p>
            {t("policy.hours")}:{" "}
            {p.hours ? describeHours(p.hours, i18n.language === "fr" ? "fr" : "en") : t("policy.anyTime")}
          </p>
          <label className="business-check">
            <input type="checkbox" disabled={!editable} {...form.register("extensions_allowed")} />
            {t("policy.extensions")}
          </label>
          <label className="business-check">
            <input type="checkbox" disabled={!editable} {...form.register("marketplace_allowed")} />
            {t("policy.marketplace")}
          </label>
          {currency && (
            <>
              <TextField
                label={t("policy.perBooking", { currency })}
                disabled={!editable}
                error={form.formState.errors.per_booking?.message}
                {...form.register("per_booking")}
              />
              <TextField
                label={t("policy.perMonth", { currency })}
                disabled={!editable}
                error={form.formState.errors.per_member_month?.message}
                {...form.register("per_member_month")}
              />
            </>
          )}
          <FormAlert message={form.serverAlert(save.error)} />
          {save.isSuccess && <p role="status">{t("policy.saved")}</p>}
          {editable && (
            <button type="submit" className="button button--accent" disabled={save.isPending}>
              {t("policy.save")}
            </button>
          )}
        </form>
      )}
    </div>
  );
}
