import { CANCELLATION_REFUNDS_FEES, CANCELLATION_RULES } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * The policy summary, rendered from the contract's rules so it says what the code does. A refund
 * goes back to whoever paid: the driver's wallet, or `company` when the company chosen pays.
 * `charging`: the price has EV charging sold with it (a charger priced per hour, decision 048),
 * refunded at the parking's percentage, which the summary then says.
 */
export function RefundPolicy({ company, charging = false }: { company?: string; charging?: boolean }) {
  const { t } = useTranslation("bookings");
  return (
    <section className="booking-policy" aria-labelledby="booking-policy-title">
      <h2 id="booking-policy-title">{t("policy.title")}</h2>
      <ul>
        {CANCELLATION_RULES.map((rule) => (
          <li key={rule.minutesBeforeStart}>
            {rule.minutesBeforeStart > 0
              ? company
                ? t("policy.beforeToCompany", {
                    minutes: rule.minutesBeforeStart,
                    percent: rule.refundPercent,
                    company,
                  })
                : t("policy.before", { minutes: rule.minutesBeforeStart, percent: rule.refundPercent })
              : t("policy.beforeStart", { percent: rule.refundPercent })}
          </li>
        ))}
        <li>{t("policy.started")}</li>
        {charging && <li>{t("policy.charging")}</li>}
        {!CANCELLATION_REFUNDS_FEES && <li>{t("policy.fees")}</li>}
      </ul>
      <p>
        <Link to="/cancellation-policy">{t("policy.link")}</Link>
      </p>
      {/* The space guarantee in one line (docs/PRODUCT-RULES.md "The space guarantee"). */}
      <p data-testid="space-guarantee-line">
        {t("policy.guarantee")} <Link to="/space-guarantee">{t("policy.guaranteeLink")}</Link>
      </p>
    </section>
  );
}
