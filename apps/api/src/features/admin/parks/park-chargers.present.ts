/** A park's chargers as the back office shows them (pure). */
import type { AdminCharger } from "@parkwell/contract";
import { toMajor } from "../../../lib/money";
import type { CountryFacts } from "../../reference/served-countries";
import type { ChargerRow } from "../../parks/chargers.service";

export function presentAdminCharger(c: ChargerRow, country: CountryFacts): AdminCharger {
  return {
    id: c.id,
    connector: c.connector,
    power_kw: c.powerKw,
    count: c.count,
    price_unit: c.priceUnit,
    price: toMajor(c.priceMinor, country.decimals),
    status: c.status,
  };
}
