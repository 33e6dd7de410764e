import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocate,
  bpsOf,
  PRICE_PARTS,
  refundShareOf,
  TAXED_PARTS,
  taxBaseOf,
  taxedPartsOf,
  taxesOf,
  taxOf,
  unitsShareOf,
  WHOLE_BPS,
} from "./pricing";

describe("a percentage of an amount (bpsOf)", () => {
  it("rounds half up in minor units", () => {
    expect(bpsOf(1000, 750)).toBe(75);
    expect(bpsOf(5, 1000)).toBe(1); // 0.5 -> 1
    expect(bpsOf(4, 1000)).toBe(0); // 0.4 -> 0
    expect(bpsOf(15, 5000)).toBe(8); // 7.5 -> 8
    expect(bpsOf(12_345, 10_000)).toBe(12_345);
    expect(bpsOf(0, 750)).toBe(0);
    expect(bpsOf(-5, 1000)).toBe(-1); // half away from zero below zero
  });

  it("is symmetric below zero (a refund or a credit is minus the charge's share)", () => {
    expect(bpsOf(-15, 5000)).toBe(-8); // -7.5 -> -8
    expect(bpsOf(-14, 5000)).toBe(-7);
    expect(bpsOf(15, -5000)).toBe(-8);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e11 }),
        fc.integer({ min: 0, max: WHOLE_BPS }),
        (amount, bps) => {
          expect(bpsOf(-amount, bps)).toBe(-bpsOf(amount, bps) || 0); // never -0
        },
      ),
    );
  });

  it("gives what each price's own rounding gave before it was the one (Math.round of the quotient)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        expect(bpsOf(amount, bps)).toBe(Math.round((amount * bps) / 10_000));
      }),
    );
  });

  it("is exact at the halves of large amounts (integer arithmetic, no float drift)", () => {
    // 1,000,000,005 × 5,000 / 10,000 = 500,000,002.5 -> 500,000,003
    expect(bpsOf(1_000_000_005, 5_000)).toBe(500_000_003);
    expect(bpsOf(10_000_000_000_005, 5_000)).toBe(5_000_000_000_003);
  });
});

describe("a refund's share (refundShareOf)", () => {
  it("rounds down: a refund never gives back more than its share", () => {
    expect(refundShareOf(1001, 50)).toBe(500);
    expect(refundShareOf(1000, 100)).toBe(1000);
    expect(refundShareOf(999, 0)).toBe(0);
  });
});

describe("sharing an amount out (allocate, unitsShareOf)", () => {
  it("splits by largest remainder, the parts summing to the total", () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
    expect(allocate(5, [])).toEqual([]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          expect(allocate(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
        },
      ),
    );
  });

  it("gives back a line's whole amount, in any steps of units", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        (total, quantity, step) => {
          let given = 0;
          for (let done = 0; done < quantity; done += step) {
            const to = Math.min(quantity, done + step);
            given += unitsShareOf(total, to, quantity) - unitsShareOf(total, done, quantity);
          }
          expect(given).toBe(total);
        },
      ),
    );
  });
});

