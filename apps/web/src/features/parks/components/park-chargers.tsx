import type { ParkCharger } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { chargerFacts } from "../../../lib/charger-text";

/**
 * A park's EV chargers on its page (docs/PRODUCT-RULES.md#ev-charging): each active group's
 * connector, power, count and the operator's price, and what is true today: the charging is
 * paid at the park, Parkwell books the parking space.
 */
export function ParkChargers({ chargers }: { chargers: ParkCharger[] }) {
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
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="park-muted">{t("chargersPaidAtPark")}</p>
    </section>
  );
}
