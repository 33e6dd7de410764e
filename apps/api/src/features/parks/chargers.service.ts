/**
 * A park's EV chargers as other features use them (decision 045): the back office's chargers
 * section writes them through these, and keeps the park's `ev_charging` amenity with them.
 */
export {
  findCharger,
  hasActiveCharger,
  hasChargers,
  insertCharger,
  listChargers,
  syncEvAmenity,
  updateCharger,
  type ChargerRow,
  type ChargerValues,
} from "./chargers.repo";
