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

/** Québec's two taxes on Parkwell's fees (decision 047). */
const QUEBEC = [
  { name: "GST", rateBps: 500 },
  { name: "QST", rateBps: 997.5 },
];

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

  it("rounds each component half up on its own, once for the purchase (worked by hand)", () => {
    // Québec, $60.00 of parking and $100.00 of fees: GST 5% of 10,000 = 500; QST 9.975% of
    // 10,000 = 997.5, half up 998. Neither is charged on the parking, nor on the other tax (QST on
    // 10,500 would be 1,047).
    expect(taxesOf({ parking: 6_000, service_fee: 6_000, booking_fee: 4_000 }, QUEBEC)).toEqual({
      taxMinor: 1_498,
      lines: [
        { name: "GST", rateBps: 500, baseMinor: 10_000, taxMinor: 500 },
        { name: "QST", rateBps: 997.5, baseMinor: 10_000, taxMinor: 998 },
      ],
    });
    // 30¢ of fees: GST 1.5 → 2, QST 2.9925 → 3, so 5; one rate of 14.975% would give 4.4925 → 4.
    expect(taxesOf({ service_fee: 30 }, QUEBEC).taxMinor).toBe(5);
    // 30¢ + 30¢ of fees: GST 5% of 60 = 3 once for the purchase; rounded per fee it would be 2 + 2.
    expect(taxesOf({ service_fee: 30, booking_fee: 30 }, [{ name: "GST", rateBps: 500 }]).lines).toEqual([
      { name: "GST", rateBps: 500, baseMinor: 60, taxMinor: 3 },
    ]);
    // Nigeria's one VAT 7.5% on ₦175.00 of fees: 1,312.5 → 1,313 (₦13.13), as on its receipts.
    expect(
      taxesOf({ parking: 150_000, service_fee: 10_000, booking_fee: 7_500 }, [{ name: "VAT", rateBps: 750 }]),
    ).toEqual({
      taxMinor: 1_313,
      lines: [{ name: "VAT", rateBps: 750, baseMinor: 17_500, taxMinor: 1_313 }],
    });
  });

  it("lets a component tax the parking itself, and only what it names", () => {
    // Illinois' parking excise tax: 6% of the parking, not of a booking intermediary's stated fee.
    const { taxMinor, lines } = taxesOf({ parking: 1_250, service_fee: 99 }, [
      { name: "Parking excise tax", rateBps: 600, parts: ["parking"] },
    ]);
    // The line keeps the parts it taxed: a refund of the parking gives its share of this tax back.
    expect(lines).toEqual([
      { name: "Parking excise tax", rateBps: 600, baseMinor: 1_250, taxMinor: 75, parts: ["parking"] },
    ]);
    expect(taxMinor).toBe(75);
    expect(taxedPartsOf(null)).toBe(TAXED_PARTS);
    expect(taxedPartsOf(["parking"]).service_fee).toBe(false);
  });

  it("is no tax with no components; else the sum of its lines, each on its own parts (worked by hand)", () => {
    expect(taxesOf({ service_fee: 500 }, [])).toEqual({ taxMinor: 0, lines: [] });
    // A parking tax of 6% on 1,250 (75) beside a 5% tax on the 99¢ fee (4.95 → 5): 80 in all.
    expect(
      taxesOf({ parking: 1_250, service_fee: 99 }, [
        { name: "Parking excise tax", rateBps: 600, parts: ["parking"] },
        { name: "GST", rateBps: 500 },
      ]),
    ).toEqual({
      taxMinor: 80,
      lines: [
        { name: "Parking excise tax", rateBps: 600, baseMinor: 1_250, taxMinor: 75, parts: ["parking"] },
        { name: "GST", rateBps: 500, baseMinor: 99, taxMinor: 5 },
      ],
    });
    // A credit (an extension's difference, a refund): half away from zero, -1.5 → -2, -2.9925 → -3.
    expect(taxesOf({ service_fee: -30 }, QUEBEC).taxMinor).toBe(-5);
    // A 0% component keeps its line at 0 and adds nothing.
    expect(taxesOf({ service_fee: 1_000 }, [{ name: "Sales tax", rateBps: 0 }, ...QUEBEC])).toEqual({
      taxMinor: 150,
      lines: [
        { name: "Sales tax", rateBps: 0, baseMinor: 1_000, taxMinor: 0 },
        { name: "GST", rateBps: 500, baseMinor: 1_000, taxMinor: 50 },
        { name: "QST", rateBps: 997.5, baseMinor: 1_000, taxMinor: 100 },
      ],
    });
  });
});
