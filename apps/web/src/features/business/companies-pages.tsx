/**
 * Opening a business account (/business/new), verifying its billing e-mail (/business/verify) and
 * the caller's companies (/business). The company's pages (/business/:id/...) start from the list.
 */
import { CreateCompanyBodySchema, type CreateCompanyBody } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { FormAlert } from "../../components/ui/form-alert";
import { SelectField, TextAreaField, TextField } from "../../components/ui/form-field";
import { servedCountries } from "../../lib/country";
import { useSchemaForm } from "../../lib/use-schema-form";
import { myCompaniesQuery, openCompany, verifyCompany } from "./companies-api";
import { LoadError } from "./overview-page";
import "./dashboard.css";

interface OpenCompanyValues {
  name: string;
  country_code: string;
  billing_email: string;
  tax_id: string;
  address: string;
}

/** /business/new: a company's name, country, billing e-mail and tax id; its opener becomes its owner. */
export function OpenCompanyPage() {
  const { t } = useTranslation("business");
  const queryClient = useQueryClient();
  const form = useSchemaForm<OpenCompanyValues, typeof CreateCompanyBodySchema>({
    schema: CreateCompanyBodySchema,
    defaultValues: { name: "", country_code: "", billing_email: "", tax_id: "", address: "" },
    toInput: (v): CreateCompanyBody => ({ ...v, address: v.address.trim() || undefined }),
  });
  const open = useMutation({
    mutationFn: openCompany,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myCompaniesQuery().queryKey }),
    onError: (err) => void form.showServerErrors(err),
  });
  const errors = form.formState.errors;
  if (open.isSuccess) {
    return (
      <div className="container page business-page">
        <h1>{t("open.sentTitle")}</h1>
        <p role="status">{t("open.sent", { email: open.variables.billing_email })}</p>
        <Link to="/business">{t("companies.title")}</Link>
      </div>
    );
  }
  return (
    <div className="container page business-page">
      <h1>{t("open.title")}</h1>
      <p className="business-muted">{t("open.intro")}</p>
      <form className="business-form" noValidate onSubmit={form.handleSubmit((body) => open.mutate(body))}>
        <FormAlert message={form.serverAlert(open.error)} />
        <TextField
          label={t("open.name")}
          autoComplete="organization"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <SelectField
          label={t("open.country")}
          error={errors.country_code?.message}
          options={[
            ["", t("open.chooseCountry")],
            ...servedCountries().map((c) => [c.code, c.name] as const),
          ]}
          {...form.register("country_code")}
        />
        <TextField
          label={t("open.billingEmail")}
          type="email"
          autoComplete="email"
          error={errors.billing_email?.message}
          {...form.register("billing_email")}
        />
        <TextField label={t("open.taxId")} error={errors.tax_id?.message} {...form.register("tax_id")} />
        <TextAreaField
          label={t("open.address")}
          rows={3}
          error={errors.address?.message}
          {...form.register("address")}
        />
        <button type="submit" className="button button--accent" disabled={open.isPending}>
          {open.isPending ? t("common:loading") : t("open.submit")}
        </button>
      </form>
    </div>
  );
}

/** /business/verify?token=…: the billing e-mail's link, confirmed once (again: the same answer). */
export function VerifyCompanyPage() {
  const { t } = useTranslation("business");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const verify = useMutation({ mutationFn: verifyCompany });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);
  return (
    <div className="container page business-page">
      <h1>{t("verify.title")}</h1>
      {!token && <p role="alert">{t("verify.noToken")}</p>}
      {verify.isPending && <p role="status">{t("common:loading")}</p>}
      {verify.isError && <FormAlert message={verify.error.message} />}
      {verify.isSuccess && (
        <>
          <p role="status">{t("verify.done", { name: verify.data.name })}</p>
          <Link className="button button--accent" to={`/business/${verify.data.id}`}>
            {t("verify.open")}
          </Link>
        </>
      )}
    </div>
  );
}

/** /business: the companies the signed-in driver belongs to, and a way to open one. */
export function MyCompaniesPage() {
  const { t } = useTranslation("business");
  const companies = useQuery(myCompaniesQuery());
  return (
    <div className="container page business-page">
      <h1>{t("companies.title")}</h1>
      {companies.isError && <LoadError error={companies.error} onRetry={() => void companies.refetch()} />}
      {companies.data?.length === 0 && <p>{t("companies.none")}</p>}
      {companies.data && companies.data.length > 0 && (
        <ul className="business-list">
          {companies.data.map((c) => (
            <li key={c.id}>
              {c.role === "member" ? (
                <strong>{c.name}</strong>
              ) : (
                <Link to={`/business/${c.id}`}>{c.name}</Link>
              )}{" "}
              <span className="business-muted">
                {t(`companies.roles.${c.role}`)}
                {c.cost_centre ? ` · ${c.cost_centre}` : ""}
                {!c.verified ? ` · ${t("companies.unverified")}` : ""}
                {c.disabled ? ` · ${t("companies.disabled")}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link className="button" to="/business/new">
        {t("companies.open")}
      </Link>
    </div>
  );
}
