import { describe, expect, it } from "vitest";
import { readGateCode, readSaleCode } from "./gate";

describe("what an attendant types or scans", () => {
  it("reads a booking code in any case, with or without PW- and spaces", () => {
    for (const typed of ["PW-7K3M9QXA", "pw-7k3m9qxa", " pw 7k3m 9qxa ", "7K3M9QXA", "PW7K3M9QXA"]) {
      expect(readGateCode(typed)).toEqual({ kind: "code", code: "PW-7K3M9QXA" });
    }
  });

  it("refuses what cannot be a code: wrong length, letters outside the alphabet (0, O, 1, I, L)", () => {
    for (const typed of [
      "",
      "PW-7K3M9QX",
      "PW-7K3M9QXAB",
      "PW-0K3M9QXA",
      "PW-OK3M9QXA",
      "PW-1K3M9QXA",
      "hello",
    ]) {
      expect(readGateCode(typed)).toBeNull();
    }
  });

  it("takes a signed QR payload as it is (case matters in base64url)", () => {
    const token = "eyJ2IjoxLCJjb2RlIjoiUFctN0szTTlRWEEifQ.Zm9vYmFyYmF6cXV4cXV1eHh5enp5eHh5eno";
    expect(readGateCode(` ${token} `)).toEqual({ kind: "qr", token });
  });

  it("reads a drive-up sale's code with or without DU-", () => {
    expect(readSaleCode("du-7k3m9qxa")).toBe("DU-7K3M9QXA");
    expect(readSaleCode("7K3M9QXA")).toBe("DU-7K3M9QXA");
    expect(readSaleCode("PW-7K3M9QXA")).toBeNull();
  });
});
