import type { Vehicle } from "@parkwell/contract";

/**
 * The saved vehicle a booking's vehicle field starts on (checkout and change vehicle alike): the
 * default vehicle when it is of the booked type, else the only saved vehicle of that type, else
 * none (the driver chooses, or types a plate).
 */
export function preselectedVehicle(vehicles: readonly Vehicle[], vehicleTypeId: number): Vehicle | undefined {
  const ofType = vehicles.filter((v) => v.vehicle_type_id === vehicleTypeId);
  return ofType.find((v) => v.is_default) ?? (ofType.length === 1 ? ofType[0] : undefined);
}
