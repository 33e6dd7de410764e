import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Pagination } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { useSelectedCountry } from "../../../lib/country";
import { PageHead } from "../../../lib/seo/page-head";
import { marketHomeQuery, toApiQuery, useMarketItems } from "../api";
import { ItemCard } from "../components/item-card";
import { MarketFilters } from "../components/market-filters";
import { OfferList } from "../components/offer-list";
import { SliderStrip } from "../components/slider-strip";
import { parseMarketQuery, toSearchParams, type MarketQuery } from "../search-params";
import "../marketplace.css";

/**
 * /marketplace: the selected country's sliders and live offers, then its items filtered by
 * category, text, kind and offer, in an order (all in the URL), a page at a time.
 */
export function MarketplacePage() {
  const { t, i18n } = useTranslation("marketplace");
  const country = useSelectedCountry();
  const [params, setParams] = useSearchParams();
  const query = parseMarketQuery(params);
  const home = useQuery(marketHomeQuery(country.code, i18n.language));
  const result = useMarketItems(toApiQuery(query, country.code), i18n.language);
  const go = (next: MarketQuery) => setParams(toSearchParams(next));
  const filtered = Boolean(query.search || query.category || query.kind || query.onOffer);
  const failed = home.error ?? result.error;

  const title = t("list.title", { country: t(`common:country.names.${country.code}`) });

  return (
    <div className="container page market-page">
      <PageHead
        title={title}
        description={t("list.lead")}
        path="/marketplace"
        params={Object.fromEntries(toSearchParams(query))}
      />
      <div className="market-page__head">
        <h1>{title}</h1>
        <p className="market-page__lead">{t("list.lead")}</p>
      </div>
      {home.data && !filtered && query.page === 1 && <SliderStrip slides={home.data.sliders} />}
      {home.data && !filtered && query.page === 1 && (
        <OfferList offers={home.data.offers} currency={home.data.currency} />
      )}
      <MarketFilters
        key={query.search ?? ""}
        query={query}
        categories={home.data?.categories ?? []}
        onChange={go}
      />
      {result.isPending ? (
        <Spinner />
      ) : failed && !result.data ? (
        <div className="alert alert--error" role="alert">
          <p>{failed instanceof ApiError ? failed.message : t("loadError")}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              void home.refetch();
              void result.refetch();
            }}
          >
            {t("retry")}
          </button>
        </div>
      ) : result.data ? (
        <section aria-labelledby="market-count" aria-busy={result.isFetching}>
          <p id="market-count" className="market-count" aria-live="polite" data-testid="item-count">
            {t("list.count", { count: result.data.total })}
          </p>
          {result.data.items.length === 0 ? (
            <div className="market-empty" data-testid="market-empty">
              <p>{filtered ? t("list.emptyFiltered") : t("list.empty")}</p>
              {filtered && (
                <button type="button" className="button" onClick={() => go({ ...query, ...CLEARED })}>
                  {t("list.clear")}
                </button>
              )}
            </div>
          ) : (
            <ul className="market-grid">
              {result.data.items.map((item) => (
                <li key={item.id}>
                  <ItemCard item={item} />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={result.data.page}
            pages={result.data.pages}
            onPage={(page) => {
              go({ ...query, page });
              window.scrollTo({ top: 0 });
            }}
          />
        </section>
      ) : null}
    </div>
  );
}

const CLEARED: Partial<MarketQuery> = {
  search: undefined,
  category: undefined,
  kind: undefined,
  onOffer: undefined,
  page: 1,
};
