/** A park's busy-time rule as the back office shows it (pure): minutes as times, minor units as major. */
import { timeOfMinutes, type AdminRateRule } from "@parkwell/contract";
import { toMajor } from "../../../lib/money";
import type { RateRuleRow } from "../../parks/rate-rules.service";

export function presentRateRule(r: RateRuleRow, decimals: number): AdminRateRule {
  const major = (minor: number | null) => (minor === null ? null : toMajor(minor, decimals));
  return {
    id: r.id,
    name: r.name,
    adjustment_percent: r.adjustmentBps / 100,
    days: r.days ?? [],
    from_time: r.fromMinute === null ? null : timeOfMinutes(r.fromMinute),
    to_time: r.toMinute === null ? null : timeOfMinutes(r.toMinute),
    dates: r.dates ?? [],
    occupancy_above_percent: r.occupancyAbovePercent,
    floor: major(r.floorMinor),
    ceiling: major(r.ceilingMinor),
    active: r.active,
    updated_at: new Date(r.updatedAt).toISOString(),
  };
}
