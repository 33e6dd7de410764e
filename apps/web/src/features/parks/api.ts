import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { countriesQuery, vehicleTypesQuery } from "../../lib/queries";
import { validWindow, type ParkQuery } from "./search-params";

/**
 * The list endpoint's query from the page's state; empty values are left out by the client. The
 * window's wall-clock times are read on `timeZone`, the searched country's clock.
 */
export function toApiQuery(
  q: ParkQuery,
  country: string | undefined,
  timeZone: string,
): Record<string, string | number | undefined> {
  const window = validWindow(q, timeZone);
  return {
    country,
    search: q.search,
    lat: q.lat,
    lng: q.lng,
    radius_km: q.radiusKm,
    type: q.type,
    amenities: q.amenities.length > 0 ? q.amenities.join(",") : undefined,
    sort: q.sort,
    vehicle_type_id: q.vehicleTypeId,
    min_rating: q.minRating,
    connector: q.connector,
    min_kw: q.minKw,
    start_time: window?.start,
    end_time: window?.end,
    page: q.page,
    size: q.size,
  };
}

/**
 * The clock a search across parks reads its window on: the searched country's (its `timezone`).
 * Undefined until the countries are known.
 */
export function useCountryZone(code: string): string | undefined {
  const countries = useQuery(countriesQuery());
  return countries.data?.find((c) => c.code === code)?.timezone;
}

/** A search across parks (the list, the map, a parking type's parks); `timeZone` as toApiQuery's. */
export function parkSearchQuery(
  q: ParkQuery,
  country: string | undefined,
  timeZone: string,
  language: string,
) {
  const query = toApiQuery(q, country, timeZone);
  return queryOptions({
    // Items with a window carry a reason in the language shown: a new language asks again.
    queryKey: ["parks", "search", query, query.start_time ? language : null],
    queryFn: ({ signal }) => api("/parks/front/parks/", { query, signal }),
  });
}

export function useParkSearch(
  q: ParkQuery,
  country: string | undefined,
  timeZone: string | undefined,
  enabled = true,
) {
  const { i18n } = useTranslation();
  return useQuery({
    ...parkSearchQuery(q, country, timeZone ?? "UTC", i18n.language),
    placeholderData: keepPreviousData,
    // A window waits for the clock it is read on.
    enabled: enabled && (timeZone !== undefined || (!q.start && !q.end)),
  });
}

export function useVehicleTypes() {
  return useQuery(vehicleTypesQuery());
}

/** A country's parks with EV chargers (/electric-vehicle-charging), by name, a page at a time. */
export function chargingParksQuery(country: string, page: number, size = 20) {
  return queryOptions({
    queryKey: ["parks", "charging", country, page, size],
    queryFn: ({ signal }) => api("/ev-charging/parks", { query: { country, page, size }, signal }),
  });
}
