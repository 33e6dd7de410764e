import { describe, expect, it } from "vitest";
import { CLOCK_INSTANTS, chosenInstant, clockEnv, libfaketime, rotatedInstant } from "./test-clock.mjs";

const DAY = 86_400_000;

describe("the test clock's rotation", () => {
  it("takes each instant once in as many days as it lists, and the same one all day", () => {
    const start = Date.parse("2026-11-26T00:00:00Z");
    const week = CLOCK_INSTANTS.map((_, i) => rotatedInstant(new Date(start + i * DAY)).at);
    expect(new Set(week).size).toBe(CLOCK_INSTANTS.length);
    expect(rotatedInstant(new Date(start + 23 * 3_600_000)).at).toBe(week[0]);
    expect(rotatedInstant(new Date(start + CLOCK_INSTANTS.length * DAY)).at).toBe(week[0]);
  });

  it("lists the instants where the served countries' calendars turn over", () => {
    const at = CLOCK_INSTANTS.map((i) => i.at);
    expect(at).toEqual([
      "2026-11-26T23:30:00Z",
      "2026-11-26T23:05:00Z",
      "2026-11-27T04:55:00Z",
      "2027-03-14T06:59:00Z",
      "2027-03-14T07:01:00Z",
      "2026-11-01T05:30:00Z",
      "2026-12-31T23:59:00Z",
      "2025-11-02T05:30:00Z",
      "2028-02-29T23:05:00Z",
      "2031-01-01T04:55:00Z",
    ]);
    const inZone = (iso: string, timeZone: string) =>
      new Intl.DateTimeFormat("en-CA", {
        timeZone,
        dateStyle: "short",
        timeStyle: "short",
        hourCycle: "h23",
      }).format(new Date(iso));
    expect(inZone(at[1]!, "Africa/Lagos")).toBe("2026-11-27, 00:05");
    expect(inZone(at[2]!, "America/Toronto")).toBe("2026-11-26, 23:55");
    expect(inZone(at[3]!, "America/New_York")).toBe("2027-03-14, 01:59");
    expect(inZone(at[4]!, "America/New_York")).toBe("2027-03-14, 03:01");
    expect(inZone(at[5]!, "America/New_York")).toBe("2026-11-01, 01:30");
    expect(inZone(at[7]!, "America/New_York")).toBe("2025-11-02, 01:30");
    expect(inZone(at[8]!, "Africa/Lagos")).toBe("2028-03-01, 00:05");
    expect(inZone(at[8]!, "Africa/Dakar")).toBe("2028-02-29, 23:05");
    expect(inZone(at[9]!, "America/Toronto")).toBe("2030-12-31, 23:55");
  });

  it("spans years on both sides of the others, and runs the process in zones a day apart", () => {
    const years = CLOCK_INSTANTS.map((i) => Date.parse(i.at));
    const span = (Math.max(...years) - Math.min(...years)) / (365 * DAY);
    expect(span).toBeGreaterThan(3);
    const zones = new Set(CLOCK_INSTANTS.map((i) => i.tz));
    expect(zones).toEqual(new Set(["Pacific/Kiritimati", "America/Los_Angeles"]));
    // Each zone meets both the past and the future instants.
    for (const tz of zones) {
      const mine = CLOCK_INSTANTS.filter((i) => i.tz === tz).map((i) => i.at.slice(0, 4));
      expect(new Set(mine).size).toBeGreaterThan(1);
    }
  });
});

describe("TEST_CLOCK_AT", () => {
  it("names an instant, the real clock, or nothing (the day's rotation)", () => {
    expect(chosenInstant({ TEST_CLOCK_AT: "real" })).toBeNull();
    expect(chosenInstant({ TEST_CLOCK_AT: "2026-11-26T23:05:00Z" })).toMatchObject({
      at: "2026-11-26T23:05:00Z",
      chosen: "TEST_CLOCK_AT",
    });
    expect(chosenInstant({ TEST_CLOCK_AT: "2026-06-01T12:00:00+01:00" })?.at).toBe(
      "2026-06-01T11:00:00.000Z",
    );
    const today = new Date("2026-11-27T10:00:00Z");
    expect(chosenInstant({}, today)?.at).toBe(rotatedInstant(today).at);
  });

  it("runs in the listed instant's zone, TEST_CLOCK_TZ's, or the process's own for an instant not listed", () => {
    expect(chosenInstant({ TEST_CLOCK_AT: "2026-11-26T23:30:00Z" })?.tz).toBe("Pacific/Kiritimati");
    expect(chosenInstant({ TEST_CLOCK_AT: "2026-11-26T23:05:00Z" })?.tz).toBe("America/Los_Angeles");
    expect(chosenInstant({ TEST_CLOCK_AT: "2026-11-26T23:30:00Z", TEST_CLOCK_TZ: "Africa/Lagos" })?.tz).toBe(
      "Africa/Lagos",
    );
    expect(chosenInstant({ TEST_CLOCK_AT: "2026-06-01T12:00:00Z" })?.tz).toBeUndefined();
    const today = new Date("2026-11-27T10:00:00Z");
    expect(chosenInstant({}, today)?.tz).toBe(rotatedInstant(today).tz);
    expect(() => chosenInstant({ TEST_CLOCK_TZ: "Mars/Olympus" })).toThrow(/not a time zone/);
  });

  it("refuses a time without its offset, or no time at all", () => {
    expect(() => chosenInstant({ TEST_CLOCK_AT: "2026-11-26T23:05:00" })).toThrow(/with its offset/);
    expect(() => chosenInstant({ TEST_CLOCK_AT: "midnight" })).toThrow(/with its offset/);
  });

  it.skipIf(!libfaketime())("preloads libfaketime with the offset from now, keeping the steady clock", () => {
    const env = clockEnv(new Date(Date.now() + 3_600_000).toISOString(), {});
    expect(env.FAKETIME).toMatch(/^\+(3599|3600)$/);
    expect(env.FAKETIME_DONT_FAKE_MONOTONIC).toBe("1");
    expect(env.LD_PRELOAD).toContain("libfaketime");
    expect(env.TZ).toBeUndefined();
    expect(clockEnv(new Date().toISOString(), {}, "Pacific/Kiritimati").TZ).toBe("Pacific/Kiritimati");
  });
});
