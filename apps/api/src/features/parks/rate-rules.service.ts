/**
 * Busy-time prices as pricing reads them (docs/decisions/059-demand-pricing.md): which of a park's
 * active rules prices a window now. The conditions are the contract's `ruleApplies` (the park's
 * clock, the window's occupancy), the choice and the arithmetic the pricing core's
 * (`ruleThatPrices`, `adjustedParkingOf`): a quote, the park page's availability and the search's
 * window prices all ask here, and a booking is charged what its quote's token holds.
 */
import { needsOccupancy, ruleApplies, ruleThatPrices, type RateRuleWhen } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { BookedRateRule } from "../../lib/price-breakdown";
import { freeSpaces } from "../capacity/capacity.service";
import { parkingMinor, type HourlyRate } from "./pricing.domain";
import { activeRulesOfParks, listRules, type RateRuleRow } from "./rate-rules.repo";

export {
  deleteRule,
  findRule,
  insertRule,
  listRules,
  updateRule,
  type RateRuleRow,
  type RateRuleValues,
} from "./rate-rules.repo";

export type PricingRule = RateRuleWhen & BookedRateRule;

export const pricingRuleOf = (r: RateRuleRow): PricingRule => ({
  id: r.id,
  name: r.name,
  adjustmentBps: r.adjustmentBps,
  floorMinor: r.floorMinor,
  ceilingMinor: r.ceilingMinor,
  days: r.days,
  fromMinute: r.fromMinute,
  toMinute: r.toMinute,
  dates: r.dates,
  occupancyAbovePercent: r.occupancyAbovePercent,
});

/**
 * Of `rules` (a park's active ones, oldest first), the one that prices `[start, end)` at `rate`,
 * or null: those whose conditions hold for the window's start on the park's clock and the spaces
 * held at its peak (`spaces`), then the one giving the highest parking (the pricing core's choice).
 */
export function ruleOfWindow(
  rules: readonly PricingRule[],
  rate: HourlyRate,
  w: { start: Date; end: Date; timeZone: string; spaces: { capacity: number; available: number } },
): BookedRateRule | null {
  const window = {
    start: w.start,
    timeZone: w.timeZone,
    capacity: w.spaces.capacity,
    peak: w.spaces.capacity - w.spaces.available,
  };
  const applicable = rules.filter((r) => ruleApplies(r, window));
  const normal = parkingMinor(rate, w.end.getTime() - w.start.getTime()).parking;
  const rule = ruleThatPrices(normal, applicable);
  return (
    rule && {
      id: rule.id,
      name: rule.name,
      adjustmentBps: rule.adjustmentBps,
      floorMinor: rule.floorMinor,
      ceilingMinor: rule.ceilingMinor,
    }
  );
}

/** A park's active rules, oldest first, as pricing reads them: one statement. */
export async function activeRules(db: Db, parkId: number): Promise<PricingRule[]> {
  return (await listRules(db, parkId, true)).map(pricingRuleOf);
}

/**
 * The rule that prices `[start, end)` for a vehicle type at the park now, or null (the normal
 * rates): the park's active rules (ruleOfWindow), the window's peak read only when a rule has an
 * occupancy band. `hasRateRules`: the park's read says whether it has any, so a park without reads
 * nothing more.
 */
export async function ruleForWindow(
  db: Db,
  park: { id: number; timeZone: string; hasRateRules: boolean },
  rate: HourlyRate,
  vehicleTypeId: number,
  start: Date,
  end: Date,
): Promise<BookedRateRule | null> {
  if (!park.hasRateRules) return null;
  const rules = await activeRules(db, park.id);
  if (rules.length === 0) return null;
  const spaces = needsOccupancy(rules)
    ? await freeSpaces(db, park.id, vehicleTypeId, start, end)
    : { capacity: 0, available: 0 };
  return ruleOfWindow(rules, rate, { start, end, timeZone: park.timeZone, spaces });
}

/** The active rules of a search page's parks, by park (oldest first): one statement. */
export async function rulesOfParks(db: Db, parkIds: number[]): Promise<Map<number, PricingRule[]>> {
  const byPark = new Map<number, PricingRule[]>();
  for (const row of await activeRulesOfParks(db, parkIds)) {
    const list = byPark.get(row.parkId) ?? [];
    list.push(pricingRuleOf(row));
    byPark.set(row.parkId, list);
  }
  return byPark;
}
