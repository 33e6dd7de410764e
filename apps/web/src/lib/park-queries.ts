import type { Availability } from "@parkwell/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "./api";

/**
 * Queries more than one feature reads (the park page, checkout and extend): one definition each,
 * so one cache key never means two things.
 */
/** A window's spaces, price and whether it can be booked, the reason in the language shown. */
export const availabilityQuery = (
  parkId: number,
  vehicleTypeId: number,
  start: string,
  end: string,
  language: string,
) =>
  queryOptions({
    queryKey: ["parks", "availability", parkId, vehicleTypeId, start, end, language],
    queryFn: ({ signal }) =>
      api<Availability>(`/front/parks/${parkId}/availability`, {
        query: { vehicle_type_id: vehicleTypeId, start_time: start, end_time: end },
        signal,
      }),
    retry: false,
  });

export function useAvailability(
  parkId: number | undefined,
  vehicleTypeId: number,
  start?: string,
  end?: string,
) {
  const { i18n } = useTranslation();
  return useQuery({
    ...availabilityQuery(parkId ?? 0, vehicleTypeId, start ?? "", end ?? "", i18n.language),
    enabled: parkId !== undefined && Boolean(start && end),
  });
}
