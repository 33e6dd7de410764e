import { describeHours, type PublicPlan } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { formatMoney, formatNumber, placeLine, vehicleTypeLabel } from "../../lib/format";
import { useSession } from "../../lib/session";
import { zoneAbbreviation } from "../../lib/zoned-time";
import { planQuery } from "./plans-api";
import { PlanCheckout } from "./plans-checkout";
import { PassWeek } from "./pass-week";
import { lowestMonthly, termsOf } from "./plans-params";
import { hoursLanguage, planName } from "./plans-text";
import "../../components/ui/content.css";
import "./plans.css";

/**
 * /subscription-plans/{id}: a plan on sale (park, hours in words and by day, prices, terms,
 * passes left, the kind of space) and its checkout; signed out, `signedOut` (the app's sign-in
 * prompt) stands where the checkout would.
 */
export function PlanPage({ signedOut }: { signedOut: ReactNode }) {
  const { t, i18n } = useTranslation(["plans", "bookings"]);
  const { id = "" } = useParams();
  const planId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const result = useQuery({ ...planQuery(planId), enabled: planId > 0 });
  const { signedIn } = useSession();
  const plan = result.data;
  if (planId > 0 && result.isPending) return <Spinner />;
  if (!plan) {
    const notFound = planId === 0 || (result.error instanceof ApiError && result.error.status === 404);
    return (
      <div className="container page">
        <h1>{notFound ? t("notFoundTitle") : t("loadFailed")}</h1>
        <p role="alert">{notFound ? t("notFoundText") : result.error?.message}</p>
        <Link to="/subscription-plans" className="button">
          {t("backToList")}
        </Link>
      </div>
    );
  }
  const lang = i18n.language;
  const from = lowestMonthly(plan.prices);
  return (
    <div className="container page plan-page">
      <nav aria-label={t("backToList")}>
        <Link to="/subscription-plans">{t("backToList")}</Link> › <span>{plan.park.city}</span>
      </nav>
      <header>
        <h1>{planName(plan, lang)}</h1>
        <p>
          <Link to={`/park/${plan.park.slug}`}>{plan.park.name}</Link> ·{" "}
          {placeLine(plan.park.address, plan.park.city)}
        </p>
        <p>
          {from !== undefined && (
            <strong>{t("fromPerMonth", { price: formatMoney(from, plan.currency, lang) })}</strong>
          )}{" "}
          ·{" "}
          <span className={plan.passes_left > 0 ? "plan-left" : "plan-left plan-left--none"}>
            {plan.passes_left > 0 ? t("left", { count: plan.passes_left }) : t("soldOut")}
          </span>{" "}
          · {t(`space.${plan.space_mode}`)}
        </p>
      </header>
      <div className="plan-page__grid">
        <div>
          <PlanHours plan={plan} />
          <h2>{t("pricesTitle")}</h2>
          <table className="plan-table">
            <thead>
              <tr>
                <th scope="col">{t("vehicleType")}</th>
                <th scope="col">{t("monthly")}</th>
              </tr>
            </thead>
            <tbody>
              {plan.prices.map((p) => (
                <tr key={p.vehicle_type_id}>
                  <td>{vehicleTypeLabel(t, p.vehicle_type_id, p.vehicle_type)}</td>
                  <td>{formatMoney(p.monthly_price, plan.currency, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t("termsTitle")}</h2>
          <ul>
            {termsOf(plan.min_term_months).map((m) => (
              <li key={m}>
                {t("termLine", { term: t("term", { count: m }), discount: discountText(t, plan, m, lang) })}
              </li>
            ))}
          </ul>
          {plan.min_term_months > 1 && (
            <p className="plans-muted">{t("minTerm", { count: plan.min_term_months })}</p>
          )}
        </div>
        <section aria-labelledby="plan-checkout-title">
          {signedIn ? <PlanCheckout plan={plan} /> : signedOut}
        </section>
      </div>
    </div>
  );
}

/** "10 % off" for a term the plan discounts, else "No discount". */
export function discountText(
  t: (key: string, o?: Record<string, unknown>) => string,
  plan: Pick<PublicPlan, "discount_3m_percent" | "discount_12m_percent">,
  months: number,
  lang: string,
): string {
  const percent = months === 12 ? plan.discount_12m_percent : months === 3 ? plan.discount_3m_percent : 0;
  return percent > 0 ? t("termDiscount", { percent: formatNumber(percent, lang) }) : t("noDiscount");
}

/** The hours in words, then day by day on the park's clock. */
function PlanHours({ plan }: { plan: PublicPlan }) {
  const { t, i18n } = useTranslation("plans");
  const lang = i18n.language;
  return (
    <>
      <h2>{t("hoursTitle")}</h2>
      <p>
        <strong>{describeHours(plan.windows, hoursLanguage(lang))}</strong> ·{" "}
        {t("hoursPerWeek", { hours: formatNumber(plan.hours_per_week, lang) })}
      </p>
      <p className="plans-muted">{t("weekTable", { zone: zoneAbbreviation(plan.park.time_zone, lang) })}</p>
      <PassWeek windows={plan.windows} />
    </>
  );
}
