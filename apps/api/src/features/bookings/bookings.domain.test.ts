import { refundPercentAt } from "@parkwell/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceWindow, withBookedCoupon, withCoupon } from "../parks/pricing.domain";
import {
  bookingCode,
  cancellationLines,
  chargeDueMinor,
  CHECKED_IN_NO_CANCEL,
  extendProblem,
  refundLinesOf,
  refundMinor,
  statusChange,
  taxLineParts,
  windowChangeProblem,
  windowRefundOf,
} from "./bookings.domain";
import { signQr, verifyQr } from "./qr";
import { READABLE_CODE_ALPHABET } from "../../lib/readable-code";

const H = 3_600_000;
const DAY = 24 * H;
const NOW = new Date("2026-06-01T10:00:00Z");

describe("status changes", () => {
  const active = {
    status: "active" as const,
    startTime: new Date(NOW.getTime() + 2 * H),
    endTime: new Date(NOW.getTime() + 5 * H),
    checkedInAt: null,
  };

  it("cancel only active bookings before start; renew only cancelled ones before start", () => {
    expect(statusChange(active, "cancelled", NOW)).toEqual({ ok: true, kind: "cancel" });
    expect(statusChange(active, "cancelled", new Date(NOW.getTime() + 3 * H)).ok).toBe(false);
    expect(statusChange({ ...active, status: "completed" }, "cancelled", NOW).ok).toBe(false);
    expect(statusChange(active, "active", NOW).ok).toBe(false);
    expect(statusChange({ ...active, status: "cancelled" }, "active", NOW)).toEqual({
      ok: true,
      kind: "renew",
    });
    expect(statusChange({ ...active, status: "cancelled" }, "active", active.startTime).ok).toBe(false);
  });

  it("never cancels a booking whose car is in, even before its start", () => {
    expect(statusChange({ ...active, checkedInAt: NOW }, "cancelled", NOW)).toEqual({
      ok: false,
      message: CHECKED_IN_NO_CANCEL,
    });
  });

  it("extends only an active booking, before its end, to a later end within 30 days", () => {
    expect(extendProblem(active, new Date(active.endTime.getTime() + H), NOW)).toBeNull();
    expect(extendProblem(active, active.endTime, NOW)).toMatch(/after/);
    expect(extendProblem(active, new Date(active.endTime.getTime() + H), active.endTime)).toMatch(/ended/);
    expect(
      extendProblem({ ...active, status: "cancelled" }, new Date(active.endTime.getTime() + H), NOW),
    ).toMatch(/active/);
    expect(extendProblem(active, new Date(active.startTime.getTime() + 30 * DAY + 1), NOW)).toMatch(/30/);
  });
});

