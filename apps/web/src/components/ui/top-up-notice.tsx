import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { ApiError } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import "./alert.css";

/**
 * A 402: how much the wallet is short and a way to top it up. The wallet page gets the amount and
 * the way back (this checkout with its query string), so the form is not lost. Every checkout that
 * pays from the wallet (parking, event parking, marketplace orders) shows it; its texts are the
 * bookings catalogue's.
 */
export function TopUpNotice({
  error,
  missingText,
}: {
  error: ApiError;
  /** The shortfall's sentence when it is not a booking's (a marketplace order). */
  missingText?: (amount: string) => string;
}) {
  const { t, i18n } = useTranslation("bookings");
  const location = useLocation();
  const missing = Number(error.fields?.amount_missing);
  const currency = error.fields?.currency;
  const back = `${location.pathname}${location.search}`;
  const href = `/wallet?${new URLSearchParams({
    ...(Number.isFinite(missing) && missing > 0 ? { amount: String(missing) } : {}),
    return_to: back,
  }).toString()}`;
  return (
    <div role="alert" className="alert alert--error alert--topup">
      <p>
        {Number.isFinite(missing) && currency
          ? (missingText ?? ((amount) => t("checkout.missing", { amount })))(
              formatMoney(missing, currency, i18n.language),
            )
          : error.message}
      </p>
      <Link className="button" to={href}>
        {t("checkout.topUp")}
      </Link>
    </div>
  );
}
