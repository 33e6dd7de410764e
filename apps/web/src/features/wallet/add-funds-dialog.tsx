import type { Wallet } from "@parkwell/contract";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { TextField } from "../../components/ui/form-field";
// Its box and its buttons are the confirmation dialog's.
import "../../components/ui/confirm-dialog.css";
import { ApiError } from "../../lib/api";
import { formatAmountInput, formatMoney } from "../../lib/format";
import { useSchemaForm } from "../../lib/use-schema-form";
import { checkAmount, type AmountRules } from "./amount";
import { addFunds } from "./api";
import { startProviderStep } from "../../lib/provider-step";

/** The amount as typed, checked with the wallet's rules (amount.ts); its problems name their text. */
function amountSchema(rules: AmountRules, language: string, limits: { min: string; max: string }) {
  // The examples of a valid amount, written as the language writes numbers ("1500,50" in French).
  const values = {
    ...limits,
    whole: formatAmountInput(1500, language),
    decimal: formatAmountInput(1500.5, language),
  };
  return z.object({
    amount: z.string().transform((text, ctx) => {
      const check = checkAmount(text, rules, language);
      if (check.ok) return check.amount;
      const error = check.error === "invalid" && rules.decimals === 0 ? "invalidWhole" : check.error;
      ctx.addIssue({ code: "custom", params: { key: `wallet:dialog.${error}`, values } });
      return z.NEVER;
    }),
  });
}

/** The Add funds dialog: validates the amount, starts the top-up, then hands over to the provider. */
export function AddFundsDialog({
  wallet,
  open,
  onClose,
  initialAmount = "",
}: {
  wallet: Wallet;
  open: boolean;
  onClose: () => void;
  /** Prefilled amount, e.g. what a checkout is short. */
  initialAmount?: string;
}) {
  const { t, i18n } = useTranslation("wallet");
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const money = (n: number) => formatMoney(n, wallet.currency, i18n.language);
  const form = useSchemaForm<{ amount: string }, ReturnType<typeof amountSchema>>({
    schema: amountSchema(
      { decimals: wallet.decimals, min: wallet.min_topup, max: wallet.max_topup },
      i18n.language,
      { min: money(wallet.min_topup), max: money(wallet.max_topup) },
    ),
    defaultValues: { amount: initialAmount },
  });
  // One key per opened dialog: a double submit or a retry starts a single payment.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [cancelled, setCancelled] = useState(false);
  const pay = useMutation({
    mutationFn: async ({ amount }: { amount: number }) => {
      const { data } = await addFunds(amount, key);
      await startProviderStep(
        data,
        (path) => void navigate(path),
        (url) => window.location.assign(url),
        () => setCancelled(true),
      );
    },
    onMutate: () => setCancelled(false),
  });
  // Busy from Continue until the provider takes over, or the payment is cancelled or fails.
  const busy = pay.isPending || (pay.isSuccess && !cancelled);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setKey(crypto.randomUUID());
      setCancelled(false);
      pay.reset();
      form.clearErrors();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
    // Only opening and closing matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const failure = cancelled
    ? t("dialog.cancelled")
    : pay.isError
      ? pay.error instanceof ApiError
        ? pay.error.message
        : t("payment.stripeUnavailable")
      : null;
  return (
    <dialog ref={ref} className="confirm-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={form.handleSubmit((v) => pay.mutate(v))} noValidate>
        <h2 id={`${id}-title`}>{t("dialog.title")}</h2>
        <TextField
          label={t("dialog.amountLabel", { currency: wallet.currency })}
          hint={t("dialog.hint", {
            min: money(wallet.min_topup),
            max: money(wallet.max_topup),
            provider: t(`providers.${wallet.provider}`),
            // A provider that is no name ("demo payment", "card") has its own sentence.
            context: wallet.provider,
          })}
          inputMode="decimal"
          autoComplete="off"
          disabled={busy}
          announce
          error={form.formState.errors.amount?.message}
          {...form.register("amount")}
        />
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
        <div className="confirm-dialog__actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {t("dialog.cancel")}
          </button>
          <button type="submit" className="button button--accent" disabled={busy}>
            {busy ? t("dialog.submitting") : t("dialog.submit")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
