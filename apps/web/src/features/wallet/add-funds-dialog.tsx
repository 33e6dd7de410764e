import type { Wallet } from "@parkwell/contract";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { checkAmount } from "./amount";
import { addFunds } from "./api";
import { startProviderStep } from "./provider-step";

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
  const [text, setText] = useState(initialAmount);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per opened dialog: a double submit or a retry starts a single payment.
  const [key, setKey] = useState(() => crypto.randomUUID());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setKey(crypto.randomUUID());
      setError(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const money = (n: number) => formatMoney(n, wallet.currency, i18n.language);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const check = checkAmount(
      text,
      { decimals: wallet.decimals, min: wallet.min_topup, max: wallet.max_topup },
      i18n.language,
    );
    if (!check.ok) {
      setError(t(`dialog.${check.error}`, { min: money(wallet.min_topup), max: money(wallet.max_topup) }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { data } = await addFunds(check.amount, key);
      await startProviderStep(
        data,
        (path) => void navigate(path),
        (url) => window.location.assign(url),
        () => {
          setBusy(false);
          setError(t("dialog.cancelled"));
        },
      );
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : t("payment.stripeUnavailable"));
    }
  };

  const errorId = `${id}-error`;
  return (
    <dialog ref={ref} className="wallet-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${id}-title`}>{t("dialog.title")}</h2>
        <label htmlFor={`${id}-amount`} className="wallet-field__label">
          {t("dialog.amountLabel", { currency: wallet.currency })}
        </label>
        <input
          id={`${id}-amount`}
          className="wallet-field__input"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${errorId}` : ""}`}
          disabled={busy}
        />
        <p id={`${id}-hint`} className="wallet-field__hint">
          {t("dialog.hint", {
            min: money(wallet.min_topup),
            max: money(wallet.max_topup),
            provider: t(`providers.${wallet.provider}`),
          })}
        </p>
        {error && (
          <p id={errorId} className="wallet-field__error" role="alert">
            {error}
          </p>
        )}
        <div className="wallet-dialog__actions">
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
