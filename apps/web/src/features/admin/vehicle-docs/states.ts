import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { countriesQuery } from "../../../lib/queries";

/** Nigeria's clock: the requests are Nigerian drivers' papers, their times are shown on it. */
export const NIGERIA_ZONE = "Africa/Lagos";

/**
 * Nigeria's states (code and name), for the queue's filter, a request's state and the fee tables:
 * those of the first served country whose row offers the renewal, as the API's tables are kept.
 */
export function useNigerianStates() {
  const countries = useQuery(countriesQuery());
  const nigeria = countries.data?.find((c) => c.services.includes("vehicle_docs"));
  return useQuery({
    queryKey: ["states", nigeria?.id],
    queryFn: () => api("/states/load", { query: { country_id: nigeria!.id } }),
    enabled: Boolean(nigeria),
  });
}
