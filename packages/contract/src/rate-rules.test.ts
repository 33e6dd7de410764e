import { describe, expect, it } from "vitest";
import { adjustedParkingOf, ruleThatPrices } from "./pricing";
import { minutesOfTime, ruleApplies, timeOfMinutes, type RateRuleWhen } from "./rate-rules";

const none: RateRuleWhen = {
  days: null,
  fromMinute: null,
  toMinute: null,
  dates: null,
  occupancyAbovePercent: null,
};
const rule = (over: Partial<RateRuleWhen>): RateRuleWhen => ({ ...none, ...over });
/** Saturday 2026-12-05 18:30 in Lagos (UTC+1) is 17:30Z. */
const saturdayEvening = {
  start: new Date("2026-12-05T17:30:00Z"),
  timeZone: "Africa/Lagos",
  peak: 0,
  capacity: 10,
};

describe("when a busy-time rule applies (ruleApplies)", () => {
  it("reads the window's start on the park's clock: weekday (Monday 0), time of day, date", () => {
    expect(ruleApplies(rule({ days: [5] }), saturdayEvening)).toBe(true);
    expect(ruleApplies(rule({ days: [0, 1, 2, 3, 4, 6] }), saturdayEvening)).toBe(false);
    expect(
      ruleApplies(
        rule({ fromMinute: minutesOfTime("18:00"), toMinute: minutesOfTime("21:00") }),
        saturdayEvening,
      ),
    ).toBe(true);
    expect(
      ruleApplies(
        rule({ fromMinute: minutesOfTime("18:31"), toMinute: minutesOfTime("21:00") }),
        saturdayEvening,
      ),
    ).toBe(false);
    // [from, to): the end is out.
    expect(
      ruleApplies(
        rule({ fromMinute: minutesOfTime("17:00"), toMinute: minutesOfTime("18:30") }),
        saturdayEvening,
      ),
    ).toBe(false);
    expect(ruleApplies(rule({ dates: ["2026-12-05"] }), saturdayEvening)).toBe(true);
    // The same instant is already Sunday in Auckland.
    expect(
      ruleApplies(rule({ dates: ["2026-12-05"] }), { ...saturdayEvening, timeZone: "Pacific/Auckland" }),
    ).toBe(false);
    expect(ruleApplies(rule({ days: [6] }), { ...saturdayEvening, timeZone: "Pacific/Auckland" })).toBe(true);
  });

  it("runs a time span past midnight when its end is not after its start", () => {
    const night = rule({ fromMinute: minutesOfTime("22:00"), toMinute: minutesOfTime("02:00") });
    const at = (iso: string) => ({ ...saturdayEvening, start: new Date(iso) });
    expect(ruleApplies(night, at("2026-12-05T22:30:00Z"))).toBe(true); // 23:30 in Lagos
    expect(ruleApplies(night, at("2026-12-06T00:59:00Z"))).toBe(true); // 01:59
    expect(ruleApplies(night, at("2026-12-06T01:00:00Z"))).toBe(false); // 02:00
    expect(ruleApplies(night, at("2026-12-05T20:59:00Z"))).toBe(false); // 21:59
  });

  it("holds an occupancy band above its percent only, never for a type without spaces", () => {
    const busy = rule({ occupancyAbovePercent: 80 });
    expect(ruleApplies(busy, { ...saturdayEvening, peak: 8 })).toBe(false); // 80 %: not more
    expect(ruleApplies(busy, { ...saturdayEvening, peak: 9 })).toBe(true);
    expect(ruleApplies(busy, { ...saturdayEvening, peak: 0, capacity: 0 })).toBe(false);
    expect(ruleApplies(rule({ occupancyAbovePercent: 0 }), { ...saturdayEvening, peak: 1 })).toBe(true);
  });

  it("needs every condition it sets", () => {
    expect(ruleApplies(rule({ days: [5], occupancyAbovePercent: 50 }), saturdayEvening)).toBe(false);
    expect(ruleApplies(rule({ days: [5], occupancyAbovePercent: 50 }), { ...saturdayEvening, peak: 6 })).toBe(
      true,
    );
  });

  it("writes minutes as times and back", () => {
    expect(timeOfMinutes(minutesOfTime("07:05"))).toBe("07:05");
    expect(minutesOfTime("24:00")).toBe(1440);
  });
});

describe("a busy-time rule's price (adjustedParkingOf, ruleThatPrices)", () => {
  const up = (bps: number, floorMinor: number | null = null, ceilingMinor: number | null = null) => ({
    adjustmentBps: bps,
    floorMinor,
    ceilingMinor,
  });

  it("moves the parking by bpsOf, then holds it between the floor and the ceiling", () => {
    expect(adjustedParkingOf(200_000, up(2000))).toBe(240_000);
    expect(adjustedParkingOf(200_000, up(-1500))).toBe(170_000);
    expect(adjustedParkingOf(333, up(1250))).toBe(375); // 41.625 -> 42 (half up)
    expect(adjustedParkingOf(200_000, up(5000, null, 250_000))).toBe(250_000);
    expect(adjustedParkingOf(100_000, up(-5000, 80_000))).toBe(80_000);
    expect(adjustedParkingOf(10_000, up(1000, 50_000))).toBe(50_000); // a floor may raise a short window
    expect(adjustedParkingOf(0, up(5000, 50_000))).toBe(0); // free parking stays free
  });

  it("prices with the applicable rule that gives the highest parking, the first on a tie, none when nothing changes", () => {
    const discount = { id: 1, ...up(-2000) };
    const smallDiscount = { id: 2, ...up(-1000) };
    const surge = { id: 3, ...up(2000) };
    const sameSurge = { id: 4, ...up(2000) };
    expect(ruleThatPrices(100_000, [discount, surge])?.id).toBe(3);
    expect(ruleThatPrices(100_000, [discount, smallDiscount])?.id).toBe(2);
    expect(ruleThatPrices(100_000, [surge, sameSurge])?.id).toBe(3);
    expect(ruleThatPrices(100_000, [])).toBeNull();
    // A rule held at the normal price by its ceiling beats a discount: the normal price, no rule.
    expect(ruleThatPrices(100_000, [discount, { id: 5, ...up(2000, null, 100_000) }])).toBeNull();
    expect(ruleThatPrices(0, [surge])).toBeNull();
  });
});
