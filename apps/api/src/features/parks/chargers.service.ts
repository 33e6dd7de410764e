/**
 * A park's EV chargers as other features use them (decision 045): the back office's chargers
 * section writes them through these, and keeps the park's `ev_charging` amenity with them; a
 * booking holds one of a group's chargers through `attachCharger` (a change of one, `reserveCharger`)
 * and shows it (`chargersById`).
 */
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
