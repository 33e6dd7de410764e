import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, bpsOf } from "@parkwell/contract";
import { couponDiscount, type CouponTerms } from "../purchases/coupons.domain";
import { bestOfferCut, goodsAfterOffers, offerCut, priceOrder, returnRefund } from "./order-pricing.domain";

const now = new Date("2026-11-25T12:00:00Z");
const coupon = (over: Partial<CouponTerms>): CouponTerms => ({
  discountType: "percentage",
  discount: 1000,
  maxDiscountMinor: null,
  minOrderMinor: 0,
  startsAt: new Date("2026-11-01T00:00:00Z"),
  endsAt: new Date("2026-12-01T00:00:00Z"),
  status: "active",
  kinds: ["order"],
  limitPerUser: 1,
  totalLimit: null,
  ...over,
});

const lineArb = fc
  .record({
    price: fc.integer({ min: 1, max: 50_000_000 }),
    offerBps: fc.integer({ min: 0, max: 10_000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
  })
  .map(({ price, offerBps, quantity }) => ({
    unitPriceMinor: price,
    unitOfferMinor: offerCut(price, {
      discountType: "percentage",
      discount: offerBps,
      maxDiscountMinor: null,
    }),
    quantity,
  }));

describe("offers", () => {
  it("never take more than the unit or the cap, and the best one wins", () => {
    expect(offerCut(1000, { discountType: "fixed", discount: 5000, maxDiscountMinor: null })).toBe(1000);
    expect(offerCut(10_000, { discountType: "percentage", discount: 5000, maxDiscountMinor: 3000 })).toBe(
      3000,
    );
    expect(
      bestOfferCut(10_000, [
        { discountType: "fixed", discount: 1500, maxDiscountMinor: null },
        { discountType: "percentage", discount: 2000, maxDiscountMinor: null },
      ]),
    ).toBe(2000);
    expect(bestOfferCut(10_000, [])).toBe(0);
  });
});

describe("allocate", () => {
  it("splits exactly, in proportion, by largest remainder", () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          parts.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0);
            if (sum > 0) expect(Math.abs(p - (total * weights[i]!) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe("priceOrder", () => {
  it("always adds up, line by line and in total, for any cart, coupon, delivery and tax", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.option(fc.integer({ min: 1, max: 1_000_000 })),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 2_500 }),
        (lines, couponBps, cap, deliveryMinor, taxBps) => {
          const base = goodsAfterOffers(lines);
          const c = couponDiscount(
            "order",
            base,
            coupon({ discount: couponBps, maxDiscountMinor: cap }),
            now,
            null,
          );
          const discount = c.ok ? c.discountMinor : 0;
          const a = priceOrder({ lines, couponDiscountMinor: discount, deliveryMinor, taxBps });
          expect(a.totalMinor).toBe(
            a.subtotalMinor - a.offerDiscountMinor - a.couponDiscountMinor + a.deliveryMinor + a.taxMinor,
          );
          expect(a.couponDiscountMinor).toBeLessThanOrEqual(base);
          expect(a.taxMinor).toBe(bpsOf(base - a.couponDiscountMinor + deliveryMinor, taxBps));
          expect(a.totalMinor).toBeGreaterThanOrEqual(deliveryMinor);
          expect(a.lines.reduce((s, l) => s + l.couponShareMinor, 0)).toBe(a.couponDiscountMinor);
          const lineTax = a.lines.reduce((s, l) => s + l.taxShareMinor, 0);
          expect(lineTax).toBeLessThanOrEqual(a.taxMinor);
          const delivered = a.totalMinor - a.lines.reduce((s, l) => s + l.lineTotalMinor, 0);
          expect(delivered).toBe(deliveryMinor + a.taxMinor - lineTax);
          for (const l of a.lines) expect(l.lineTotalMinor).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("returnRefund", () => {
  it("gives back exactly a line's final cost when every unit comes back, in any steps", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 20 }),
        (lines, couponBps, taxBps, steps) => {
          const base = goodsAfterOffers(lines);
          const c = couponDiscount("order", base, coupon({ discount: couponBps }), now, null);
          const a = priceOrder({
            lines,
            couponDiscountMinor: c.ok ? c.discountMinor : 0,
            deliveryMinor: 1500,
            taxBps,
          });
          for (const line of a.lines) {
            let returned = 0;
            let refunded = 0;
            for (const step of steps) {
              const n = Math.min(step, line.quantity - returned);
              refunded += returnRefund(line, returned, n);
              returned += n;
            }
            refunded += returnRefund(line, returned, line.quantity - returned);
            expect(refunded).toBe(line.lineTotalMinor);
          }
        },
      ),
    );
  });
  it("refuses more units than the line has", () => {
    const [line] = priceOrder({
      lines: [{ unitPriceMinor: 1000, unitOfferMinor: 0, quantity: 2 }],
      couponDiscountMinor: 0,
      deliveryMinor: 0,
      taxBps: 0,
    }).lines;
    expect(() => returnRefund(line!, 1, 2)).toThrow(RangeError);
  });
});
