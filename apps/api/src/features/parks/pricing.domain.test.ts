import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkWindow,
  DAY_MS,
  HOUR_MS,
  MAX_WINDOW_DAYS,
  parkingMinor,
  priceWindow,
  type CountryFees,
  type HourlyRate,
} from "./pricing.domain";

const NG_FEES: CountryFees = {
  serviceFeeMinor: 10_000,
  bookingFeeBps: 500,
  taxes: [{ name: "VAT", rateBps: 750 }],
};
const LAGOS: HourlyRate = { hourlyMinor: 50_000, dailyMaxMinor: 400_000 };
const at = (iso: string) => new Date(iso);

describe("priceWindow", () => {
  it("charges started hours, the daily cap and the fees", () => {
    // 2 h 10 min -> 3 started hours of ₦500 = ₦1,500; booking fee 5% = ₦75; service ₦100; VAT 7.5% of ₦175.
    const p = priceWindow(LAGOS, NG_FEES, at("2026-01-01T08:00:00Z"), at("2026-01-01T10:10:00Z"));
    expect(p).toEqual({
      hours: 3,
      days: 0,
      parkingMinor: 150_000,
      serviceFeeMinor: 10_000,
      bookingFeeMinor: 7_500,
      taxMinor: 1_313,
      taxes: [{ name: "VAT", rateBps: 750, baseMinor: 17_500, taxMinor: 1_313 }],
      totalMinor: 168_813,
    });
  });

  it("caps each day and prices the remainder by the hour", () => {
    const p = priceWindow(LAGOS, NG_FEES, at("2026-01-01T08:00:00Z"), at("2026-01-02T10:00:00Z"));
    expect(p.days).toBe(1);
    expect(p.hours).toBe(2);
    expect(p.parkingMinor).toBe(400_000 + 100_000);
    // 12 hours would cost ₦6,000 but the cap is ₦4,000.
    expect(parkingMinor(LAGOS, 12 * HOUR_MS).parking).toBe(400_000);
  });

  it("has no fees for an empty window and refuses bad windows", () => {
    expect(
      priceWindow(LAGOS, NG_FEES, at("2026-01-01T08:00:00Z"), at("2026-01-01T08:00:00Z")).totalMinor,
    ).toBe(0);
    expect(checkWindow(at("2026-01-02T00:00:00Z"), at("2026-01-01T00:00:00Z"))).toBe("end_before_start");
    expect(checkWindow(at("2026-01-01T00:00:00Z"), at("2026-01-01T00:00:00Z"))).toBe("end_before_start");
    expect(checkWindow(at("2026-01-01T00:00:00Z"), at("2026-03-01T00:00:00Z"))).toBe("too_long");
    expect(checkWindow(at("2026-01-01T00:00:00Z"), at("2026-01-01T00:30:00Z"))).toBeNull();
  });
});

const rateArb = fc
  .record({ hourlyMinor: fc.integer({ min: 1, max: 1_000_000 }), hours: fc.integer({ min: 1, max: 24 }) })
  .map(({ hourlyMinor, hours }) => ({ hourlyMinor, dailyMaxMinor: hourlyMinor * hours }));
const feesArb = fc
  .record({
    serviceFeeMinor: fc.integer({ min: 0, max: 100_000 }),
    bookingFeeBps: fc.integer({ min: 0, max: 3_000 }),
    taxBps: fc.integer({ min: 0, max: 3_000 }),
  })
  .map((f) => ({ ...f, taxes: [{ name: "VAT", rateBps: f.taxBps }] }));
const durationArb = fc.integer({ min: 1, max: MAX_WINDOW_DAYS * DAY_MS });
const start = at("2026-03-01T00:00:00Z");
const after = (ms: number) => new Date(start.getTime() + ms);

describe("priceWindow properties", () => {
  it("never costs less for a longer window", () => {
    fc.assert(
      fc.property(rateArb, feesArb, durationArb, durationArb, (rate, fees, a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        expect(priceWindow(rate, fees, start, after(short)).totalMinor).toBeLessThanOrEqual(
          priceWindow(rate, fees, start, after(long)).totalMinor,
        );
      }),
    );
  });

  it("never exceeds started days x daily cap plus the fees on that", () => {
    fc.assert(
      fc.property(rateArb, feesArb, durationArb, (rate, fees, ms) => {
        const p = priceWindow(rate, fees, start, after(ms));
        const days = Math.ceil(ms / DAY_MS);
        expect(p.parkingMinor).toBeLessThanOrEqual(days * rate.dailyMaxMinor);
        const feesOnCap =
          fees.serviceFeeMinor + Math.round((days * rate.dailyMaxMinor * fees.bookingFeeBps) / 10_000);
        expect(p.totalMinor).toBeLessThanOrEqual(
          days * rate.dailyMaxMinor + feesOnCap + Math.round((feesOnCap * fees.taxBps) / 10_000),
        );
      }),
    );
  });

  it("never charges more than started hours x hourly, and at least one hour", () => {
    fc.assert(
      fc.property(rateArb, feesArb, durationArb, (rate, fees, ms) => {
        const p = priceWindow(rate, fees, start, after(ms));
        expect(p.parkingMinor).toBeLessThanOrEqual(Math.ceil(ms / HOUR_MS) * rate.hourlyMinor);
        expect(p.parkingMinor).toBeGreaterThanOrEqual(Math.min(rate.hourlyMinor, rate.dailyMaxMinor));
      }),
    );
  });

  it("adds up: whole minor units, total = parking + fees + tax", () => {
    fc.assert(
      fc.property(rateArb, feesArb, durationArb, (rate, fees, ms) => {
        const p = priceWindow(rate, fees, start, after(ms));
        const { taxes, ...amounts } = p;
        for (const v of Object.values(amounts) as number[]) expect(Number.isInteger(v) && v >= 0).toBe(true);
        expect(p.taxMinor).toBe(taxes!.reduce((sum, t) => sum + t.taxMinor, 0));
        expect(p.totalMinor).toBe(p.parkingMinor + p.serviceFeeMinor + p.bookingFeeMinor + p.taxMinor);
      }),
    );
  });

  it("depends only on the window's length, not on when it starts", () => {
    fc.assert(
      fc.property(
        rateArb,
        feesArb,
        durationArb,
        fc.integer({ min: 0, max: 365 * DAY_MS }),
        (rate, fees, ms, shift) => {
          const s = new Date(start.getTime() + shift);
          expect(priceWindow(rate, fees, s, new Date(s.getTime() + ms))).toEqual(
            priceWindow(rate, fees, start, after(ms)),
          );
        },
      ),
    );
  });
});