describe("money", () => {
  const rate = { hourlyMinor: 50_000, dailyMaxMinor: 300_000 };
  const fees = { serviceFeeMinor: 10_000, bookingFeeBps: 500, taxes: [{ name: "VAT", rateBps: 750 }] };

  it("refunds the policy's share of the parking paid only (after a coupon), never more than paid, less as start nears", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -3 * H, max: 3 * H }),
        fc.integer({ min: 1, max: 3 * H }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (parking, fees, before, later, share) => {
          const start = new Date(NOW.getTime() + before);
          const discount = Math.floor(parking * share);
          const paid = parking - discount + fees;
          const b = {
            startTime: start,
            breakdown: {
              parkingMinor: parking,
              couponDiscountMinor: discount,
              serviceFeeMinor: fees,
              bookingFeeMinor: 0,
              taxMinor: 0,
            },
            totalMinor: paid,
            paidMinor: paid,
          };
          const r = refundMinor(b, NOW);
          const laterR = refundMinor(b, new Date(NOW.getTime() + later));
          expect(r.percent).toBe(refundPercentAt(start, NOW));
          expect(r.amountMinor).toBeLessThanOrEqual(parking - discount);
          expect(laterR.amountMinor).toBeLessThanOrEqual(r.amountMinor);
          if (before >= H) expect(r.amountMinor).toBe(parking - discount);
          if (before < 0) expect(r.percent).toBeNull();
          // Line by line, refund and kept add up to what was paid; the parking paid, not its list price.
          const lines = cancellationLines(b.breakdown, { status: "active", paidMinor: paid }, r.amountMinor);
          expect(lines.refund.totalMinor + lines.kept.totalMinor).toBe(paid);
          expect(lines.refund.parkingMinor + lines.kept.parkingMinor).toBe(parking - discount);
        },
      ),
    );
  });

  it("gives back a tax charged on the parking in the same share as the parking, and keeps the tax on the fees", () => {
    // A Manhattan-like place: 18.375% on the parking, beside a 5% tax on Parkwell's fees.
    const taxes = [
      { name: "NYC parking tax", rateBps: 1_837.5, parts: ["parking" as const] },
      { name: "Sales tax", rateBps: 500 },
    ];
    const placeFees = { serviceFeeMinor: 99, bookingFeeBps: 500, taxes };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 * H }),
        fc.integer({ min: -3 * H, max: 3 * H }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (len, before, share) => {
          const start = new Date(NOW.getTime() + before);
          const list = priceWindow(rate, placeFees, start, new Date(start.getTime() + len));
          const discount = Math.floor(list.parkingMinor * share);
          const booked = withCoupon(list, { code: "SAVE", discountMinor: discount }, taxes);
          const b = {
            startTime: start,
            breakdown: booked,
            totalMinor: booked.totalMinor,
            paidMinor: booked.totalMinor,
          };
          const [parkingTax, feeTax] = booked.taxes!;
          const parking = booked.parkingMinor - discount;
          const r = refundMinor(b, NOW);
          if (r.percent === null) return;
          expect(r.amountMinor).toBe(Math.trunc(((parking + parkingTax!.taxMinor) * r.percent) / 100));
          const given = refundLinesOf(booked, r.amountMinor);
          expect(given.totalMinor).toBe(r.amountMinor);
          expect(given.serviceFeeMinor + given.bookingFeeMinor).toBe(0);
          const [parkingTaxBack, feeTaxBack] = given.taxes;
          expect(feeTaxBack!.taxMinor).toBe(0);
          // The tax given back is the tax on the parking given back, to a minor unit.
          expect(
            Math.abs(parkingTaxBack!.taxMinor - (given.parkingMinor * 1_837.5) / 10_000),
          ).toBeLessThanOrEqual(1);
          expect(parkingTaxBack!.baseMinor).toBe(given.parkingMinor);
          if (r.percent === 100) {
            expect(given.parkingMinor).toBe(parking);
            expect(parkingTaxBack!.taxMinor).toBe(parkingTax!.taxMinor);
          }
          // Refund and kept add up to what was paid, line by line; the tax on the fees stays paid.
          const active = cancellationLines(
            booked,
            { status: "active", paidMinor: b.paidMinor },
            r.amountMinor,
          );
          expect(active.refund.taxMinor).toBe(parkingTaxBack!.taxMinor);
          expect(active.refund.totalMinor + active.kept.totalMinor).toBe(b.paidMinor);
          expect(active.kept.taxMinor).toBe(booked.taxMinor - parkingTaxBack!.taxMinor);
          expect(active.kept.taxMinor).toBeGreaterThanOrEqual(feeTax!.taxMinor);
          // Once cancelled, the booking shows the same lines as the cancellation gave.
          const cancelled = cancellationLines(
            booked,
            { status: "cancelled", paidMinor: b.paidMinor - r.amountMinor },
            0,
          );
          expect(cancelled).toEqual(active);
        },
      ),
    );
  });

  it("tells a stored tax line's parts when it names none: a parking tax by its base, else the fees'", () => {
    const price = { parkingMinor: 2_000, serviceFeeMinor: 99, bookingFeeMinor: 100, taxMinor: 0 };
    const line = { name: "Parking tax", rateBps: 1_000, baseMinor: 2_000, taxMinor: 200 };
    expect(taxLineParts(line, price)).toEqual(["parking"]);
    expect(taxLineParts({ ...line, baseMinor: 199 }, price)).toEqual(["service_fee", "booking_fee"]);
    expect(taxLineParts({ ...line, parts: ["parking"] }, { ...price, parkingMinor: 199 })).toEqual([
      "parking",
    ]);
    // After a coupon, the parking tax's base is the parking paid.
    expect(taxLineParts({ ...line, baseMinor: 1_500 }, { ...price, couponDiscountMinor: 500 })).toEqual([
      "parking",
    ]);
    // Stored without names: the country's one tax on the fees, kept by a cancellation.
    const legacy = refundLinesOf({ ...price, taxMinor: 15 }, 2_000, { name: "VAT", rateBps: 750 });
    expect(legacy).toMatchObject({ parkingMinor: 2_000, taxMinor: 0 });
    expect(legacy.taxes).toEqual([
      { name: "VAT", rateBps: 750, parts: ["service_fee", "booking_fee"], baseMinor: 0, taxMinor: 0 },
    ]);
  });

  it("gives back every line and every tax when the whole price comes back (an organiser's cancellation)", () => {
    const taxes = [
      { name: "Parking tax", rateBps: 1_000, parts: ["parking" as const] },
      { name: "GST", rateBps: 500 },
    ];
    const booked = priceWindow(
      rate,
      { serviceFeeMinor: 99, bookingFeeBps: 500, taxes },
      NOW,
      new Date(NOW.getTime() + 3 * H),
    );
    const given = refundLinesOf(booked, booked.totalMinor);
    expect(given).toMatchObject({
      parkingMinor: booked.parkingMinor,
      serviceFeeMinor: booked.serviceFeeMinor,
      bookingFeeMinor: booked.bookingFeeMinor,
      taxMinor: booked.taxMinor,
      totalMinor: booked.totalMinor,
    });
    expect(given.taxes.map((t) => [t.taxMinor, t.baseMinor])).toEqual(
      booked.taxes!.map((t) => [t.taxMinor, t.baseMinor]),
    );
  });

  it("an extension keeps the coupon's amount off: it charges the longer window's parking difference only", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 * DAY }),
        fc.integer({ min: 1, max: 10 * DAY }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (len, extra, share) => {
          const start = new Date(NOW.getTime() + H);
          const list = priceWindow(rate, fees, start, new Date(start.getTime() + len));
          const discount = Math.floor(list.parkingMinor * share);
          const booked = withCoupon(list, { code: "SAVE", discountMinor: discount }, fees.taxes);
          const longer = priceWindow(rate, fees, start, new Date(start.getTime() + len + extra));
          const after = withBookedCoupon(longer, booked, fees.taxes);
          expect(after.couponDiscountMinor ?? 0).toBe(discount);
          expect(after.totalMinor).toBe(longer.totalMinor - discount);
          expect(chargeDueMinor(after.totalMinor, booked.totalMinor)).toBe(
            longer.totalMinor - list.totalMinor,
          );
        },
      ),
    );
  });

  it("an extension charges exactly the new total minus what was paid, and prices never fall as windows grow", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 * DAY }),
        fc.integer({ min: 1, max: 10 * DAY }),
        (len, extra) => {
          const start = new Date(NOW.getTime() + H);
          const before = priceWindow(rate, fees, start, new Date(start.getTime() + len));
          const after = priceWindow(rate, fees, start, new Date(start.getTime() + len + extra));
          expect(after.totalMinor).toBeGreaterThanOrEqual(before.totalMinor);
          expect(before.totalMinor + chargeDueMinor(after.totalMinor, before.totalMinor)).toBe(
            after.totalMinor,
          );
        },
      ),
    );
  });
});

