import { describe, expect, it } from "vitest";
import { priceFlat } from "../parks/pricing.domain";
import { totalOf } from "../receipts/receipts.domain";
import {
  addMonths,
  closedDayShares,
  passDetail,
  passReceiptBody,
  startDateProblem,
  termOf,
  termPriceMinor,
} from "./passes.domain";

describe("a pass's term", () => {
  it("runs to the same day months later, or the month's last day", () => {
    expect(addMonths("2027-01-15", 1)).toBe("2027-02-15");
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2027-11-30", 3)).toBe("2028-02-29");
    expect(addMonths("2027-03-31", 12)).toBe("2028-03-31");
  });

  it("starts at the day's midnight on the park's clock, or now for today, and ends at a midnight there", () => {
    const now = new Date("2027-03-10T15:00:00Z");
    expect(termOf("2027-03-12", 1, "America/Toronto", now)).toEqual({
      startsAt: new Date("2027-03-12T05:00:00Z"),
      // Clocks go forward on 2027-03-14: midnight on 2027-04-12 is at 04:00 UTC.
      paidUntil: new Date("2027-04-12T04:00:00Z"),
    });
    expect(termOf("2027-03-10", 1, "Africa/Lagos", now).startsAt).toEqual(now);
  });

  it("starts today or within the days allowed, on the park's calendar", () => {
    // 23:30 UTC on the 10th is already the 11th in Lagos.
    const now = new Date("2027-03-10T23:30:00Z");
    expect(startDateProblem("2027-03-10", "Africa/Lagos", now, 30)).toBe("A pass starts today or later");
    expect(startDateProblem("2027-03-11", "Africa/Lagos", now, 30)).toBeNull();
    expect(startDateProblem("2027-04-10", "Africa/Lagos", now, 30)).toBeNull();
    expect(startDateProblem("2027-04-11", "Africa/Lagos", now, 30)).toBe("A pass starts within 30 days");
  });

  it("costs the months less the term's discount", () => {
    const d = { discount3mBps: 500, discount12mBps: 1500 };
    expect(termPriceMinor(4_500_000, 1, d)).toBe(4_500_000);
    expect(termPriceMinor(4_500_000, 3, d)).toBe(12_825_000);
    expect(termPriceMinor(4_500_000, 12, d)).toBe(45_900_000);
  });
});

describe("a term's receipt", () => {
  const fees = { serviceFeeMinor: 10_000, bookingFeeBps: 500, taxes: [{ name: "VAT", rateBps: 750 }] };
  const term = { startsAt: new Date("2027-01-15T23:00:00Z"), paidUntil: new Date("2027-04-15T23:00:00Z") };
  const receiptOf = (
    months: number,
    monthlyMinor: number,
    discounts = { discount3mBps: 1_000, discount12mBps: 2_000 },
  ) =>
    passReceiptBody(
      {
        planName: "Commuter",
        term,
        months,
        monthlyMinor,
        detail: passDetail(["LAG123AA", "ABC987"], "Car"),
        breakdown: priceFlat(
          termPriceMinor(monthlyMinor, months, discounts),
          fees,
          term.startsAt,
          term.paidUntil,
        ),
      },
      { name: "VAT", rateBps: 750 },
    );

  it("shows the months at the monthly price, then the term's discount, the fees and the tax, summing to the charge", () => {
    for (const [months, monthly] of [
      [1, 4_000_000],
      [3, 4_000_000],
      [3, 3_333_333],
      [12, 1_234_567],
    ] as const) {
      const body = receiptOf(months, monthly);
      const charged = priceFlat(
        termPriceMinor(monthly, months, { discount3mBps: 1_000, discount12mBps: 2_000 }),
        fees,
        term.startsAt,
        term.paidUntil,
      );
      expect(totalOf(body)).toBe(charged.totalMinor);
      expect(body.lines[0]).toEqual({
        kind: "pass",
        amountMinor: monthly * months,
        subject: "Commuter",
        from: term.startsAt.toISOString(),
        to: term.paidUntil.toISOString(),
        quantity: months,
        detail: "LAG123AA, ABC987 · Car",
      });
      expect(body.lines.map((l) => l.kind)).toEqual(
        months === 1
          ? ["pass", "service_fee", "booking_fee"]
          : ["pass", "discount", "service_fee", "booking_fee"],
      );
      expect(body.taxes).toEqual([
        {
          name: "VAT",
          rateBps: 750,
          baseMinor: charged.serviceFeeMinor + charged.bookingFeeMinor,
          amountMinor: charged.taxMinor,
        },
      ]);
    }
  });

  it("has no discount line when the plan gives none for the term", () => {
    const body = receiptOf(3, 4_000_000, { discount3mBps: 0, discount12mBps: 0 });
    expect(body.lines.map((l) => l.kind)).toEqual(["pass", "service_fee", "booking_fee"]);
  });
});

describe("a closure's refund to a pass term (decision 060)", () => {
  it("gives a pass term's closed day its equal share of the price, the remainder to the earliest days", () => {
    const days = ["2026-12-01", "2026-12-02", "2026-12-03"];
    // 100 over three days: 34, 33, 33; a day its windows do not run gives nothing.
    expect(closedDayShares(100, days, ["2026-12-01", "2026-12-03", "2026-12-05"])).toEqual([
      { day: "2026-12-01", amountMinor: 34 },
      { day: "2026-12-03", amountMinor: 33 },
    ]);
    // Every day closed gives the whole price back, exactly.
    const all = closedDayShares(4_290_001, days, days);
    expect(all.reduce((n, s) => n + s.amountMinor, 0)).toBe(4_290_001);
  });
});
