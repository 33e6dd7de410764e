// What a company's policy says of a marketplace order (decision 030): the marketplace switch, the
// order's country and total; no park type and no hours; the refusals said as an order's.
import { COMPANY_PAY_SWITCHES, type CompanyPaySwitch } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { countryPurchase } from "../purchases/purchases.domain";
import { translate } from "../../lib/messages";
import {
  COMPANY_PAID_KINDS,
  KIND_SWITCHES,
  payVerdict,
  refusalText,
  switchProblems,
  type CompanyLimitRules,
  type CompanyPolicyRules,
} from "./company-pay.domain";

const policy = (p: Partial<CompanyPolicyRules> = {}): CompanyPolicyRules => ({
  countryIds: null,
  parkTypes: null,
  hours: null,
  switches: ["extensions", "marketplace"],
  ...p,
});
/** The default test policy's switches and `more`. */
const on = (...more: CompanyPaySwitch[]) => ({ switches: ["extensions", "marketplace", ...more] as const });
const none: CompanyLimitRules = { perBookingMinor: null, perMemberMonthMinor: null };
const order = countryPurchase("order", {
  countryId: 1,
  countryName: "Nigeria",
  amountMinor: 500_000,
  currency: "NGN",
  decimals: 2,
});
const money = (minor: number) => `₦${minor / 100}`;

describe("a marketplace order under the company's policy", () => {
  it("is an order of its country and total, with no park type and no hours", () => {
    expect(order).toEqual({
      kind: "order",
      countryId: 1,
      countryName: "Nigeria",
      parkType: null,
      weekWindow: null,
      amountMinor: 500_000,
      currency: "NGN",
      decimals: 2,
    });
  });

  it("passes when the company pays for marketplace orders, whatever its park types and hours", () => {
    const strict = policy({ parkTypes: ["garage"], hours: [{ weekday: 1, start: "00:00", end: "00:01" }] });
    expect(payVerdict(strict, none, order, 0)).toBeNull();
  });

  it("is refused when the company does not pay for marketplace orders, before any other rule", () => {
    const refusal = payVerdict(policy({ switches: ["extensions"], countryIds: [2] }), none, order, 0);
    expect(refusal).toEqual({ rule: "marketplace" });
    expect(refusalText(refusal!, money, "order")).toBe("Your company does not pay for marketplace orders");
  });

  it("says the country and the maximum as an order's", () => {
    const country = payVerdict(policy({ countryIds: [2] }), none, order, 0);
    expect(refusalText(country!, money, "order")).toBe("Your company does not pay for orders in Nigeria");
    expect(refusalText(country!, money)).toBe("Your company does not pay for parking in Nigeria");
    const max = payVerdict(policy(), { perBookingMinor: 100_000, perMemberMonthMinor: null }, order, 0);
    expect(refusalText(max!, money, "order")).toBe("Your company allows orders up to ₦1000");
  });

  it("counts what the member already spent this month against the cap", () => {
    const limits = { perBookingMinor: null, perMemberMonthMinor: 1_000_000 };
    expect(payVerdict(policy(), limits, order, 500_000)).toBeNull();
    expect(payVerdict(policy(), limits, order, 500_001)).toEqual({
      rule: "per_month",
      capMinor: 1_000_000,
      spentMinor: 500_001,
    });
  });
});

