/**
 * "Pay {amount} and …" (decision 026): a short wallet at checkout, known from its balance before
 * Pay or from the 402 after it, pays exactly the difference at the country's provider (or the
 * country's minimum top-up, and the driver is told). The parking checkout holds its window
 * (POST /bookings/hold); an order, a pass or a document request is made when the payment is
 * confirmed (POST /purchases/checkout, `usePayDifference`). Shared by those checkouts.
 */
import type { CheckoutKind } from "@parkwell/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api, type ApiError } from "../../lib/api";
import { errorText } from "../../lib/form-errors";
import { formatMoney } from "../../lib/format";
import { startProviderStep } from "../../lib/provider-step";
import { FormAlert } from "./form-alert";
import { TopUpNotice, type Shortfall } from "./top-up-notice";

/** The amount missing, the plain top-up, and the button that pays the difference ("Pay … and book"). */
export function PayDifference({
  short,
  error,
  minTopUp,
  busy,
  failed,
  onPay,
  label,
  missingText,
}: {
  short: Shortfall;
  error: ApiError | null;
  minTopUp: number | undefined;
  busy: boolean;
  failed: string | null;
  onPay: () => void;
  /** The button's words for the amount paid, e.g. "Pay ₦500 and book". */
  label: (amount: string) => string;
  /** The shortfall's sentence when it is not a booking's. */
  missingText?: ((amount: string) => string) | undefined;
}) {
  const { t, i18n } = useTranslation("bookings");
  const amount = Math.max(short.amount, minTopUp ?? 0);
  const money = (n: number) => formatMoney(n, short.currency, i18n.language);
  return (
    <>
      <TopUpNotice error={error} short={short} missingText={missingText} />
      {amount > short.amount && (
        <p className="field__hint" data-testid="pay-difference-minimum">
          {t("checkout.payDifferenceMinimum", { amount: money(amount), missing: money(short.amount) })}
        </p>
      )}
      <FormAlert message={failed} />
      <button
        type="button"
        className="button button--accent"
        data-testid="pay-difference"
        disabled={busy}
        onClick={onPay}
      >
        {busy ? t("checkout.paying") : label(money(amount))}
      </button>
    </>
  );
}

/**
 * Pays the difference for a purchase of `kind` (its own route's body): POST /purchases/checkout
 * with one Idempotency-Key per attempt, then the provider's step; the payment's return page goes
 * on to the purchase once it is made.
 */
export function usePayDifference(kind: CheckoutKind) {
  const { t } = useTranslation("bookings");
  const navigate = useNavigate();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [cancelled, setCancelled] = useState(false);
  const checkout = useMutation({
    mutationFn: async (request: Record<string, unknown>) => {
      const started = await api("/purchases/checkout", {
        method: "POST",
        body: { kind, request },
        headers: { "idempotency-key": key },
      });
      await startProviderStep(
        started.payment,
        (path) => void navigate(path),
        (url) => window.location.assign(url),
        () => setCancelled(true),
      );
    },
    onMutate: () => setCancelled(false),
    // A failed attempt is over: the next one is new.
    onError: () => setKey(crypto.randomUUID()),
  });
  return {
    pay: (request: Record<string, unknown>) => {
      if (!checkout.isPending) checkout.mutate(request);
    },
    busy: checkout.isPending || (checkout.isSuccess && !cancelled),
    failed: checkout.error ? errorText(t, checkout.error) : null,
    reset: () => checkout.reset(),
  };
}
