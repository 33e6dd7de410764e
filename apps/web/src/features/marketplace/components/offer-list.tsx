import type { MarketHome } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney } from "../../../lib/format";
import { countriesQuery } from "../../../lib/queries";
import { formatZonedDay, zoneOfCurrency } from "../../../lib/zoned-time";

type Offer = MarketHome["offers"][number];

/** The live offers: what each cuts, until when, and the way to its item or category. */
export function OfferList({ offers, currency }: { offers: Offer[]; currency: string }) {
  const { t, i18n } = useTranslation("marketplace");
  const lang = i18n.language;
  const countries = useQuery(countriesQuery());
  if (offers.length === 0) return null;
  // The day an offer ends in the marketplace's country (the country of its currency), whatever the phone's zone.
  const zone = zoneOfCurrency(currency, countries.data);
  return (
    <section className="market-offers" aria-labelledby="market-offers-title">
      <h2 id="market-offers-title">{t("offers.title")}</h2>
      <ul className="market-offers__list">
        {offers.map((o) => {
          const cut =
            o.discount_type === "percentage"
              ? t("offers.percent", { value: new Intl.NumberFormat(lang).format(o.discount) })
              : t("offers.amount", { value: formatMoney(o.discount, currency, lang) });
          const to = o.item_id
            ? `/marketplace/${o.item_id}`
            : `/marketplace?${new URLSearchParams({ category: o.category_slug ?? "", on_offer: "true" }).toString()}`;
          return (
            <li key={o.id} className="market-offer">
              <p className="market-offer__cut">{cut}</p>
              <p className="market-offer__name">
                <Link to={to}>{o.name}</Link>
              </p>
              <p className="market-offer__ends">
                {t("offers.ends", { date: formatZonedDay(o.ends_at, lang, zone) })}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
