import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  changePercent,
  csvCell,
  csvLine,
  latestToday,
  monthlyRecurring,
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

describe("monthlyRecurring (the passes' monthly figure, priced by the pricing core)", () => {
  const group = (currency: string, monthly: number, months: number, passes: number, d3 = 0, d12 = 0) => ({
    currency,
    monthly_minor: String(monthly),
    term_months: months,
    discount_3m_bps: d3,
    discount_12m_bps: d12,
    passes,
  });

  it("sums each pass's monthly price less its term's discount, per currency in order", () => {
    expect(
      monthlyRecurring([
        group("NGN", 4_000_000, 1, 1, 1000),
        group("CAD", 15, 3, 2, 5000),
        group("NGN", 3_000_000, 3, 1, 1000, 2000),
        group("NGN", 1_000_000, 12, 2, 1000, 2000),
      ]),
    ).toEqual([
      // 15 × 50% = 7.5 kept: 8 (half up), twice.
      { currency: "CAD", minor: 16 },
      { currency: "NGN", minor: 4_000_000 + 2_700_000 + 2 * 800_000 },
    ]);
    expect(monthlyRecurring([])).toEqual([]);
  });

  it("gives what the SQL it replaced gave: round(monthly × (10000 − discount) / 10000.0)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.constantFrom(1, 3, 12),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (monthly, months, d3, d12) => {
          const d = months === 12 ? d12 : months === 3 ? d3 : 0;
          // PostgreSQL's round of a numeric: half away from zero, as Math.round of a positive.
          const sql = Math.round((monthly * (10_000 - d)) / 10_000);
          expect(monthlyRecurring([group("NGN", monthly, months, 1, d3, d12)])).toEqual([
            { currency: "NGN", minor: sql },
          ]);
        },
      ),
    );
  });
});
