/**
 * A park's EV chargers as other features use them (decision 045): the back office's chargers
 * section writes them through these, and keeps the park's `ev_charging` amenity with them; a
 * booking holds one of a group's chargers through `attachCharger` (a change of one, `reserveCharger`)
 * and shows it (`chargersById`).
 */
import { CHARGER_NOT_OFFERED_MESSAGE } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { findCharger } from "./chargers.repo";

export {
  attachCharger,
  chargerHoldingsOver,
  chargerPeakFrom,
  chargersById,
  findCharger,
  hasActiveCharger,
  hasChargers,
  insertCharger,
  listChargers,
  lockCharger,
  syncEvAmenity,
  reserveCharger,
  updateCharger,
  type ChargerHold,
  type ChargerHoldingRow,
  type ChargerRow,
  type ChargerValues,
} from "./chargers.repo";

/**
 * A charger group named with a window: one of the park's groups in service, or the 422 at
 * `charger_id` (read without a lock; a booking's reserve_charger checks it again under the group's
 * lock). Answers the price per hour of the charging sold with the window (decision 048, "Charging
 * sold per hour"): the group's when it is priced per hour, null when it is priced per kWh (paid at
 * the charger) or no group is named. The availability and the booking both price with it.
 */
export async function chargingHourOf(
  db: Db | Tx,
  parkId: number,
  chargerId: number | null | undefined,
): Promise<number | null> {
  if (!chargerId) return null;
  const charger = await findCharger(db, parkId, chargerId);
  if (charger?.status !== "active") throw AppError.validation({ charger_id: CHARGER_NOT_OFFERED_MESSAGE });
  return charger.priceUnit === "hour" ? charger.priceMinor : null;
}
