/** A monthly pass as the gate shows it (GatePass). Pure: the row is read by gate-passes.repo.ts. */
import { describeHours, type GatePass, type PlanWindow } from "@parkwell/contract";
import type { GatePassRead } from "./gate-passes.repo";

/** `windows`: the plan's hours as the API writes them (plans.service's hoursAndPrices). */
export function presentGatePass(p: GatePassRead, windows: PlanWindow[]): GatePass {
  return {
    id: p.id,
    pass_code: p.passCode,
    status: p.status as GatePass["status"],
    plan: { id: p.planId, name: p.planName, windows },
    hours: { en: describeHours(windows, "en"), fr: describeHours(windows, "fr") },
    park: { id: p.parkId, name: p.parkName, time_zone: p.timeZone },
    vehicle_type_id: p.vehicleTypeId,
    vehicle_type: p.vehicleType,
    plates: p.plates,
    driver_first_name: p.driverFirstName,
    starts_at: p.startsAt.toISOString(),
    ends_at: p.heldUntil?.toISOString() ?? null,
    inside:
      p.insidePlate && p.insideSince ? { plate: p.insidePlate, since: p.insideSince.toISOString() } : null,
  };
}
