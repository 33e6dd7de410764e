import {
  COMPANY_PAY_SWITCHES,
  CompanyPolicyBodySchema,
  DEFAULT_PAY_SWITCHES,
  PARK_TYPES,
  switchField,
  switchFields,
  switchesOn,
  type CompanyPaySwitchField,
  type CompanyPolicy,
  type CompanyPolicyBody,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { FormAlert } from "../../components/ui/form-alert";
import { TextField } from "../../components/ui/form-field";
import { WeeklyHoursFields } from "../../components/weekly-hours/weekly-hours-fields";
import {
  hoursOf,
  hoursValues,
  type HoursPreset,
  type WeeklyHoursValues,
} from "../../components/weekly-hours/weekly-hours-values";
import { servedCountries } from "../../lib/country";
import { countryLabel, formatAmountInput, parseNumber } from "../../lib/format";
import { useSchemaForm } from "../../lib/use-schema-form";
import { companyIdOf, companyWalletQuery } from "./dashboard-api";
import { BusinessLinks, LoadError } from "./overview-page";
import { companyPolicyQuery, saveCompanyPolicy } from "./policy-api";
import "./dashboard.css";

/** The policy's hours: at any time (null), a preset of windows, or windows of one's own. */
const POLICY_PRESETS = ["any", "weekdays", "nights_weekends", "custom"] as const satisfies HoursPreset[];

/** The form's values: each of the contract's switches is a checkbox, `<name>_allowed`. */
interface PolicyValues extends WeeklyHoursValues, Record<CompanyPaySwitchField, boolean> {
  /** The ticked countries' codes (none: any country). */
  countries: string[];
  park_types: string[];
  per_booking: string;
  per_member_month: string;
}

function valuesOf(p: CompanyPolicy, currency: string, language: string): PolicyValues {
  const limit = p.limits.find((l) => l.currency === currency);
  const amount = (n: number | null | undefined) =>
    n === null || n === undefined ? "" : formatAmountInput(n, language);
  return {
    countries: p.countries ?? [],
    park_types: p.park_types ?? [],
    ...hoursValues(p.hours, POLICY_PRESETS),
    ...switchFields(switchesOn(p)),
    per_booking: amount(limit?.per_booking),
    per_member_month: amount(limit?.per_member_month),
  };
}

/** A problem with the body's hours ("hours.2.end") is shown at the form's windows ("windows.2.end"). */
const fieldOf = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (i === 0 && p === "hours" ? "windows" : String(p))).join(".");

/**
 * /business/:id/policy: what the company pays for (countries, park types, weekly hours on each
 * park's clock, a checkbox per switch of the contract's `COMPANY_PAY_SWITCHES`) and its limits in
 * its home currency, in major units. Owners and admins change it; members read it.
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
    return {
      countries: v.countries.length > 0 ? v.countries : null,
      park_types: v.park_types.length > 0 ? (v.park_types as CompanyPolicyBody["park_types"]) : null,
      hours: hoursOf(v),
      ...switchFields(switchesOn(v)),
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
      countries: [],
      park_types: [],
      ...hoursValues(null),
      ...switchFields(DEFAULT_PAY_SWITCHES),
      per_booking: "",
      per_member_month: "",
    },
    values: p ? valuesOf(p, currency, i18n.language) : undefined,
    toInput,
    fieldOf,
  });
  const save = useMutation({
    mutationFn: (v: PolicyValues) => saveCompanyPolicy(id, toInput(v)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["business", id, "policy"] });
    },
    onError: (err) => form.showServerErrors(err),
  });
  const editable = p?.editable === true;
  // The served countries, named in the page's language; a code the policy holds that is no longer
  // served stays listed, so saving does not drop it unseen.
  const served = servedCountries();
  const countries = [
    ...served,
    ...(p?.countries ?? [])
      .filter((code) => !served.some((c) => c.code === code))
      .map((code) => ({ code, name: code })),
  ].map((c) => ({ code: c.code, name: countryLabel(t, c) }));
  const error = (name: string): string | undefined => {
    let at: unknown = form.formState.errors;
    for (const part of name.split(".")) at = (at as Record<string, unknown> | undefined)?.[part];
    return (at as { message?: string } | undefined)?.message;
  };

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
          <fieldset className="business-checks" aria-describedby="policy-countries-hint">
            <legend>{t("policy.countries")}</legend>
            <p id="policy-countries-hint" className="field__hint">
              {t("policy.countriesHint")}
            </p>
            {countries.map((c) => (
              <label key={c.code}>
                <input type="checkbox" value={c.code} disabled={!editable} {...form.register("countries")} />
                {c.name}
              </label>
            ))}
            {form.formState.errors.countries?.message && (
              <p className="field__error" role="alert">
                {form.formState.errors.countries.message}
              </p>
            )}
          </fieldset>
          <fieldset className="business-checks">
            <legend>{t("policy.parkTypes")}</legend>
            {PARK_TYPES.map((type) => (
              <label key={type}>
                <input type="checkbox" value={type} disabled={!editable} {...form.register("park_types")} />
                {t(`policy.types.${type}`)}
              </label>
            ))}
          </fieldset>
          <WeeklyHoursFields
            form={form}
            presets={POLICY_PRESETS}
            title={t("policy.hours")}
            hint={t("policy.hoursHint")}
            summary={(hours) => (hours === null ? t("policy.paysAnyTime") : t("policy.paysHours", { hours }))}
            error={error}
            disabled={!editable}
          />
          {COMPANY_PAY_SWITCHES.map((s) => (
            <label key={s.name} className="business-check">
              <input type="checkbox" disabled={!editable} {...form.register(switchField(s.name))} />
              {t(`policy.switches.${s.name}`)}
            </label>
          ))}
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
