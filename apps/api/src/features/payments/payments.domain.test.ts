import { describe, expect, it } from "vitest";
import {
  CHECKOUT_LIFETIME_MS,
  expiresUnasked,
  expiryCutoff,
  failureKind,
  gatewayFor,
  mayStillBePaid,
  payableSince,
  topUpAmountError,
} from "./payments.domain";
import { SEEDED_COUNTRIES } from "../../test/seeded-countries";

const fmt = (m: number) => String(m);
const ngn = { decimals: 2, minMinor: 500_00, maxMinor: 1_000_000_00, maxBalanceMinor: 5_000_000_00 };
const xof = { decimals: 0, minMinor: 500, maxMinor: 1_000_000, maxBalanceMinor: 5_000_000 };

describe("gateway by country", () => {
  it("picks the provider and currency", () => {
    expect(gatewayFor(SEEDED_COUNTRIES, "NG")).toEqual({ provider: "paystack", currency: "NGN" });
    expect(gatewayFor(SEEDED_COUNTRIES, "SN")).toEqual({
      provider: "wave",
      currency: "XOF",
      fallback: "paystack",
    });
    expect(gatewayFor(SEEDED_COUNTRIES, "US")).toEqual({ provider: "stripe", currency: "USD" });
    expect(gatewayFor(SEEDED_COUNTRIES, "CA")).toEqual({ provider: "stripe", currency: "CAD" });
    expect(gatewayFor(SEEDED_COUNTRIES, "ZZ")).toEqual({ provider: "paystack", currency: "NGN" });
  });
});

describe("top-up amount", () => {
  it("accepts amounts within the limits with the currency's decimals", () => {
    expect(topUpAmountError(500, "NGN", ngn, 0, fmt)).toBeNull();
    expect(topUpAmountError(1234.56, "NGN", ngn, 0, fmt)).toBeNull();
    expect(topUpAmountError(2500, "XOF", xof, 0, fmt)).toBeNull();
  });

  it("refuses the rest with a reason", () => {
    expect(topUpAmountError(0, "NGN", ngn, 0, fmt)).toMatch(/positive/);
    expect(topUpAmountError(-5, "NGN", ngn, 0, fmt)).toMatch(/positive/);
    expect(topUpAmountError(1000.123, "NGN", ngn, 0, fmt)).toMatch(/2 decimal/);
    expect(topUpAmountError(1000.5, "XOF", xof, 0, fmt)).toMatch(/whole number/);
    expect(topUpAmountError(499.99, "NGN", ngn, 0, fmt)).toMatch(/at least/);
    expect(topUpAmountError(1_000_000.01, "NGN", ngn, 0, fmt)).toMatch(/at most/);
    expect(topUpAmountError(1000, "NGN", ngn, 4_999_500_00, fmt)).toMatch(/can hold at most/);
    expect(topUpAmountError(Number.NaN, "NGN", ngn, 0, fmt)).toMatch(/positive/);
  });
});

describe("the cap counts top-ups still being paid", () => {
  it("refuses what would pass the cap with the balance and the pending top-ups, and says how much is left", () => {
    expect(topUpAmountError(1000, "NGN", ngn, 4_000_000_00, fmt, 999_000_00)).toBeNull();
    expect(topUpAmountError(1000.01, "NGN", ngn, 4_000_000_00, fmt, 999_000_00)).toBe(
      "A wallet can hold at most 500000000; with 99900000 in top-ups still being paid, you can add up to 100000",
    );
    expect(topUpAmountError(500, "NGN", ngn, 0, fmt, 5_000_000_00)).toMatch(/add up to 0$/);
    // A wallet a refund pushed past the cap: nothing may be added, and the room is never negative.
    expect(topUpAmountError(500, "NGN", ngn, 5_100_000_00, fmt)).toMatch(/you can add up to 0$/);
  });

  it("counts a checkout while it can still be paid: Wave 30 minutes, Paystack and Stripe a day", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    const since = payableSince(now);
    expect(since.wave.toISOString()).toBe("2026-11-24T11:30:00.000Z");
    expect(since.paystack.toISOString()).toBe("2026-11-23T12:00:00.000Z");
    expect(since.stripe.toISOString()).toBe("2026-11-23T12:00:00.000Z");
    expect(Object.keys(CHECKOUT_LIFETIME_MS).sort()).toEqual(["demo", "paystack", "stripe", "wave"]);
  });
});

describe("a failed payment", () => {
  it("may still be paid after a decline, never after a mismatch or when no provider opened it", () => {
    expect(mayStillBePaid("initialized", null)).toBe(true);
    expect(mayStillBePaid("pending", null)).toBe(true);
    expect(mayStillBePaid("failed", "declined")).toBe(true);
    expect(mayStillBePaid("failed", "mismatch:amount")).toBe(false);
    expect(mayStillBePaid("failed", "provider_unavailable")).toBe(false);
    expect(mayStillBePaid("succeeded", null)).toBe(false);
    expect(failureKind("mismatch:user")).toBe("mismatch");
    expect(failureKind("declined")).toBe("declined");
  });

  it("may still be paid after it expired, and says it expired", () => {
    expect(mayStillBePaid("failed", "expired")).toBe(true);
    expect(failureKind("expired")).toBe("expired");
  });
});

describe("the expiry of unfinished payments", () => {
  const now = new Date("2026-11-24T12:00:00Z");

  it("handles payments started more than the expiry's minutes ago", () => {
    expect(expiryCutoff(now, 60).toISOString()).toBe("2026-11-24T11:00:00.000Z");
    expect(expiryCutoff(now, 1).toISOString()).toBe("2026-11-24T11:59:00.000Z");
  });

  it("expires one its provider cannot be asked about only a day past its expiry", () => {
    expect(expiresUnasked(new Date("2026-11-23T10:59:59Z"), now, 60)).toBe(true);
    expect(expiresUnasked(new Date("2026-11-23T11:00:00Z"), now, 60)).toBe(false);
    expect(expiresUnasked(new Date("2026-11-24T10:00:00Z"), now, 60)).toBe(false);
  });
});
