/**
 * The fee tables of vehicle document renewal (decision 031) for Lagos, FCT Abuja, Rivers, Kano and
 * Oyo, Parkwell's service charge in Nigeria and the insurers' comprehensive rates. Inserted when missing and never overwritten: staff
 * edit them in the back office, and the seed runs at every start.
 */
import type { EngineBand, VehicleDocType } from "@parkwell/contract";
import { vehicleDocFees, vehicleDocInsurers, vehicleDocServiceCharges } from "../schema/index";
import type { Tx } from "../tx";
import { STATE_ROWS } from "./reference-data";

const NIGERIA = 1;
/** ₦2,500 per request, in kobo. */
export const VEHICLE_DOC_SERVICE_CHARGE_MINOR = 250_000;

/** Each state's level against Lagos's (percent), and its roadworthiness and hackney fees in naira. */
const STATES: { code: string; level: number; roadworthiness: [number, number]; hackney: number }[] = [
  { code: "LA", level: 100, roadworthiness: [6_000, 8_500], hackney: 6_000 },
  { code: "FC", level: 110, roadworthiness: [6_500, 9_000], hackney: 7_500 },
  { code: "RI", level: 95, roadworthiness: [5_500, 8_000], hackney: 5_000 },
  { code: "KN", level: 85, roadworthiness: [4_500, 6_500], hackney: 4_000 },
  { code: "OY", level: 90, roadworthiness: [5_000, 7_000], hackney: 4_500 },
];

/** The vehicle licence in Lagos by engine band, naira: private, commercial. */
const LICENCE: Record<EngineBand, [number, number]> = {
  upto_1600: [3_000, 4_500],
  "1601_2000": [4_500, 6_000],
  "2001_3000": [6_500, 8_500],
  over_3000: [9_000, 12_000],
};

const kobo = (naira: number) => naira * 100;
/** A Lagos price at a state's level, to the nearest ₦50. */
const atLevel = (naira: number, level: number) => Math.round((naira * level) / 100 / 50) * 50;

type FeeRow = typeof vehicleDocFees.$inferInsert;

export function vehicleDocFeeRows(): FeeRow[] {
  const rows: FeeRow[] = [];
  for (const s of STATES) {
    const state = STATE_ROWS.find((r) => r.countryId === NIGERIA && r.code === s.code);
    if (!state) throw new Error(`no state ${s.code}`);
    const row = (
      documentType: VehicleDocType,
      naira: number,
      vehicleUse = "any",
      engineBand = "any",
    ): FeeRow => ({ stateId: state.id, documentType, vehicleUse, engineBand, feeMinor: kobo(naira) });
    for (const [band, [priv, comm]] of Object.entries(LICENCE)) {
      rows.push(row("vehicle_licence", atLevel(priv, s.level), "private", band));
      rows.push(row("vehicle_licence", atLevel(comm, s.level), "commercial", band));
    }
    rows.push(row("roadworthiness", s.roadworthiness[0], "private"));
    rows.push(row("roadworthiness", s.roadworthiness[1], "commercial"));
    // Third-party motor insurance: the national tariff, the same in every state.
    rows.push(row("third_party_insurance", 15_000, "private"));
    rows.push(row("third_party_insurance", 20_000, "commercial"));
    rows.push(row("proof_of_ownership", atLevel(2_500, s.level)));
    rows.push(row("hackney_permit", s.hackney, "commercial"));
    // The driver's licence is FRSC's national fee.
    rows.push(row("drivers_licence_3y", 10_450));
    rows.push(row("drivers_licence_5y", 15_450));
  }
  return rows;
}

/**
 * Insurers selling comprehensive motor insurance in Nigeria: a premium rate on the vehicle's
 * declared value (percent) with a minimum premium (naira).
 */
export const VEHICLE_DOC_INSURERS: { name: string; ratePercent: number; minimumNaira: number }[] = [
  { name: "AIICO Insurance", ratePercent: 3.5, minimumNaira: 60_000 },
  { name: "AXA Mansard", ratePercent: 4, minimumNaira: 75_000 },
  { name: "Cornerstone Insurance", ratePercent: 3, minimumNaira: 90_000 },
  { name: "Leadway Assurance", ratePercent: 5, minimumNaira: 50_000 },
];

export async function seedVehicleDocs(tx: Tx): Promise<void> {
  await tx.insert(vehicleDocFees).values(vehicleDocFeeRows()).onConflictDoNothing();
  await tx
    .insert(vehicleDocInsurers)
    .values(
      VEHICLE_DOC_INSURERS.map((i) => ({
        countryId: NIGERIA,
        name: i.name,
        rateBps: Math.round(i.ratePercent * 100),
        minimumPremiumMinor: kobo(i.minimumNaira),
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(vehicleDocServiceCharges)
    .values({ countryId: NIGERIA, serviceChargeMinor: VEHICLE_DOC_SERVICE_CHARGE_MINOR })
    .onConflictDoNothing();
}
