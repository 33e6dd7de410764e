/**
 * "Pay {amount} and …" (decision 026): a short wallet at checkout, known from its balance before
 * Pay or from the 402 after it, pays exactly the difference at the country's provider (or the
 * country's minimum top-up, and the driver is told). The parking checkout holds its window
 * (POST /bookings/hold); an order, a pass or a document request is made when the payment is
 * confirmed (POST /purchases/checkout, `usePayDifference`). Shared by those checkouts. A driver
 * with a saved card (decision 069) may pay it in one tap instead ("Pay … with Visa •••• 4242"): the
 * card is charged at once and the payment's return page goes on as after the provider.
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
import { cardName, useSavedCards } from "../../lib/saved-cards";
import { FormAlert } from "./form-alert";
import { TopUpNotice, type Shortfall } from "./top-up-notice";
import "./pay-difference.css";

/**
 * The amount missing, the plain top-up, and the button that pays the difference ("Pay … and book"),
 * with, when the driver has a saved card, the one that pays it with that card at once.
 */
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
  /** Pays the difference: at the provider, or with the saved card `cardId` at once. */
  onPay: (cardId?: string) => void;
  /** The button's words for the amount paid, e.g. "Pay ₦500 and book". */
  label: (amount: string) => string;
  /** The shortfall's sentence when it is not a booking's. */
  missingText?: ((amount: string) => string) | undefined;
}) {
  const { t, i18n } = useTranslation("bookings");
  const amount = Math.max(short.amount, minTopUp ?? 0);
  const money = (n: number) => formatMoney(n, short.currency, i18n.language);
  const card = useSavedCards().preferred;
  // The button pressed says it is paying; the other one waits, disabled.
  const [withCard, setWithCard] = useState(false);
  return (
    <>
      <TopUpNotice error={error} short={short} missingText={missingText} />
      {amount > short.amount && (
        <p className="field__hint" data-testid="pay-difference-minimum">
          {t("checkout.payDifferenceMinimum", { amount: money(amount), missing: money(short.amount) })}
        </p>
      )}
      <FormAlert message={failed} />
      <div className="pay-difference__actions">
        <button
          type="button"
          className="button button--accent"
          data-testid="pay-difference"
          disabled={busy}
          onClick={() => {
            setWithCard(false);
            onPay();
          }}
        >
          {busy && !withCard ? t("checkout.paying") : label(money(amount))}
        </button>
        {card && (
          <button
            type="button"
            className="button"
            data-testid="pay-difference-card"
            disabled={busy}
            onClick={() => {
              setWithCard(true);
              onPay(card.id);
            }}
          >
            {busy && withCard
              ? t("checkout.paying")
              : t("checkout.payWithCard", { amount: money(amount), card: cardName(card) })}
          </button>
        )}
      </div>
    </>
  );
}

/**
 * Pays the difference for a purchase of `kind` (its own route's body): POST /purchases/checkout
 * with one Idempotency-Key per attempt, then the provider's step; the payment's return page goes
 * on to the purchase once it is made. With a saved card's `cardId` the card is charged at once
 * (a decline is the 409 said under the button, nothing paid) and the return page follows at once.
 */
export function usePayDifference(kind: CheckoutKind) {
  const { t } = useTranslation("bookings");
  const navigate = useNavigate();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [cancelled, setCancelled] = useState(false);
  const checkout = useMutation({
    mutationFn: async ({
      request,
      cardId,
    }: {
      request: Record<string, unknown>;
      cardId?: string | undefined;
    }) => {
      const started = await api("/purchases/checkout", {
        method: "POST",
        body: { kind, request, ...(cardId ? { card_id: cardId } : {}) },
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
    /** `cardId`: a saved card's, to pay with it at once instead of at the provider. */
    pay: (request: Record<string, unknown>, cardId?: string) => {
      if (!checkout.isPending) checkout.mutate({ request, cardId });
    },
    busy: checkout.isPending || (checkout.isSuccess && !cancelled),
    failed: checkout.error ? errorText(t, checkout.error) : null,
    reset: () => checkout.reset(),
  };
}
