/** A driver's saved vehicle as the API answers it (pure). */
import type { Vehicle } from "@parkwell/contract";
import type * as repo from "./vehicles.repo";

export function presentVehicle(v: repo.VehicleRow): Vehicle {
  return {
    id: v.id,
    plate_number: v.plateNumber,
    vehicle_type_id: v.vehicleTypeId,
    vehicle_type_name: v.vehicleTypeName,
    make: v.make,
    model: v.model,
    color: v.color,
    nickname: v.nickname,
    is_default: v.isDefault,
    created_at: v.createdAt.toISOString(),
  };
}
