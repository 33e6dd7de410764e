import { CANCELLATION_REFUNDS_FEES, CANCELLATION_RULES } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * The policy summary, rendered from the contract's rules so it says what the code does. A refund
 * goes back to whoever paid: the driver's wallet, or `company` when the company chosen pays.
 */
export function RefundPolicy({ company }: { company?: string }) {
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
        {!CANCELLATION_REFUNDS_FEES && <li>{t("policy.fees")}</li>}
      </ul>
      <p>
        <Link to="/cancellation-policy">{t("policy.link")}</Link>
      </p>
    </section>
  );
}
