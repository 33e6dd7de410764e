import { describe, expect, it } from "vitest";
import {
  changePercent,
  csvCell,
  csvLine,
  latestToday,
  percentOf,
  resolveRange,
  statusProblem,
} from "./reports.domain";

describe("csvCell", () => {
  it("quotes what needs it and doubles quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" padded")).toBe('" padded"');
    expect(csvCell(null)).toBe("");
    expect(csvCell("Ikeja — Allen Avenue")).toBe("Ikeja — Allen Avenue");
  });

  it("neutralises what a spreadsheet would run as a formula, not numbers", () => {
    expect(csvCell("=SUM(A1:A2)")).toBe("'=SUM(A1:A2)");
    expect(csvCell("+234")).toBe("'+234");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
});

describe("latestToday", () => {
  it("is today on the calendar furthest ahead of the places a report covers", () => {
    // 23:30 UTC: already the 26th in Lagos, still the 25th in Dakar and Toronto.
    const now = new Date("2026-11-25T23:30:00Z");
    expect(latestToday(now, ["Africa/Dakar"])).toBe("2026-11-25");
    expect(latestToday(now, ["Africa/Lagos"])).toBe("2026-11-26");
    expect(latestToday(now, ["America/Toronto", "Africa/Lagos", "Africa/Dakar"])).toBe("2026-11-26");
    // 04:55 UTC: the 26th in Lagos, 23:55 on the 25th in Toronto.
    expect(latestToday(new Date("2026-11-26T04:55:00Z"), ["America/Toronto"])).toBe("2026-11-25");
  });
  it("is UTC's today for no place", () => {
    expect(latestToday(new Date("2026-12-31T23:59:00Z"), [])).toBe("2026-12-31");
  });
});

describe("resolveRange", () => {
  const now = "2026-11-25";
  it("defaults to the last 30 days to today", () => {
    expect(resolveRange(undefined, undefined, now)).toEqual({
      ok: true,
      from: "2026-10-27",
      to: "2026-11-25",
    });
    expect(resolveRange(undefined, "2026-03-01", now)).toEqual({
      ok: true,
      from: "2026-01-31",
      to: "2026-03-01",
    });
  });
  it("refuses a start after the end and a span over 366 days", () => {
    expect(resolveRange("2026-12-01", undefined, now)).toMatchObject({
      ok: false,
      fields: { from: expect.any(String) },
    });
    expect(resolveRange("2025-11-24", "2026-11-25", now)).toMatchObject({
      ok: false,
      fields: { to: expect.any(String) },
    });
    expect(resolveRange("2025-11-25", "2026-11-25", now)).toMatchObject({ ok: true });
  });
});

describe("figures", () => {
  it("computes percentages and changes", () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(5, 0)).toBe(0);
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(0, 100)).toBe(-100);
    expect(changePercent(10, 0)).toBeNull();
  });
  it("knows each report's statuses", () => {
    expect(statusProblem("sales", "closed")).toBeNull();
    expect(statusProblem("bookings", "closed")).toBe("Unknown status");
    expect(statusProblem("occupancy", "active")).toBe("This report has no status filter");
    expect(statusProblem("transactions", "booking_charge")).toBeNull();
    expect(statusProblem("transactions", "DROP TABLE")).toBe("Unknown status");
  });
});
