import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { ApiError } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { walletQuery } from "../../lib/queries";
import { FormAlert } from "./form-alert";
import { PayDifference } from "./pay-difference";
import "./alert.css";

/** What the wallet lacks: the API's 402 (`amount_missing`, `currency`), or known before Pay. */
export interface Shortfall {
  amount: number;
  currency: string;
}

/** A 402's shortfall, when it names one. */
export function shortfallOf(error: ApiError): Shortfall | null {
  const amount = Number(error.fields?.amount_missing);
  const currency = error.fields?.currency;
  return Number.isFinite(amount) && amount > 0 && currency ? { amount, currency } : null;
}

/**
 * The driver's wallet when it is in another currency than `currency` (a naira wallet and a park in
 * Senegal): that wallet cannot pay, and no top-up of it can. Null while the wallet loads, or when
 * it is in `currency`.
 */
export function useWalletInOtherCurrency(currency: string | undefined): string | null {
  const wallet = useQuery(walletQuery());
  const own = wallet.data?.currency;
  return own && currency && own !== currency ? own : null;
}

/**
 * Said before Pay when the wallet is in another currency than what is bought: it cannot pay for
 * it and a top-up would not help (every checkout that pays from the wallet shows it; nothing when
 * the currencies are the same).
 */
export function OtherCurrencyNotice({ currency }: { currency: string | undefined }) {
  const { t } = useTranslation("bookings");
  const own = useWalletInOtherCurrency(currency);
  if (!own || !currency) return null;
  return (
    <div role="alert" className="alert alert--error" data-testid="wallet-other-currency">
      <p>{t("checkout.otherCurrency", { wallet: own, currency })}</p>
    </div>
  );
}

/** What a wallet of `balance` lacks for `total` (in the wallet's currency), or null when it covers it. */
export function shortfallFrom(
  total: number,
  balance: number,
  currency: string,
  decimals: number,
): Shortfall | null {
  const unit = 10 ** decimals;
  const missing = Math.round(total * unit) - Math.round(balance * unit);
  return missing > 0 ? { amount: missing / unit, currency } : null;
}

/** What a checkout gives WalletNotice to offer paying the difference. */
export interface PayDifferenceOffer {
  minTopUp: number | undefined;
  busy: boolean;
  failed: string | null;
  /** `cardId`: pay with that saved card at once (PayDifference's second button). */
  onPay: (cardId?: string) => void;
  label: (amount: string) => string;
}

/**
 * What a checkout says above its Pay button about the wallet: that a wallet in another currency
 * than `currency` cannot pay, else a 402's shortfall with its top-up, else the form's own alert.
 */
export function WalletNotice({
  currency,
  error,
  alert,
  missingText,
  payDifference,
}: {
  currency: string | undefined;
  error: ApiError | null;
  /** The form's alert for any other answer. */
  alert: string | null;
  missingText?: (amount: string) => string;
  /** A 402 of the wallet offers to pay the difference ("Pay … and order": pay-difference.tsx). */
  payDifference?: PayDifferenceOffer | undefined;
}) {
  if (useWalletInOtherCurrency(currency)) return <OtherCurrencyNotice currency={currency} />;
  const short = error?.status === 402 ? shortfallOf(error) : null;
  if (short && payDifference) {
    return <PayDifference short={short} error={error} missingText={missingText} {...payDifference} />;
  }
  if (error?.status === 402) return <TopUpNotice error={error} missingText={missingText} />;
  return <FormAlert message={alert} />;
}

/**
 * What the wallet lacks and a way to top it up. The wallet page gets the amount and the way back
 * (this checkout with its query string, wallet/return-to.ts), so the form is not lost. Every
 * checkout that pays from the wallet (parking, event parking, monthly passes, marketplace orders,
 * vehicle documents) shows it, from a 402 or from the balance it already knows; its texts are the
 * bookings catalogue's. A shortfall in another currency than the wallet's offers no top-up: it
 * says that the wallet cannot pay.
 */
export function TopUpNotice({
  error,
  short,
  missingText,
}: {
  error?: ApiError | null;
  /** The shortfall known before Pay (else the 402's). */
  short?: Shortfall | null;
  /** The shortfall's sentence when it is not a booking's (a marketplace order). */
  missingText?: (amount: string) => string;
}) {
  const { t, i18n } = useTranslation("bookings");
  const location = useLocation();
  const shortfall = short ?? (error ? shortfallOf(error) : null);
  const otherCurrency = useWalletInOtherCurrency(shortfall?.currency);
  if (otherCurrency) return <OtherCurrencyNotice currency={shortfall?.currency} />;
  const back = `${location.pathname}${location.search}`;
  const href = `/wallet?${new URLSearchParams({
    ...(shortfall ? { amount: String(shortfall.amount) } : {}),
    return_to: back,
  }).toString()}`;
  return (
    <div role="alert" className="alert alert--error alert--topup">
      <p>
        {shortfall
          ? (missingText ?? ((amount) => t("checkout.missing", { amount })))(
              formatMoney(shortfall.amount, shortfall.currency, i18n.language),
            )
          : error?.message}
      </p>
      <Link className="button" to={href}>
        {t("checkout.topUp")}
      </Link>
    </div>
  );
}