describe("a monthly pass and a vehicle-document request under the company's policy", () => {
  const pass = (weekWindows: [number, number][]) => ({
    ...countryPurchase("order", {
      countryId: 1,
      countryName: "Nigeria",
      amountMinor: 4_000_000,
      currency: "NGN",
      decimals: 2,
    }),
    kind: "pass" as const,
    weekWindows,
  });
  const docs = countryPurchase("vehicle_docs", {
    countryId: 1,
    countryName: "Nigeria",
    amountMinor: 2_000_000,
    currency: "NGN",
    decimals: 2,
  });

  it("each is refused unless the policy's switch for its kind is on", () => {
    expect(payVerdict(policy(), none, pass([[420, 1140]]), 0)).toEqual({ rule: "passes" });
    expect(payVerdict(policy(), none, docs, 0)).toEqual({ rule: "vehicle_docs" });
    expect(payVerdict(policy(on("passes")), none, pass([[420, 1140]]), 0)).toBeNull();
    expect(payVerdict(policy(on("vehicle_docs")), none, docs, 0)).toBeNull();
    expect(refusalText({ rule: "passes" }, money, "pass")).toBe(
      "Your company does not pay for monthly passes",
    );
  });

  it("a pass's every window must lie in the policy's hours", () => {
    const hours = [{ weekday: 1, start: "07:00", end: "19:00" }];
    const allowed = policy({ ...on("passes"), hours });
    expect(payVerdict(allowed, none, pass([[420, 1140]]), 0)).toBeNull();
    expect(
      payVerdict(
        allowed,
        none,
        pass([
          [420, 1140],
          [1860, 2580],
        ]),
        0,
      ),
    ).toEqual({ rule: "hours" });
  });

  it("says the country and the maximum as the kind's", () => {
    const country = payVerdict(policy({ ...on("vehicle_docs"), countryIds: [2] }), none, docs, 0);
    expect(refusalText(country!, money, "vehicle_docs")).toBe(
      "Your company does not pay for vehicle documents in Nigeria",
    );
    const max = { perBookingMinor: 100_000, perMemberMonthMinor: null };
    expect(refusalText(payVerdict(policy(on("passes")), max, pass([]), 0)!, money, "pass")).toBe(
      "Your company allows passes up to ₦1000",
    );
  });
});

describe("the policy's switches (the contract's COMPANY_PAY_SWITCHES)", () => {
  it("govern every kind a company may pay but a booking, each by exactly one switch", () => {
    expect(switchProblems()).toEqual([]);
    for (const kind of COMPANY_PAID_KINDS) {
      const governing = COMPANY_PAY_SWITCHES.filter((s) => (s.kinds as readonly string[]).includes(kind));
      expect(
        governing.map((s) => s.name),
        kind,
      ).toEqual(kind === "booking" ? [] : [KIND_SWITCHES[kind]]);
    }
    expect(KIND_SWITCHES).toEqual({
      booking: null,
      extension: "extensions",
      window_change: "extensions",
      renewal: "extensions",
      order: "marketplace",
      pass: "passes",
      vehicle_docs: "vehicle_docs",
    });
  });

  it("finds a kind no switch governs, one two switches govern, and a switched booking (the check can fail)", () => {
    const two = [...COMPANY_PAY_SWITCHES, { name: "passes" as const, kinds: ["pass" as const] }];
    expect(switchProblems(COMPANY_PAID_KINDS, two)).toEqual([{ kind: "pass", governing: 2 }]);
    const without = COMPANY_PAY_SWITCHES.filter((s) => s.name !== "marketplace");
    expect(switchProblems(COMPANY_PAID_KINDS, without)).toEqual([{ kind: "order", governing: 0 }]);
    const booking = [{ name: "extensions", kinds: ["booking"] }] as unknown as typeof without;
    expect(switchProblems(["booking"], booking)).toEqual([{ kind: "booking", governing: 1 }]);
  });

  it("each refuse its kinds with a sentence of their own, in English and French", () => {
    const sentences = COMPANY_PAY_SWITCHES.map((s) => {
      const refusal = payVerdict(policy({ switches: [] }), none, { ...order, kind: s.kinds[0] }, 0);
      expect(refusal, s.name).toEqual({ rule: s.name });
      const text = refusalText(refusal!, money, s.kinds[0]);
      expect(translate(text, "fr"), text).not.toBe(text);
      return text;
    });
    expect(new Set(sentences).size).toBe(COMPANY_PAY_SWITCHES.length);
  });
});
