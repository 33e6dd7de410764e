import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Pagination } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { useSelectedCountry } from "../../../lib/country";
import { chargingParksQuery } from "../api";
import "../parks.css";
import { chargerFacts } from "../../../lib/charger-text";

/**
 * /electric-vehicle-charging's list: the selected country's parks with active chargers (from the
 * API, by name), each with its chargers and the operator's prices, linked to its page.
 */
export function ChargingParks() {
  const { t, i18n } = useTranslation("parks");
  const country = useSelectedCountry();
  const [page, setPage] = useState(1);
  const result = useQuery(chargingParksQuery(country.code, page));
  return (
    <section className="charging-parks" aria-labelledby="charging-parks-title">
      <h2 id="charging-parks-title">{t("chargingParks.title", { country: country.name })}</h2>
      {result.isPending && <Spinner />}
      {result.isError && <p role="alert">{t("chargingParks.failed")}</p>}
      {result.data && result.data.items.length === 0 && <p>{t("chargingParks.none")}</p>}
      {result.data && result.data.items.length > 0 && (
        <>
          <p className="park-muted">{t("chargingParks.count", { count: result.data.total })}</p>
          <ul className="charging-parks__list">
            {result.data.items.map((p) => (
              <li key={p.id} className="charging-parks__park">
                <h3>
                  <Link to={`/park/${p.slug}`}>{p.name}</Link>
                </h3>
                <p className="park-muted">{[p.address, p.city].filter(Boolean).join(", ")}</p>
                <ul>
                  {p.chargers.map((c, i) => {
                    const facts = chargerFacts(t, c, i18n.language);
                    return (
                      <li key={i}>
                        {facts.kind} · {facts.count} · {facts.price}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ul>
          <Pagination page={result.data.page} pages={result.data.pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
