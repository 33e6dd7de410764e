import { describe, expect, it } from "vitest";
import { ledgerSubject } from "./ledger.domain";

describe("a ledger move's subject", () => {
  it("is the purchase its key's first part names, with the move's reference as its code", () => {
    expect(ledgerSubject("booking:b1:1", "PW-AB12")).toEqual({ kind: "booking", code: "PW-AB12" });
    expect(ledgerSubject("pass:p1:visit:9", "MP-1")).toEqual({ kind: "pass", code: "MP-1" });
    expect(ledgerSubject("vehicle_docs:v1:2", "VD-7Q2")).toEqual({
      kind: "vehicle_docs_request",
      code: "VD-7Q2",
    });
  });

  it("is none for a move of no purchase, nor for a key whose first part is an object's own name", () => {
    expect(ledgerSubject("topup:paystack:ref-1", "ref-1")).toBeNull();
    expect(ledgerSubject("booking:b1:1", null)).toBeNull();
    for (const prefix of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      expect(ledgerSubject(`${prefix}:x:1`, "CODE"), prefix).toBeNull();
    }
  });
});
