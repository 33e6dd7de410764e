import { countriesQuery } from "../../lib/queries";
import type { PageData } from "../../lib/query-client";
import { marketHomeQuery, marketItemsQuery, toApiQuery } from "./api";
import { parseMarketQuery } from "./search-params";

/**
 * /marketplace's data for a server render: the visitor's country's shop front, the items the URL
 * names, and the served countries (an offer ends on its country's day).
 */
export const marketplaceData: PageData = async ({ queryClient, country, language, url }) => {
  const query = parseMarketQuery(url.searchParams);
  await Promise.all([
    queryClient.fetchQuery(marketHomeQuery(country.code, language)),
    queryClient.fetchQuery(marketItemsQuery(toApiQuery(query, country.code), language)),
    queryClient.fetchQuery(countriesQuery()),
  ]);
};
