import type { Quote } from "@parkwell/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { CouponField } from "../../../components/ui/coupon-field";
import { Spinner } from "../../../components/ui/spinner";
import { PayDifference } from "../../../components/ui/pay-difference";
import { shortfallOf, TopUpNotice, type PayDifferenceOffer } from "../../../components/ui/top-up-notice";
import { ApiError } from "../../../lib/api";
import { formatMoney } from "../../../lib/format";
import type { CartLine } from "../cart";
import type { PlaceOrderBlock } from "../place-order";
import { QuoteLines, QuoteTotals } from "./quote-lines";

/**
 * The checkout's summary: the lines and totals as the server priced them, the coupon, the wallet's
 * balance, who pays, why the order cannot be placed yet (or what a refusal said), and Place order.
 */
export function CheckoutSummary({
  country,
  lines,
  quote,
  coupon,
  onCoupon,
  balance,
  error,
  payer,
  companyPaid,
  blocked,
  placing,
  ready,
  onPlace,
  payDifference,
}: {
  country: string;
  lines: CartLine[];
  quote: UseQueryResult<Quote>;
  /** The coupon asked for (the URL's). */
  coupon: string | undefined;
  onCoupon: (code: string | undefined) => void;
  balance: { amount: number; currency: string } | null;
  error: ApiError | null;
  /** The "Who pays" choice (nothing when the driver has no company that can pay). */
  payer: ReactNode;
  /** The refused attempt was the company's: its short account is the company's to top up. */
  companyPaid: boolean;
  blocked: PlaceOrderBlock | null;
  placing: boolean;
  /** The order is known and has its attempt's key. */
  ready: boolean;
  onPlace: (total: number) => void;
  /** The wallet's 402 offers to pay the difference ("Pay … and order": pay-difference.tsx). */
  payDifference?: PayDifferenceOffer | undefined;
}) {
  const { t, i18n } = useTranslation("marketplace");
  const id = useId();
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, i18n.language);
  const q = quote.data;
  return (
    <aside className="card market-checkout__summary" aria-labelledby={`${id}-summary`}>
      <h2 id={`${id}-summary`}>{t("checkout.summary")}</h2>
      <QuoteLines country={country} lines={lines} quote={q} />
      <CouponField
        code={coupon}
        onCode={onCoupon}
        verdict={q?.coupon && { ...q.coupon, discount: q.coupon.discount.amount }}
        currency={q?.coupon?.discount.currency ?? ""}
      />
      {quote.isPending && <Spinner />}
      {quote.error && (
        <p className="alert alert--error" role="alert">
          {quote.error instanceof ApiError ? quote.error.message : t("loadError")}
        </p>
      )}
      {q && (
        <div aria-live="polite" aria-busy={quote.isFetching}>
          <QuoteTotals quote={q} />
          {q.problems.length > 0 && (
            <ul className="market-problems" data-testid="quote-problems">
              {q.problems.map((p) => (
                <li key={`${p.field}-${p.message}`}>{p.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {balance && (
        <p data-testid="checkout-balance">
          {t("checkout.balance", {
            amount: money(balance),
          })}
        </p>
      )}
      {payer}
      {error?.status === 402 && !companyPaid && payDifference && shortfallOf(error) ? (
        <PayDifference
          short={shortfallOf(error)!}
          error={error}
          missingText={(amount) => t("checkout.missing", { amount })}
          {...payDifference}
        />
      ) : error?.status === 402 && !companyPaid ? (
        <TopUpNotice error={error} missingText={(amount) => t("checkout.missing", { amount })} />
      ) : (
        <FormAlert message={error ? error.message : null} />
      )}
      {blocked && (
        <p id={`${id}-blocked`} className="field__hint" data-testid="place-blocked">
          {t(`checkout.blocked.${blocked}`)}
        </p>
      )}
      <button
        type="button"
        // While the wallet is short, paying the difference above is the way forward: this steps back.
        className={`button ${error?.status === 402 ? "" : "button--accent "}market-checkout__pay`}
        aria-describedby={blocked ? `${id}-blocked` : undefined}
        disabled={blocked !== null || !q || placing || !ready}
        onClick={() => {
          if (q && ready && !placing) onPlace(q.total.amount);
        }}
      >
        {placing
          ? t("checkout.placing")
          : q
            ? t("checkout.place", { amount: money(q.total) })
            : t("checkout.placeShort")}
      </button>
    </aside>
  );
}
