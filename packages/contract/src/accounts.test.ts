import { describe, expect, it } from "vitest";
import { LoginSchema, RegisterSchema } from "./accounts";
import { normalisePlate, PlateSchema } from "./vehicles";

describe("account schemas", () => {
  it("lower-cases and trims e-mails but never touches passwords", () => {
    const r = LoginSchema.parse({ identifier: "  Ada@Example.COM ", password: " Pass word " });
    expect(r).toEqual({ identifier: "ada@example.com", password: " Pass word " });
  });

  it("accepts 64+ character passwords and refuses 7", () => {
    const base = { email: "a@b.co", first_name: "A", last_name: "B", accept_terms: true as const };
    expect(RegisterSchema.safeParse({ ...base, password: "x".repeat(200) }).success).toBe(true);
    const short = RegisterSchema.safeParse({ ...base, password: "1234567" });
    expect(short.error?.issues[0]?.message).toBe("Password must be at least 8 characters");
  });
});

describe("plates", () => {
  it("normalises case, spaces and dashes", () => {
    expect(normalisePlate(" lag-123 xy ")).toBe("LAG123XY");
    expect(PlateSchema.parse("abj - 45")).toBe("ABJ45");
    expect(PlateSchema.safeParse("A").success).toBe(false);
    expect(PlateSchema.safeParse("AB_12").success).toBe(false);
  });
});
