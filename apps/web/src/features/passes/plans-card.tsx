import { describeHours, type PublicPlan } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDistance, formatMoney, placeLine } from "../../lib/format";
import { hoursLanguage, planName } from "./plans-text";
import { lowestMonthly } from "./plans-params";

/** A plan in the list: its name, park, city, hours in words, price from, passes left, distance. */
export function PlanCard({ plan, highlighted = false }: { plan: PublicPlan; highlighted?: boolean }) {
  const { t, i18n } = useTranslation("plans");
  const lang = i18n.language;
  const from = lowestMonthly(plan.prices);
  return (
    <article className={highlighted ? "plan-card plan-card--active" : "plan-card"} data-plan-id={plan.id}>
      <h2 className="plan-card__name">
        <Link to={`/subscription-plans/${plan.id}`}>{planName(plan, lang)}</Link>
      </h2>
      <p className="plan-card__park">
        {plan.park.name} · {placeLine(plan.park.address, plan.park.city)}
        {plan.distance_m !== null && (
          <span> · {t("away", { distance: formatDistance(plan.distance_m / 1000, lang) })}</span>
        )}
      </p>
      <p className="plan-card__hours">{describeHours(plan.windows, hoursLanguage(lang))}</p>
      <p className="plan-card__foot">
        {from !== undefined && (
          <strong>{t("fromPerMonth", { price: formatMoney(from, plan.currency, lang) })}</strong>
        )}
        <span className={plan.passes_left > 0 ? "plan-left" : "plan-left plan-left--none"}>
          {plan.passes_left > 0 ? t("left", { count: plan.passes_left }) : t("soldOut")}
        </span>
      </p>
    </article>
  );
}
