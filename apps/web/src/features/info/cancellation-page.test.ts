import { CANCELLATION_RULES } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { policyRows } from "./cancellation-page";

describe("cancellation policy rows", () => {
  it("are derived from the contract's rules, one per rule, covering up to the start", () => {
    const rows = policyRows();
    expect(rows).toHaveLength(CANCELLATION_RULES.length);
    expect(rows[0]).toEqual({ from: 60, until: null, percent: 100 });
    expect(rows[1]).toEqual({ from: 0, until: 60, percent: 50 });
  });
});
