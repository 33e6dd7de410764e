import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { formatMoney } from "../../lib/format";
import { callbackUrl, paymentLink, pendingPayment } from "../../lib/provider-step";
import { StripeCard } from "./stripe-card";

/** The card demo mode fakes a success after 1.5 s; the server then verifies for real. */
export const DEMO_DELAY_MS = 1500;

/** /payment?reference=…&provider=…: the in-app payment step (demo, Stripe Elements). */
export function PaymentPage() {
  const { t, i18n } = useTranslation("wallet");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reference = params.get("reference");
  const provider = params.get("provider");
  const payment = pendingPayment(reference);

  useEffect(() => {
    if (!reference || provider !== "demo") return;
    const target = callbackUrl({ reference, provider: "demo", amount: 0, currency: "", payment_info: {} });
    const timer = window.setTimeout(() => void navigate(target, { replace: true }), DEMO_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [reference, provider, navigate]);

  useEffect(() => {
    // Paystack and Wave pay on their own pages: resume there.
    const link =
      payment && payment.provider !== "demo" && payment.provider !== "stripe"
        ? paymentLink(payment)
        : undefined;
    if (link) window.location.assign(link);
  }, [payment]);

  const amount = payment ? formatMoney(payment.amount, payment.currency, i18n.language) : "";
  return (
    <div className="container page">
      <h1>{t("payment.title")}</h1>
      <section className="card" aria-live="polite">
        {provider === "demo" && reference ? (
          <>
            <h2>{t("payment.demoTitle")}</h2>
            <p>{t("payment.demoText", { amount })}</p>
            <span className="spinner__ring" aria-hidden="true" />
          </>
        ) : payment?.provider === "stripe" ? (
          <>
            <h2>{t("payment.cardTitle")}</h2>
            <StripeCard payment={payment} />
          </>
        ) : (
          <p role="alert">{t("payment.missing")}</p>
        )}
        <p>
          <Link to="/wallet">{t("backToWallet")}</Link>
        </p>
      </section>
    </div>
  );
}
