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
import { formatMoney } from "../../lib/format";
import { useSchemaForm } from "../../lib/use-schema-form";
import { amountField, type AmountRules } from "./amount";
import { addFunds } from "./api";
import { startProviderStep } from "../../lib/provider-step";
import { cardName, useSavedCards } from "../../lib/saved-cards";
import "./wallet.css";

/** The add-funds choice of how to pay: a saved card's id, or the provider's page. */
const PROVIDER_PAGE = "provider";

/** The amount as typed, checked with the wallet's rules (amount.ts); its problems name their text. */
function amountSchema(rules: AmountRules, language: string, limits: { min: string; max: string }) {
  return z.object({ amount: amountField(rules, language, limits) });
}

/**
 * The Add funds dialog: validates the amount, starts the top-up, then hands over to the provider;
 * or, with a saved card chosen (decision 069), the card is charged at once and the payment's
 * return page tells the outcome. Paying at the provider may keep the card for later.
 */
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
  const saved = useSavedCards();
  // A saved card by default (one tap), the one the reload uses first; else the provider's page.
  const [chosen, setChosen] = useState<string | null>(null);
  const via =
    chosen === PROVIDER_PAGE || saved.cards.some((c) => c.id === chosen)
      ? (chosen as string)
      : (saved.preferred?.id ?? PROVIDER_PAGE);
  const [saveCard, setSaveCard] = useState(false);
  const offerSave = saved.data?.available === true && via === PROVIDER_PAGE;
  const pay = useMutation({
    mutationFn: async ({ amount }: { amount: number }) => {
      const { data } = await addFunds(
        amount,
        key,
        via !== PROVIDER_PAGE ? { card_id: via } : offerSave && saveCard ? { save_card: true } : {},
      );
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
      setChosen(null);
      setSaveCard(false);
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
        {saved.cards.length > 0 && (
          <fieldset className="wallet-choice" disabled={busy}>
            <legend>{t("dialog.payWithLegend")}</legend>
            {saved.cards.map((card) => (
              <label key={card.id}>
                <input
                  type="radio"
                  name={`${id}-via`}
                  checked={via === card.id}
                  onChange={() => setChosen(card.id)}
                />
                <span>{t("dialog.payWithCard", { card: cardName(card) })}</span>
              </label>
            ))}
            <label>
              <input
                type="radio"
                name={`${id}-via`}
                checked={via === PROVIDER_PAGE}
                onChange={() => setChosen(PROVIDER_PAGE)}
              />
              <span>{t("dialog.payOnPage")}</span>
            </label>
          </fieldset>
        )}
        {offerSave && (
          <label className="wallet-check">
            <input
              type="checkbox"
              checked={saveCard}
              disabled={busy}
              onChange={(e) => setSaveCard(e.target.checked)}
            />
            <span>{t("dialog.saveCard")}</span>
          </label>
        )}
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
            {busy
              ? t("dialog.submitting")
              : via === PROVIDER_PAGE
                ? t("dialog.submit")
                : t("dialog.submitCard")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
