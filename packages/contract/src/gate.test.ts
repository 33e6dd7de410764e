import { describe, expect, it } from "vitest";
import { isPassCode, passHoursRefusal, readGateCode, readSaleCode } from "./gate";

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

  it("reads a monthly pass's code, MP- and 8 characters, in any case, with or without the dash", () => {
    for (const typed of ["MP-7K3M9QXA", "mp-7k3m9qxa", "mp7k3m9qxa", " Mp 7K3M 9QXA "]) {
      expect(readGateCode(typed)).toEqual({ kind: "code", code: "MP-7K3M9QXA" });
    }
    expect(isPassCode("MP-7K3M9QXA")).toBe(true);
    expect(isPassCode("PW-7K3M9QXA")).toBe(false);
    // Eight characters alone are a booking code; MP with a wrong length or letter is nothing.
    expect(readGateCode("7K3M9QXA")).toEqual({ kind: "code", code: "PW-7K3M9QXA" });
    expect(readGateCode("MP-7K3M9QX")).toBeNull();
    expect(readGateCode("MP-7K3M9QXO")).toBeNull();
  });
});

describe("a pass's car outside its hours", () => {
  const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));
  it("is told the plan's hours in the request's language", () => {
    expect(passHoursRefusal(weekdays, "en")).toBe("This pass covers weekdays 07:00-19:00");
    expect(passHoursRefusal(weekdays, "fr")).toBe("Cette carte couvre en semaine 07:00-19:00");
  });
});
