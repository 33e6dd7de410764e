import { describe, expect, it } from "vitest";
import { givenBackBy, partOfReversal } from "../receipts/receipts.domain";
import { isOverdue, ruleDecision, WINDOW_CLOSED, WINDOW_NOT_OPEN, windowProblem } from "./claims.domain";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const start = new Date("2026-11-30T10:00:00Z");
const w = {
  start,
  end: new Date(start.getTime() + 2 * HOUR),
  boughtAt: new Date(start.getTime() - 48 * HOUR),
};
const at = (ms: number) => new Date(start.getTime() + ms);

describe("a claim's window per reason", () => {
  it("opens 15 minutes before the start for what happens at the park, and at the purchase for a wrong charge", () => {
    expect(windowProblem("park_full", w, at(-16 * MINUTE))).toBe(WINDOW_NOT_OPEN);
    expect(windowProblem("park_full", w, at(-15 * MINUTE))).toBeNull();
    expect(windowProblem("barrier_closed", w, at(-15 * MINUTE))).toBeNull();
    expect(windowProblem("charged_wrongly", w, at(-47 * HOUR))).toBeNull();
    expect(windowProblem("charged_wrongly", w, at(-49 * HOUR))).toBe(WINDOW_NOT_OPEN);
  });

  it("closes at the end, a day after it, or a week after it", () => {
    expect(windowProblem("park_full", w, at(2 * HOUR))).toBeNull();
    expect(windowProblem("park_full", w, at(2 * HOUR + 1))).toBe(WINDOW_CLOSED);
    expect(windowProblem("not_as_described", w, at(26 * HOUR))).toBeNull();
    expect(windowProblem("not_as_described", w, at(26 * HOUR + 1))).toBe(WINDOW_CLOSED);
    expect(windowProblem("charged_wrongly", w, at(2 * HOUR + 7 * 24 * HOUR))).toBeNull();
    expect(windowProblem("charged_wrongly", w, at(2 * HOUR + 7 * 24 * HOUR + 1))).toBe(WINDOW_CLOSED);
  });
});

describe("what the rules decide at once", () => {
  it("refunds a full park in full when the cars inside fill it, and nothing else", () => {
    expect(ruleDecision("park_full", { inside: 3, capacity: 3 })).toEqual({
      decision: "refund_full",
      rule: "park_full_at_gate",
    });
    expect(ruleDecision("park_full", { inside: 2, capacity: 3 })).toBeNull();
    expect(ruleDecision("barrier_closed", { inside: 9, capacity: 3 })).toBeNull();
  });

  it("marks an open claim overdue after its due time only", () => {
    const dueAt = at(0);
    expect(isOverdue({ status: "open", dueAt }, at(1))).toBe(true);
    expect(isOverdue({ status: "open", dueAt }, at(0))).toBe(false);
    expect(isOverdue({ status: "refunded", dueAt }, at(HOUR))).toBe(false);
  });
});

describe("a part refund's credit note", () => {
  const reversal = {
    lines: [
      { kind: "parking", label: "Parking", amountMinor: -10_000 },
      { kind: "service_fee", label: "Service fee", amountMinor: -1_000 },
      { kind: "discount", label: "Coupon", amountMinor: 500 },
    ],
    taxes: [{ name: "VAT", rateBps: 750, baseMinor: -1_000, amountMinor: -75 }],
  } as unknown as Parameters<typeof partOfReversal>[0];

  it("gives back exactly the amount, each line and tax in proportion", () => {
    for (const amount of [1, 7, 333, 5_000, 10_574]) {
      const part = partOfReversal(reversal, amount);
      expect(givenBackBy(part)).toBe(amount);
    }
    expect(partOfReversal(reversal, givenBackBy(reversal))).toEqual(reversal);
  });
});