describe("a change of window", () => {
  const booking = (startIn: number, hours = 2) => ({
    status: "active" as const,
    startTime: new Date(NOW.getTime() + startIn),
    endTime: new Date(NOW.getTime() + startIn + hours * H),
    checkedInAt: null,
  });
  const at = (offset: number) => new Date(NOW.getTime() + offset);

  it("moves an active booking not in and not ended; never into a step of the policy that gives back more", () => {
    // An hour or more ahead (all of the parking back): anywhere, nearer or further.
    expect(windowChangeProblem(booking(2 * H), at(30 * 60_000), NOW)).toBeNull();
    expect(windowChangeProblem(booking(2 * H), at(48 * H), NOW)).toBeNull();
    // Inside the hour (half back): a start inside the hour, or now, but not beyond it.
    expect(windowChangeProblem(booking(H / 2), at(H - 1), NOW)).toBeNull();
    expect(windowChangeProblem(booking(H / 2), at(-60_000), NOW)).toBeNull();
    expect(windowChangeProblem(booking(H / 2), at(H), NOW)).toBe(
      "This booking starts within 60 minutes, so its new start must too: a later one would let a cancellation give back more",
    );
    // Started, the car not in (nothing back): only a start already past.
    expect(windowChangeProblem(booking(-H / 2), at(-60_000), NOW)).toBeNull();
    expect(windowChangeProblem(booking(-H / 2), at(60_000), NOW)).toBe(
      "A booking that has started cannot be moved to a later start",
    );
    expect(windowChangeProblem({ ...booking(2 * H), checkedInAt: NOW }, at(3 * H), NOW)).toMatch(
      /checked in/,
    );
    expect(windowChangeProblem({ ...booking(2 * H), status: "cancelled" }, at(3 * H), NOW)).toMatch(/active/);
    expect(windowChangeProblem(booking(-3 * H), at(3 * H), NOW)).toBe("This booking has already ended");
  });

  it("gives back the policy's share of what the new price takes off the parking and its tax, never more than paid above it", () => {
    const rate = { hourlyMinor: 50_000, dailyMaxMinor: 300_000 };
    const taxes = [
      { name: "NYC parking tax", rateBps: 1_837.5, parts: ["parking" as const] },
      { name: "Sales tax", rateBps: 500 },
    ];
    const fees = { serviceFeeMinor: 99, bookingFeeBps: 500, taxes };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 * H }),
        fc.integer({ min: 1, max: 40 * H }),
        fc.integer({ min: -3 * H, max: 3 * H }),
        fc.integer({ min: 0, max: 20_000 }),
        (len, newLen, before, discount) => {
          const start = at(before);
          const paid = withCoupon(
            priceWindow(rate, fees, start, at(before + len)),
            { code: "C", discountMinor: discount },
            taxes,
          );
          const b = { startTime: start, breakdown: paid, paidMinor: paid.totalMinor };
          const after = withBookedCoupon(priceWindow(rate, fees, start, at(before + newLen)), paid, taxes);
          const r = windowRefundOf(b, after, NOW);
          expect(r.percent).toBe(refundPercentAt(start, NOW));
          expect(r.amountMinor).toBeLessThanOrEqual(Math.max(0, paid.totalMinor - after.totalMinor));
          if (r.percent === null || after.totalMinor >= paid.totalMinor) expect(r.amountMinor).toBe(0);
          // Its lines are the amount, fees and their tax kept, as a cancellation keeps them.
          const { lines } = r;
          expect(lines.parkingMinor + lines.chargingMinor + lines.taxMinor).toBe(r.amountMinor);
          expect(lines.serviceFeeMinor + lines.bookingFeeMinor + lines.taxes[1]!.taxMinor).toBe(0);
          // All of it an hour or more ahead: the parking and its tax the new window no longer costs.
          const netParking = (p: typeof paid) => p.parkingMinor - (p.couponDiscountMinor ?? 0);
          if (r.percent === 100) {
            expect(lines.parkingMinor).toBe(Math.max(0, netParking(paid) - netParking(after)));
            expect(lines.taxes[0]!.taxMinor).toBe(
              Math.max(0, paid.taxes![0]!.taxMinor - after.taxes![0]!.taxMinor),
            );
          }
          // Moved to its own price, nothing comes back.
          expect(windowRefundOf(b, paid, NOW).amountMinor).toBe(0);
        },
      ),
    );
  });
});

describe("booking codes and QR payloads", () => {
  it("codes are PW- and 8 unambiguous characters", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        expect(bookingCode(bytes)).toMatch(new RegExp(`^PW-[${READABLE_CODE_ALPHABET}]{8}$`));
      }),
    );
  });

  it("a QR payload verifies with the secret, carries no personal data and fails when altered", () => {
    const claims = {
      code: "PW-ABCD2345",
      park: 7,
      start: "2026-06-01T10:00:00.000Z",
      end: "2026-06-01T12:00:00.000Z",
    };
    const token = signQr(claims, "s3cret");
    expect(verifyQr(token, "s3cret")).toEqual({ v: 1, ...claims });
    expect(verifyQr(token, "other")).toBeNull();
    const forged = signQr({ ...claims, park: 8 }, "other").split(".")[0] + "." + token.split(".")[1];
    expect(verifyQr(forged, "s3cret")).toBeNull();
    expect(Object.keys(verifyQr(token, "s3cret")!)).toEqual(["v", "code", "park", "start", "end"]);
  });
});
