import type { ParkPage } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { vehicleTypesQuery } from "../../lib/queries";
import { validWindow, type ParkQuery } from "./search-params";

/** The list endpoint's query from the page's state; empty values are left out by the client. */
export function toApiQuery(q: ParkQuery, country?: string): Record<string, string | number | undefined> {
  const window = validWindow(q);
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
    start_time: window?.start,
    end_time: window?.end,
    page: q.page,
    size: q.size,
  };
}

export function useParkSearch(q: ParkQuery, country: string | undefined, enabled = true) {
  const query = toApiQuery(q, country);
  // Items with a window carry a reason in the language shown: a new language asks again.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ["parks", "search", query, query.start_time ? i18n.language : null],
    queryFn: ({ signal }) => api<ParkPage>("/parks/front/parks/", { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useVehicleTypes() {
  return useQuery(vehicleTypesQuery());
}
