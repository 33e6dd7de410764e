import {
  EVENT_CODE_PATTERN,
  normaliseEventCode,
  ORDER_CODE_PATTERN,
  readGateCode,
  readSaleCode,
} from "@parkwell/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { READABLE_CODE_ALPHABET, readableCode } from "./readable-code";

describe("readableCode", () => {
  it("has one alphabet without look-alikes", () => {
    expect(READABLE_CODE_ALPHABET).toBe("23456789ABCDEFGHJKMNPQRSTUVWXYZ");
    expect(READABLE_CODE_ALPHABET).not.toMatch(/[01ILO]/);
  });

  it("maps each byte onto the alphabet after the prefix", () => {
    expect(readableCode("PW-", 8, Uint8Array.from([0, 1, 30, 31, 255, 10, 18, 27]))).toBe("PW-23Z29CMW");
  });

  it("refuses too few bytes rather than writing a short code", () => {
    expect(() => readableCode("DU-", 8, Uint8Array.from([1, 2, 3]))).toThrow(RangeError);
  });

  it("is random by default", () => {
    const codes = new Set(Array.from({ length: 200 }, () => readableCode("HLP-", 8)));
    expect(codes.size).toBe(200);
  });

  it("reads back through every reader of the codes it makes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        const eight = readableCode("PW-", 8, bytes);
        expect(readGateCode(eight)).toEqual({ kind: "code", code: eight });
        expect(readSaleCode(readableCode("DU-", 8, bytes))).toBe(readableCode("DU-", 8, bytes));
        const event = readableCode("EV-", 5, bytes);
        expect(normaliseEventCode(event)).toBe(event);
        expect(event).toMatch(EVENT_CODE_PATTERN);
        expect(readableCode("OR-", 6, bytes)).toMatch(ORDER_CODE_PATTERN);
        expect(readableCode("NG", 5, bytes)).toMatch(/^NG[2-9A-HJ-NP-Z]{5}$/);
      }),
    );
  });
});
