import { PayoutAccountBodySchema, type PayoutAccountBody, type PayoutMethodName } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { errorText } from "../../../lib/form-errors";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { addPayoutAccount, payoutBanksQuery, resolveBankAccount } from "./api";

interface Values {
  bank_code: string;
  account_number: string;
  stripe_account: string;
  mobile: string;
  holder_name: string;
}

const blank: Values = { bank_code: "", account_number: "", stripe_account: "", mobile: "", holder_name: "" };

/** The body of the method's fields only; an empty one is left out (the schema says it is required). */
function bodyOf(method: PayoutMethodName, v: Values): PayoutAccountBody {
  const given = (s: string) => (s.trim() === "" ? undefined : s.trim());
  if (method === "bank") return { bank_code: given(v.bank_code), account_number: given(v.account_number) };
  if (method === "stripe_account") return { stripe_account: given(v.stripe_account) };
  return { mobile: given(v.mobile), holder_name: given(v.holder_name) };
}

/**
 * Adds a payout account in the way of the operator's country: a bank and an account number, whose
 * name the bank gives before it is saved (Paystack), a Stripe connected account's id, or a Wave
 * mobile number and the name on it. The account is pending until confirmed from the e-mail.
 */
export function PayoutAccountForm({
  operatorId,
  method,
  onAdded,
}: {
  operatorId: number | null;
  method: PayoutMethodName;
  onAdded: () => void;
}) {
  const { t } = useTranslation("admin-payouts");
  const client = useQueryClient();
  const banks = useQuery({ ...payoutBanksQuery(operatorId), enabled: method === "bank" });
  const [resolved, setResolved] = useState<{ key: string; name: string } | null>(null);
  const form = useSchemaForm<Values, typeof PayoutAccountBodySchema>({
    schema: PayoutAccountBodySchema,
    defaultValues: blank,
    toInput: (v) => bodyOf(method, v),
    requiredText:
      method === "bank"
        ? {
            bank_code: "admin-payouts:form.bankRequired",
            account_number: "admin-payouts:form.numberRequired",
          }
        : {},
  });
  const [bank, number] = form.watch(["bank_code", "account_number"]);
  const key = `${bank}:${number}`;
  const resolve = useMutation({
    mutationFn: () => resolveBankAccount(operatorId, { bank_code: bank, account_number: number.trim() }),
    onSuccess: (answer) => setResolved({ key, name: answer.account_name }),
    onError: (err) => {
      setResolved(null);
      form.showServerErrors(err);
    },
  });
  const add = useMutation({
    mutationFn: (body: PayoutAccountBody) => addPayoutAccount(operatorId, body),
    onSuccess: async () => {
      form.reset(blank);
      setResolved(null);
      await client.invalidateQueries({ queryKey: ["admin", "payout-accounts"] });
      onAdded();
    },
    onError: (err) => form.showServerErrors(err),
  });
  const err = (name: keyof Values) => form.formState.errors[name]?.message;
  const alert = add.isError
    ? form.serverAlert(add.error)
    : resolve.isError
      ? form.serverAlert(resolve.error)
      : null;
  const nameShown = resolved?.key === key ? resolved.name : null;
  return (
    <form
      className="po-form"
      noValidate
      aria-labelledby="po-add-title"
      onSubmit={form.handleSubmit((body) => add.mutate(body))}
    >
      <h2 id="po-add-title">{t("form.title")}</h2>
      <p className="po-muted">{t(`form.intro.${method}`)}</p>
      <fieldset disabled={add.isPending}>
        {method === "bank" && (
          <>
            <SelectField
              label={t("form.bank")}
              required
              error={err("bank_code") ?? (banks.isError ? errorText(t, banks.error) : undefined)}
              options={[
                ["", banks.isPending ? t("form.banksLoading") : t("form.chooseBank")],
                ...(banks.data?.items ?? []).map((b) => [b.code, b.name] as const),
              ]}
              {...form.register("bank_code")}
            />
            <TextField
              label={t("form.accountNumber")}
              required
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              hint={t("form.accountNumberHint")}
              error={err("account_number")}
              {...form.register("account_number")}
            />
            <div className="po-actions">
              <button
                type="button"
                className="button"
                disabled={resolve.isPending || !bank || number.trim().length !== 10}
                onClick={() => resolve.mutate()}
              >
                {resolve.isPending ? t("form.checking") : t("form.check")}
              </button>
            </div>
            <p role="status" className={nameShown ? "po-resolved" : "po-muted"}>
              {nameShown ? t("form.resolved", { name: nameShown }) : t("form.resolveFirst")}
            </p>
          </>
        )}
        {method === "stripe_account" && (
          <TextField
            label={t("form.stripeAccount")}
            required
            autoComplete="off"
            placeholder="acct_…"
            hint={t("form.stripeAccountHint")}
            error={err("stripe_account")}
            {...form.register("stripe_account")}
          />
        )}
        {method === "mobile" && (
          <>
            <TextField
              label={t("form.mobile")}
              required
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="+221…"
              hint={t("form.mobileHint")}
              error={err("mobile")}
              {...form.register("mobile")}
            />
            <TextField
              label={t("form.holderName")}
              required
              autoComplete="off"
              error={err("holder_name")}
              {...form.register("holder_name")}
            />
          </>
        )}
        {alert && <p role="alert">{alert}</p>}
        <div className="po-actions">
          <button
            type="submit"
            className="button button--accent"
            disabled={method === "bank" && nameShown === null}
          >
            {add.isPending ? t("form.saving") : t("form.save")}
          </button>
        </div>
        {add.isSuccess && <p role="status">{t("form.added")}</p>}
      </fieldset>
    </form>
  );
}