describe("the one tax rule (taxOf)", () => {
  it("taxes Parkwell's own charges and not the money it passes on", () => {
    expect(PRICE_PARTS.filter((p) => TAXED_PARTS[p])).toEqual([
      "service_fee",
      "booking_fee",
      "goods",
      "delivery",
      "service_charge",
    ]);
  });

  it("a booking: the country's rate on the fees only, half up once", () => {
    // ₦20,000 parking, ₦500 service fee, 5% booking fee (₦1,000), 7.5% VAT on the fees.
    expect(taxOf({ parking: 2_000_000, service_fee: 50_000, booking_fee: 100_000 }, 750)).toEqual({
      baseMinor: 150_000,
      taxMinor: 11_250,
    });
    // 7.5% of 15 is 1.125: 1 (once on the sum, not per line: 0.375 + 0.75 would round to 0 + 1).
    expect(taxOf({ service_fee: 5, booking_fee: 10 }, 750).taxMinor).toBe(1);
  });

  it("an order: the rate on goods after discounts, delivery included", () => {
    expect(taxOf({ goods: 9_000, delivery: 1_000 }, 750)).toEqual({ baseMinor: 10_000, taxMinor: 750 });
  });

  it("a vehicle document request: the rate on the service charge and delivery, not the fees nor premiums", () => {
    expect(
      taxOf(
        {
          government_fee: 1_045_000,
          insurance_premium: 1_500_000,
          service_charge: 250_000,
          delivery: 150_000,
        },
        750,
      ),
    ).toEqual({ baseMinor: 400_000, taxMinor: 30_000 });
  });

  it("an overstay is parking alone: no tax at any rate (its receipt has no tax line)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: WHOLE_BPS }),
        (parking, rate) => {
          expect(taxOf({ parking }, rate)).toEqual({ baseMinor: 0, taxMinor: 0 });
        },
      ),
    );
  });

  it("is linear in the base: a difference of two prices carries the difference of their bases", () => {
    expect(taxBaseOf({ service_fee: -500, booking_fee: -250, parking: -10_000 })).toBe(-750);
    expect(taxOf({ service_fee: -5 }, 1000).taxMinor).toBe(-1); // a credit's tax, half away from zero
  });

  it("takes another table of taxed parts (a country that would tax parking too)", () => {
    const withParking = { ...TAXED_PARTS, parking: true };
    expect(taxOf({ parking: 1_000, service_fee: 100 }, 1000, withParking)).toEqual({
      baseMinor: 1_100,
      taxMinor: 110,
    });
  });
});

describe("several taxes of a place (taxesOf)", () => {
  it("charges GST and QST each on Parkwell's fees, rounded once per tax, never on the parking", () => {
    // Québec: a $20.00 window, a 99¢ service fee; GST 5% and QST 9.975% on the 99¢ each.
    const { taxMinor, lines } = taxesOf({ parking: 2_000, service_fee: 99 }, [
      { name: "GST", rateBps: 500 },
      { name: "QST", rateBps: 997.5 },
    ]);
    expect(lines).toEqual([
      { name: "GST", rateBps: 500, baseMinor: 99, taxMinor: 5 },
      { name: "QST", rateBps: 997.5, baseMinor: 99, taxMinor: 10 },
    ]);
    expect(taxMinor).toBe(15);
  });

  it("is the one tax rule when there is one component", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (parking, fee, rate) => {
          const parts = { parking, service_fee: fee };
          expect(taxesOf(parts, [{ name: "VAT", rateBps: rate }]).taxMinor).toBe(taxOf(parts, rate).taxMinor);
        },
      ),
    );
  });

  it("lets a component tax the parking itself, and only what it names", () => {
    // Illinois' parking excise tax: 6% of the parking, not of a booking intermediary's stated fee.
    const { taxMinor, lines } = taxesOf({ parking: 1_250, service_fee: 99 }, [
      { name: "Parking excise tax", rateBps: 600, parts: ["parking"] },
    ]);
    expect(lines).toEqual([{ name: "Parking excise tax", rateBps: 600, baseMinor: 1_250, taxMinor: 75 }]);
    expect(taxMinor).toBe(75);
    expect(taxedPartsOf(null)).toBe(TAXED_PARTS);
    expect(taxedPartsOf(["parking"]).service_fee).toBe(false);
  });

  it("is no tax with no components, and the sum of its lines always", () => {
    expect(taxesOf({ service_fee: 500 }, [])).toEqual({ taxMinor: 0, lines: [] });
    fc.assert(
      fc.property(
        fc.record({
          parking: fc.integer({ min: 0, max: 1e7 }),
          service_fee: fc.integer({ min: 0, max: 1e5 }),
        }),
        fc.array(fc.record({ name: fc.string(), rateBps: fc.integer({ min: 0, max: 3_000 }) }), {
          maxLength: 4,
        }),
        (parts, components) => {
          const { taxMinor, lines } = taxesOf(parts, components);
          expect(taxMinor).toBe(lines.reduce((s, l) => s + l.taxMinor, 0));
        },
      ),
    );
  });
});
