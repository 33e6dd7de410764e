import { purchasePage, type CheckoutKind, type PaymentResult } from "@parkwell/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { ApiError, GENERIC_ERROR } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { verifyPayment } from "./api";
import { rememberedReturn } from "./return-to";
// Its own styles: a provider returns the driver here on a fresh load, before any wallet page.
import "../../components/ui/alert.css";
import "./wallet.css";

type View =
  | { kind: "verifying" }
  | { kind: "success"; result: PaymentResult }
  | { kind: "pending"; message: string }
  | { kind: "error"; message: string }
  | { kind: "none" };

/** Where a purchase paid by a top-up of the difference is shown (an order's page says it was just placed). */
const paidPage = (kind: CheckoutKind, code: string) =>
  `${purchasePage(kind, code)}${kind === "order" ? "?placed=1" : ""}`;
/** The query a paid purchase's list is cached under. */
const PURCHASE_QUERY: Record<CheckoutKind, string> = {
  order: "orders",
  pass: "passes",
  vehicle_docs: "vehicle-docs",
};
const RETRIES = 5;

/**
 * /wallet/callback, /payment/success and /payment-success: where the user comes back from a
 * provider. It asks our server to verify (never trusts the query string) and shows the outcome.
 * Paystack appends `reference`/`trxref`, Stripe `payment_intent`.
 */
export function PaymentResultPage() {
  const { t, i18n } = useTranslation("wallet");
  const [params] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [returnTo] = useState(rememberedReturn);
  const reference = params.get("reference") ?? params.get("trxref") ?? params.get("payment_intent");
  const provider = params.get("provider") ?? undefined;
  const given = (location.state as { result?: PaymentResult } | null)?.result;
  const [view, setView] = useState<View>(
    given ? { kind: "success", result: given } : reference ? { kind: "verifying" } : { kind: "none" },
  );
  const run = useCallback(async () => {
    if (!reference) return;
    setView({ kind: "verifying" });
    try {
      for (let attempt = 0; ; attempt++) {
        const res = await verifyPayment(reference, provider);
        if (res.status === "success") {
          void queryClient.invalidateQueries({ queryKey: ["wallet"] });
          // A top-up that paid the difference for a booking (decision 026): on to the booking.
          if (res.data.booking?.status === "booked") {
            void queryClient.invalidateQueries({ queryKey: ["bookings"] });
            void navigate(`/booking-success?code=${encodeURIComponent(res.data.booking.booking_code)}`, {
              replace: true,
            });
            return;
          }
          // A top-up that paid the difference for an order, a pass or a request: on to it.
          const made = res.data.purchase;
          if (made?.status === "made" && made.code) {
            void queryClient.invalidateQueries({ queryKey: [PURCHASE_QUERY[made.kind]] });
            void navigate(paidPage(made.kind, encodeURIComponent(made.code)), { replace: true });
            return;
          }
          setView({ kind: "success", result: res.data });
          return;
        }
        // The message is in the reader's language: `verifying` says another check is running.
        if (!res.data.verifying || attempt >= RETRIES) {
          setView({ kind: "pending", message: res.message });
          return;
        }
        // Another check (a webhook, another tab) is running: look again shortly.
        await new Promise((r) => window.setTimeout(r, 2000));
      }
    } catch (err) {
      setView({ kind: "error", message: err instanceof ApiError ? err.message : GENERIC_ERROR });
    }
  }, [reference, provider, queryClient, navigate]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current || given) return;
    started.current = true;
    void run();
  }, [run, given]);

  const money = (n: number, currency: string) => formatMoney(n, currency, i18n.language);
  return (
    <div className="container page">
      <h1>{t("result.title")}</h1>
      <section className="card wallet-result" aria-live="polite">
        {view.kind === "verifying" && <p>{t("result.verifying")}</p>}
        {view.kind === "none" && <p>{t("result.noReference")}</p>}
        {view.kind === "success" && (
          <>
            <h2>{t("result.successTitle")}</h2>
            <p>
              {view.result.credited === false
                ? t("result.alreadyText")
                : t("result.successText", { amount: money(view.result.amount, view.result.currency) })}
            </p>
            {view.result.booking && (
              // Paid but not booked (or not yet): set apart, so "Payment successful" is not read as booked.
              <p
                role="status"
                data-testid="payment-booking"
                className={view.result.booking.status === "booked" ? undefined : "alert alert--notice"}
              >
                {view.result.booking.status === "booked"
                  ? t("result.bookingBooked", { code: view.result.booking.booking_code })
                  : view.result.booking.status === "held"
                    ? t("result.bookingHeld")
                    : view.result.booking.status === "expired"
                      ? t("result.bookingExpired")
                      : t(`result.bookingNotBooked.${view.result.booking.reason ?? "full"}`)}
              </p>
            )}
            {view.result.purchase && (
              <p role="status" data-testid="payment-purchase">
                {view.result.purchase.status === "not_made"
                  ? t(`result.purchaseNotMade.${view.result.purchase.kind}`)
                  : t("result.purchasePending")}
              </p>
            )}
            {view.result.new_balance !== undefined && (
              <p className="wallet-result__balance" data-testid="new-balance">
                {t("result.newBalance", { balance: money(view.result.new_balance, view.result.currency) })}
              </p>
            )}
          </>
        )}
        {(view.kind === "pending" || view.kind === "error") && (
          <>
            <h2>{view.kind === "pending" ? t("result.pendingTitle") : t("result.errorTitle")}</h2>
            <p role={view.kind === "error" ? "alert" : undefined}>{view.message}</p>
            <button type="button" className="button" onClick={() => void run()}>
              {t("result.checkAgain")}
            </button>
          </>
        )}
        <p className="ctas">
          <Link to="/wallet" className="button button--accent">
            {t("backToWallet")}
          </Link>
          {view.kind === "success" && returnTo && (
            <Link to={returnTo} className="button">
              {t("backToCheckout")}
            </Link>
          )}
        </p>
      </section>
    </div>
  );
}
