/**
 * /electric-vehicle-charging's list (docs/PRODUCT-RULES.md#ev-charging): a served country's
 * active parks with an active charger, by name, each with its active chargers and their prices.
 */
import type { ChargingParkList, ChargingParksQuery } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { listPage } from "../../lib/pagination";
import type { ServedCountries } from "../reference/served-countries";
import { activeChargers, chargingParks } from "./chargers.repo";
import { presentParkCharger } from "./parks.present";

export async function listChargingParks(
  db: Db,
  served: ServedCountries,
  q: ChargingParksQuery,
): Promise<ChargingParkList> {
  const country = await served.facts({ code: q.country });
  if (!country) throw AppError.validation({ country: "country must be a country Parkwell serves" });
  const rows = await chargingParks(db, country.id, q);
  const total =
    rows[0]?.total ??
    (q.page > 1 ? ((await chargingParks(db, country.id, { page: 1, size: 1 }))[0]?.total ?? 0) : 0);
  const chargers = await activeChargers(
    db,
    rows.map((r) => r.id),
  );
  return listPage(
    rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      city: r.city,
      address: r.address,
      chargers: chargers.filter((c) => c.parkId === r.id).map((c) => presentParkCharger(c, country)),
    })),
    total,
    q,
  );
}
