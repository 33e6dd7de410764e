import type { CompanyBillingMode } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { z } from "zod";
import { SelectField, TextField } from "../../components/ui/form-field";
import { ApiError } from "../../lib/api";
import { errorText } from "../../lib/form-errors";
import { formatAmountInput, formatMoney, parseNumber } from "../../lib/format";
import { startProviderStep } from "../../lib/provider-step";
import { useSchemaForm } from "../../lib/use-schema-form";
import {
  companyIdOf,
  companyWalletQuery,
  setCompanyBilling,
  startCompanyTopUp,
  verifyCompanyTopUp,
} from "./dashboard-api";
import { BusinessLinks, LoadError } from "./overview-page";
import "./dashboard.css";

/** The amount as typed in the page's language ("1500,50" in French), a positive number. */
function amountSchema(language: string) {
  return z.object({
    amount: z.string().transform((text, ctx) => {
      const amount = parseNumber(text, language);
      if (Number.isFinite(amount) && amount > 0) return amount;
      ctx.addIssue({
        code: "custom",
        params: {
          key: "business:dashboard.wallet.amountInvalid",
          values: { example: formatAmountInput(1500, language) },
        },
      });
      return z.NEVER;
    }),
  });
}

/**
 * /business/:id/wallet: the company's balances, its top-up (the personal wallet's provider step,
 * lib/provider-step, coming back here to be verified) and its billing mode (owners and admins).
 */
export function WalletPage() {
  const { t, i18n } = useTranslation(["business", "common"]);
  const id = companyIdOf(useParams().id) ?? 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const wallet = useQuery({ ...companyWalletQuery(id), enabled: id > 0 });
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.language);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["business", id] });

  // Back from the provider (?reference=…, Paystack's ?trxref=…): verify once, then say what happened.
  const returned = params.get("reference") ?? params.get("trxref");
  const verify = useMutation({
    mutationFn: (reference: string) => verifyCompanyTopUp(id, reference),
    onSettled: () => void refresh(),
  });
  const verified = useRef<string | null>(null);
  useEffect(() => {
    if (!returned || verified.current === returned || id === 0) return;
    verified.current = returned;
    verify.mutate(returned);
    setParams({}, { replace: true });
  }, [returned, id, verify, setParams]);

  const form = useSchemaForm<{ amount: string }, ReturnType<typeof amountSchema>>({
    schema: amountSchema(i18n.language),
    defaultValues: { amount: "" },
  });
  const [key] = useState(() => crypto.randomUUID());
  const pay = useMutation({
    mutationFn: async ({ amount }: { amount: number }) => {
      const { data } = await startCompanyTopUp(id, amount, key);
      await startProviderStep(
        data,
        (path) => void navigate(path),
        (url) => window.location.assign(url),
        () => pay.reset(),
        `/business/${id}/wallet`,
      );
    },
    onError: (err) => form.showServerErrors(err),
  });

  const [mode, setMode] = useState<CompanyBillingMode | "">("");
  const billing = useMutation({
    mutationFn: (next: CompanyBillingMode) => setCompanyBilling(id, next),
    onSuccess: (data) => {
      queryClient.setQueryData(companyWalletQuery(id).queryKey, data);
      void refresh();
    },
  });

  const w = wallet.data;
  const chosen = mode || w?.billing || "wallet";
  return (
    <div className="container page business-page">
      <h1>{t("dashboard.wallet.title")}</h1>
      <BusinessLinks id={id} />
      {wallet.isPending && <p role="status">{t("common:loading")}</p>}
      {wallet.isError && <LoadError error={wallet.error} onRetry={() => void wallet.refetch()} />}
      {verify.isPending && <p role="status">{t("dashboard.wallet.verifying")}</p>}
      {verify.data && (
        <p className={verify.data.status === "success" ? "alert alert--success" : "alert"} role="status">
          {verify.data.message}
        </p>
      )}
      {verify.isError && (
        <p className="alert alert--error" role="alert">
          {errorText(t, verify.error)}
        </p>
      )}
      {w && (
        <>
          <ul className="business-balances">
            {w.balances.map((b) => (
              <li key={b.currency} className="business-balance">
                <strong>{money(b.balance, b.currency)}</strong>
                <span>{t("dashboard.overview.available", { amount: money(b.available, b.currency) })}</span>
              </li>
            ))}
          </ul>

          <section className="business-section" aria-labelledby="company-top-up">
            <h2 id="company-top-up">{t("dashboard.wallet.topUpTitle")}</h2>
            {w.disabled ? (
              <p className="alert alert--error">{t("dashboard.wallet.disabled")}</p>
            ) : !w.verified ? (
              <p className="alert">{t("dashboard.wallet.notVerified")}</p>
            ) : (
              <form className="business-form" onSubmit={form.handleSubmit((v) => pay.mutate(v))} noValidate>
                <TextField
                  label={t("dashboard.wallet.amount", { currency: w.currency })}
                  inputMode="decimal"
                  autoComplete="off"
                  disabled={pay.isPending}
                  error={form.formState.errors.amount?.message}
                  {...form.register("amount")}
                />
                {pay.isError && form.serverAlert(pay.error) && (
                  <p className="field__error" role="alert">
                    {form.serverAlert(pay.error)}
                  </p>
                )}
                <button type="submit" className="button button--accent" disabled={pay.isPending}>
                  {pay.isPending ? t("dashboard.wallet.starting") : t("dashboard.wallet.topUp")}
                </button>
              </form>
            )}
          </section>

          <section className="business-section" aria-labelledby="company-billing">
            <h2 id="company-billing">{t("dashboard.wallet.billingTitle")}</h2>
            <p className="business-muted">{t("dashboard.wallet.billingIntro")}</p>
            {w.credit_limit <= 0 && <p className="business-muted">{t("dashboard.wallet.noLimit")}</p>}
            <form
              className="business-form"
              onSubmit={(e) => {
                e.preventDefault();
                billing.mutate(chosen);
              }}
            >
              <SelectField
                label={t("dashboard.wallet.billingTitle")}
                name="billing"
                value={chosen}
                options={(["wallet", "invoice"] as const).map(
                  (m) => [m, t(`dashboard.wallet.modes.${m}`)] as const,
                )}
                onChange={(e) => setMode(e.target.value as CompanyBillingMode)}
              />
              {billing.isError && (
                <p className="field__error" role="alert">
                  {billing.error instanceof ApiError ? billing.error.message : errorText(t, billing.error)}
                </p>
              )}
              {billing.isSuccess && <p role="status">{t("dashboard.wallet.saved")}</p>}
              <button type="submit" className="button" disabled={billing.isPending || chosen === w.billing}>
                {t("dashboard.wallet.save")}
              </button>
            </form>
          </section>
        </>
      )}
    </div>
  );
}
