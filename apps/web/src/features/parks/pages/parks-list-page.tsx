import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useSelectedCountry } from "../../../lib/country";
import { PageHead } from "../../../lib/seo/page-head";
import { useCountryZone, useParkSearch } from "../api";
import { ParkFilters } from "../components/park-filters";
import { ParkResults } from "../components/park-results";
import "../parks.css";
import { parseParkQuery, toSearchParams, type ParkQuery } from "../search-params";

/** /parks-list: the catalogue of the selected country with filters; the query lives in the URL. */
export function ParksListPage() {
  const { t } = useTranslation("parks");
  const country = useSelectedCountry();
  const [params, setParams] = useSearchParams();
  const query = parseParkQuery(params);
  const zone = useCountryZone(country.code);
  const result = useParkSearch(query, country.code, zone);
  const go = (next: ParkQuery) => setParams(toSearchParams(next));
  const countryName = t(`country.${country.code}`, { defaultValue: country.name });
  return (
    <div className="container page parks-page">
      <PageHead
        title={t("listTitle", { country: countryName })}
        description={t("head.listDescription", { country: countryName })}
        path="/parks-list"
        params={Object.fromEntries(toSearchParams(query))}
      />
      <div className="parks-page__head">
        <h1>{t("listTitle", { country: countryName })}</h1>
        <Link className="button" to={`/search?${toSearchParams({ ...query, page: 1 }).toString()}`}>
          {t("mapView")}
        </Link>
      </div>
      <ParkFilters key={query.search ?? ""} query={query} zone={zone} onChange={go} />
      <ParkResults
        result={result}
        onPage={(page) => {
          go({ ...query, page });
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}
