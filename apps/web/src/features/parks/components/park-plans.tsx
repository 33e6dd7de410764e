import { describeHours } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { parkPlansQuery } from "../park-page-queries";
import { formatMoney } from "../../../lib/format";
import "./park-plans.css";

/**
 * Beside the hourly price: the park's monthly plans on sale (GET /plans?park_id=), the lowest
 * monthly price, and a link to each plan; nothing when the park sells none.
 */
export function ParkPlans({ parkId }: { parkId: number }) {
  const { t, i18n } = useTranslation("plans");
  const lang = i18n.language;
  const plans = useQuery(parkPlansQuery(parkId));
  const items = plans.data?.items ?? [];
  if (items.length === 0) return null;
  const lowest = (prices: { monthly_price: number }[]) => Math.min(...prices.map((p) => p.monthly_price));
  const from = Math.min(...items.filter((p) => p.prices.length > 0).map((p) => lowest(p.prices)));
  const currency = items[0]!.currency;
  return (
    <section className="park-plans" aria-labelledby="park-plans-title" data-testid="park-plans">
      <h2 id="park-plans-title">{t("park.title")}</h2>
      {Number.isFinite(from) && <p>{t("fromPerMonth", { price: formatMoney(from, currency, lang) })}</p>}
      <ul>
        {items.map((plan) => (
          <li key={plan.id}>
            <Link to={`/subscription-plans/${plan.id}`}>
              {t("park.plan", {
                name: lang.startsWith("fr") ? plan.name.fr : plan.name.en,
                hours: describeHours(plan.windows, lang.startsWith("fr") ? "fr" : "en"),
                price: formatMoney(lowest(plan.prices), plan.currency, lang),
              })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
