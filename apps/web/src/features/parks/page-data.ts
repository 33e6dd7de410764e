import type { ParkType } from "@parkwell/contract";
import { countriesQuery, vehicleTypesQuery } from "../../lib/queries";
import type { PageData } from "../../lib/query-client";
import { chargingParksQuery, parkSearchQuery } from "./api";
import { parseParkQuery } from "./search-params";

/**
 * /parks-list's data for a server render: the served countries (the search's clock is the visitor's
 * country's), the vehicle types of the filters, and the search the URL names in that country.
 */
export const parksListData: PageData = async ({ queryClient, country, language, url }) => {
  const query = parseParkQuery(url.searchParams);
  const [countries] = await Promise.all([
    queryClient.fetchQuery(countriesQuery()),
    queryClient.fetchQuery(vehicleTypesQuery()),
  ]);
  const zone = countries.find((c) => c.code === country.code)?.timezone;
  // As the page: a window waits for the clock it is read on.
  if (zone === undefined && (query.start || query.end)) return;
  await queryClient.fetchQuery(parkSearchQuery(query, country.code, zone ?? "UTC", language));
};

/** A parking-type page's data: the first page of the visitor's country's parks of that type (ParkTypeList). */
export const parkTypeData =
  (type: ParkType, size = 10): PageData =>
  async ({ queryClient, country, language }) =>
    await queryClient.fetchQuery(
      parkSearchQuery({ type, amenities: [], page: 1, size }, country.code, "UTC", language),
    );

/** /electric-vehicle-charging's data: the first page of the visitor's country's parks with chargers. */
export const chargingParksData: PageData = async ({ queryClient, country }) => {
  await queryClient.fetchQuery(chargingParksQuery(country.code, 1));
};
