import { describe, expect, it } from "vitest";
import { formatPassDay, passBadge, plateFieldOf, platesOf, weekTable } from "./pass-format";
import { planName } from "./plans-text";

describe("pass screens' logic", () => {
  it("says a day on the park's clock, with its month and year, not the phone's", () => {
    // Midnight starting 26 Dec in Lagos is still 25 Dec in UTC.
    const lagosMidnight = "2026-12-25T23:00:00.000Z";
    expect(formatPassDay(lagosMidnight, "en", "Africa/Lagos")).toBe("Dec 26, 2026");
    expect(formatPassDay(lagosMidnight, "fr", "Africa/Lagos")).toBe("26 déc. 2026");
    expect(formatPassDay(lagosMidnight, "en", "America/Toronto")).toBe("Dec 25, 2026");
  });

  it("gives the badge from the status, the cancel and the reason it ended", () => {
    const pass = { status: "active", ended_reason: null, cancel_at_period_end: false } as const;
    expect(passBadge(pass)).toBe("active");
    expect(passBadge({ ...pass, cancel_at_period_end: true })).toBe("ending");
    expect(passBadge({ ...pass, status: "grace" })).toBe("grace");
    expect(passBadge({ ...pass, status: "ended", ended_reason: "lapsed" })).toBe("lapsed");
    expect(passBadge({ status: "ended", ended_reason: "cancelled", cancel_at_period_end: true })).toBe(
      "cancelled",
    );
  });

  it("names the plan in the reader's language", () => {
    const name = { en: "Commuter", fr: "Navetteur" };
    expect(planName({ name }, "fr")).toBe("Navetteur");
    expect(planName({ name }, "fr-CA")).toBe("Navetteur");
    expect(planName({ name }, "en")).toBe("Commuter");
    expect(planName({ name: { en: "Commuter", fr: "" } }, "fr")).toBe("Commuter");
  });

  it("lays the plan's windows out Monday first, each day in order, marking those past midnight", () => {
    const rows = weekTable([
      { weekday: 5, start: "19:00", end: "07:00" },
      { weekday: 1, start: "13:00", end: "18:00" },
      { weekday: 1, start: "07:00", end: "12:00" },
      { weekday: 7, start: "00:00", end: "24:00" },
    ]);
    expect(rows.map((r) => r.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rows[0]!.spans).toEqual([
      { start: "07:00", end: "12:00", overnight: false, allDay: false },
      { start: "13:00", end: "18:00", overnight: false, allDay: false },
    ]);
    expect(rows[1]!.spans).toEqual([]);
    expect(rows[4]!.spans).toEqual([{ start: "19:00", end: "07:00", overnight: true, allDay: false }]);
    expect(rows[6]!.spans).toEqual([{ start: "00:00", end: "24:00", overnight: false, allDay: true }]);
  });

  it("sends the filled plate boxes, and shows a plate's problem at its own box", () => {
    expect(platesOf({ plates: [" LAG123AA ", ""] })).toEqual(["LAG123AA"]);
    expect(platesOf({ plates: ["", "ABJ9XY"] })).toEqual(["ABJ9XY"]);
    // Only the second box filled: the body's first plate is that box.
    expect(plateFieldOf(["plates", 0], { plates: ["", "bad!"] })).toBe("plates.1");
    expect(plateFieldOf(["plates", 1], { plates: ["A1B2", "bad!"] })).toBe("plates.1");
    // The list as a whole (none, the same twice): the first box.
    expect(plateFieldOf(["plates"], { plates: ["", ""] })).toBe("plates.0");
  });
});
