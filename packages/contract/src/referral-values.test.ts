import { describe, expect, it } from "vitest";
import { GATE_CODE_ALPHABET } from "./gate";
import { normalizeReferralCode, REFERRAL_CODE_LENGTH } from "./referral-values";
import { ReferralMeSchema } from "./referrals";

describe("a referral code as typed", () => {
  it("takes the booking codes' alphabet, any case, spaces and dashes ignored", () => {
    expect(normalizeReferralCode("abc-d 23k")).toBe("ABCD23K");
    expect(normalizeReferralCode(GATE_CODE_ALPHABET.slice(0, REFERRAL_CODE_LENGTH))).toBe("2345678");
  });

  it("refuses the characters people misread (0/O, 1/I/L) and the wrong length", () => {
    for (const c of ["0", "O", "1", "I", "L"]) expect(normalizeReferralCode(`ABCDEF${c}`)).toBeNull();
    expect(normalizeReferralCode("ABCDEF")).toBeNull();
    expect(normalizeReferralCode(null)).toBeNull();
  });
});

describe("the driver's referral summary", () => {
  it("states its amounts as the contract's money: a three-letter currency", () => {
    const summary = {
      code: "ABCD23K",
      link: "/register?ref=ABCD23K",
      reward: { amount: 1000, currency: "NGNX" },
      time_zone: "Africa/Lagos",
      earned: [],
      invitations: { items: [], total: 0, page: 1, size: 10, pages: 1 },
    };
    expect(ReferralMeSchema.safeParse(summary).success).toBe(false);
    expect(
      ReferralMeSchema.safeParse({ ...summary, reward: { amount: 1000, currency: "NGN" } }).success,
    ).toBe(true);
  });
});
