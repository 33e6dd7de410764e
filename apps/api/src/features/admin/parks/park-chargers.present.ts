/** A park's chargers as the back office shows them (pure): the park page's presenter, with id and status. */
import type { AdminCharger } from "@parkwell/contract";
import type { CountryFacts } from "../../reference/served-countries";
import type { ChargerRow } from "../../parks/chargers.service";
import { presentParkCharger } from "../../parks/parks.present";

export function presentAdminCharger(c: ChargerRow, country: CountryFacts): AdminCharger {
  // The list carries the currency once, for all of its chargers.
  const { currency: _currency, ...shown } = presentParkCharger(c, country);
  return { ...shown, status: c.status };
}
