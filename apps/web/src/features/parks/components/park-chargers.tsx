import type { ParkCharger } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { chargerFacts } from "../../../lib/charger-text";

/**
 * A park's EV chargers on its page (docs/PRODUCT-RULES.md#ev-charging): each active group's
 * connector, power, count and the operator's price, a link to book the parking with one of its
 * chargers (decision 048), and what is true: the charging of a group priced per kWh is paid at the
 * park, that of a group priced per hour with the booking (each sentence when such a group is listed).
 */
export function ParkChargers({ chargers, slug }: { chargers: ParkCharger[]; slug: string }) {
  const { t, i18n } = useTranslation("parks");
  if (chargers.length === 0) return null;
  return (
    <section aria-labelledby="park-chargers-title" data-testid="park-chargers">
      <h2 id="park-chargers-title">{t("chargersTitle")}</h2>
      <table className="park-table">
        <caption className="visually-hidden">{t("chargersTitle")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("chargerColumns.kind")}</th>
            <th scope="col">{t("chargerColumns.count")}</th>
            <th scope="col">{t("chargerColumns.price")}</th>
            {/* The links' column: named for a screen reader, no width taken on a phone. */}
            <th scope="col">
              <span className="visually-hidden">{t("chargerColumns.book")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {chargers.map((c, i) => {
            const facts = chargerFacts(t, c, i18n.language);
            return (
              <tr key={i}>
                <th scope="row">{facts.kind}</th>
                <td>{facts.count}</td>
                <td>{facts.price}</td>
                <td>
                  {/* The checkout with this group chosen, as the page's Book link goes to it. */}
                  <Link to={`/checkout/${slug}?charger_id=${c.id}`}>
                    {t("chargerBook")}
                    <span className="visually-hidden"> {facts.kind}</span>
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="park-muted" data-testid="park-chargers-paid">
        {[
          chargers.some((c) => c.price_unit === "hour") ? t("chargersPaidWithBooking") : null,
          chargers.some((c) => c.price_unit === "kwh") ? t("chargersPaidAtPark") : null,
          t("chargersBookable"),
        ]
          .filter(Boolean)
          .join(" ")}
      </p>
    </section>
  );
}
