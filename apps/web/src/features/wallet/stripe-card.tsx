import type { AddFundsData } from "@parkwell/contract";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../lib/api";
import "../../components/ui/field.css";
import { formatMoney } from "../../lib/format";
import { creditPayment } from "./api";
import { callbackUrl, returnsToItsPage } from "../../lib/provider-step";

/** Stripe Elements, loaded from js.stripe.com only when this card form is shown. */
export function StripeCard({ payment }: { payment: AddFundsData }) {
  const { t, i18n } = useTranslation("wallet");
  const navigate = useNavigate();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const info = payment.payment_info;
  const key = typeof info.publishable_key === "string" ? info.publishable_key : null;
  const secret = typeof info.client_secret === "string" ? info.client_secret : null;

  useEffect(() => {
    if (!key || !secret) return;
    let cancelled = false;
    import("@stripe/stripe-js/pure")
      .then(({ loadStripe }) => loadStripe(key, { locale: i18n.language === "fr" ? "fr" : "en" }))
      .then((s) => {
        if (cancelled) return;
        if (!s || !mountRef.current) throw new Error("Stripe.js unavailable");
        const elements = s.elements({ clientSecret: secret });
        elements.create("payment").mount(mountRef.current);
        setStripe({ stripe: s, elements });
      })
      .catch(() => !cancelled && setError(t("payment.stripeUnavailable")));
    return () => {
      cancelled = true;
    };
  }, [key, secret, i18n.language, t]);

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe) return;
    setBusy(true);
    setError(null);
    const { error: failure, paymentIntent } = await stripe.stripe.confirmPayment({
      elements: stripe.elements,
      confirmParams: { return_url: `${window.location.origin}${callbackUrl(payment)}` },
      redirect: "if_required",
    });
    if (failure || paymentIntent?.status !== "succeeded") {
      setBusy(false);
      setError(failure?.message ?? t("payment.stripeUnavailable"));
      return;
    }
    // A top-up started by another page (a company's wallet) is verified there, through its own route.
    if (returnsToItsPage(payment)) {
      void navigate(callbackUrl(payment));
      return;
    }
    try {
      // Confirmed in the page: our server still asks Stripe before crediting.
      const res = await creditPayment(payment.reference, payment.amount, t("transactions.types.topup"));
      // Another verification of it is running (pending, in progress): the result page asks again.
      if (res.status !== "success") {
        void navigate(callbackUrl(payment));
        return;
      }
      void navigate(`/payment/success?reference=${encodeURIComponent(payment.reference)}&provider=stripe`, {
        state: { result: res.data },
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === "already_credited") void navigate(callbackUrl(payment));
      else {
        setBusy(false);
        setError(err instanceof ApiError ? err.message : t("payment.stripeUnavailable"));
      }
    }
  };

  if (!key || !secret) return <p role="alert">{t("payment.cardNotConfigured")}</p>;
  return (
    <form onSubmit={(e) => void pay(e)}>
      <div ref={mountRef} className="wallet-stripe-mount" />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--accent" disabled={!stripe || busy}>
        {busy
          ? t("payment.paying")
          : t("payment.payNow", { amount: formatMoney(payment.amount, payment.currency, i18n.language) })}
      </button>
    </form>
  );
}
