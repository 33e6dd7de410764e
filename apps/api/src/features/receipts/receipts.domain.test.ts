import { describe, expect, it } from "vitest";
import { differenceOf } from "./receipts.domain";

describe("an extension's receipt parts (differenceOf)", () => {
  it("are the longer window's parking net of the coupon kept, the fees' and each named tax's difference", () => {
    // Québec: booked 2 h ($20.00, $5.00 off), extended to 3 h ($30.00, the same $5.00 off).
    const before = {
      parkingMinor: 2_000,
      couponDiscountMinor: 500,
      serviceFeeMinor: 99,
      bookingFeeMinor: 150,
      taxMinor: 37,
      taxes: [
        { name: "GST", rateBps: 500, baseMinor: 249, taxMinor: 12 },
        { name: "QST", rateBps: 997.5, baseMinor: 249, taxMinor: 25 },
      ],
    };
    const after = {
      ...before,
      parkingMinor: 3_000,
      bookingFeeMinor: 250,
      taxMinor: 52,
      taxes: [
        { name: "GST", rateBps: 500, baseMinor: 349, taxMinor: 17 },
        { name: "QST", rateBps: 997.5, baseMinor: 349, taxMinor: 35 },
      ],
    };
    expect(differenceOf(before, after)).toEqual({
      parkingMinor: 1_000,
      serviceFeeMinor: 0,
      bookingFeeMinor: 100,
      taxMinor: 15,
      taxes: [
        { name: "GST", rateBps: 500, baseMinor: 100, taxMinor: 5 },
        { name: "QST", rateBps: 997.5, baseMinor: 100, taxMinor: 10 },
      ],
    });
  });

  it("take the coupon off the new price when the old one is what the receipts say was paid (its discount line summed in)", () => {
    const paid = { parkingMinor: 2_000 - 500, serviceFeeMinor: 99, bookingFeeMinor: 150, taxMinor: 37 };
    const after = {
      parkingMinor: 3_000,
      couponDiscountMinor: 500,
      serviceFeeMinor: 99,
      bookingFeeMinor: 250,
      taxMinor: 52,
    };
    expect(differenceOf(paid, after)).toEqual({
      parkingMinor: 1_000,
      serviceFeeMinor: 0,
      bookingFeeMinor: 100,
      taxMinor: 15,
    });
  });

  it("give a changed rate's old line back and charge the new one in full; one tax when a price names none", () => {
    const ns = (rateBps: number, baseMinor: number, taxMinor: number) => ({
      parkingMinor: 1_000,
      serviceFeeMinor: baseMinor,
      bookingFeeMinor: 0,
      taxMinor,
      taxes: [{ name: "HST", rateBps, baseMinor, taxMinor }],
    });
    expect(differenceOf(ns(1500, 100, 15), ns(1400, 200, 28)).taxes).toEqual([
      { name: "HST", rateBps: 1500, baseMinor: -100, taxMinor: -15 },
      { name: "HST", rateBps: 1400, baseMinor: 200, taxMinor: 28 },
    ]);
    const { taxes: _, ...old } = ns(1500, 100, 15);
    expect(differenceOf(old, ns(1500, 200, 30))).toEqual({
      parkingMinor: 0,
      serviceFeeMinor: 100,
      bookingFeeMinor: 0,
      taxMinor: 15,
    });
  });
});
