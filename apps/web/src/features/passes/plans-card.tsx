import { describeHours, type PublicPlan } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDistance, formatMoney, placeLine } from "../../lib/format";
import { hoursLanguage, planName } from "./plans-text";
import { lowestPrice } from "./plans-params";
import { savedVehiclesQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";

/**
 * A plan in the list: its name, park, city, hours in words, a monthly price and the vehicle it is
 * for, passes left, distance. The price is the one for the vehicle type the list is filtered on,
 * else the signed-in driver's default vehicle's; otherwise the lowest, "from", with its vehicle.
 */
export function PlanCard({
  plan,
  highlighted = false,
  vehicleTypeId,
}: {
  plan: PublicPlan;
  highlighted?: boolean;
  vehicleTypeId?: number | undefined;
}) {
  const { t, i18n } = useTranslation(["plans", "bookings"]);
  const lang = i18n.language;
  const { signedIn } = useSession();
  const vehicles = useQuery({ ...savedVehiclesQuery(), enabled: signedIn && vehicleTypeId === undefined });
  const typeId = vehicleTypeId ?? vehicles.data?.find((v) => v.is_default)?.vehicle_type_id;
  const own = plan.prices.find((p) => p.vehicle_type_id === typeId);
  const shown = own ?? lowestPrice(plan.prices);
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
        {shown && (
          <strong>
            {t(own ? "perMonthFor" : "fromPerMonthFor", {
              price: formatMoney(shown.monthly_price, plan.currency, lang),
              type: t(`bookings:vehicleId.${shown.vehicle_type_id}`, { defaultValue: shown.vehicle_type }),
            })}
          </strong>
        )}
        <span className={plan.passes_left > 0 ? "plan-left" : "plan-left plan-left--none"}>
          {plan.passes_left > 0 ? t("left", { count: plan.passes_left }) : t("soldOut")}
        </span>
      </p>
    </article>
  );
}
