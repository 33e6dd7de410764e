import { describe, expect, it } from "vitest";
import { isUniqueViolation, pgCode, pgError } from "./pg-error";

/** A driver's error as Drizzle hands it on: wrapped once. */
const wrapped = (code: string, constraint?: string) =>
  Object.assign(new Error("Failed query"), {
    cause: Object.assign(new Error("driver"), { code, constraint }),
  });

describe("a PostgreSQL error's reading", () => {
  it("finds the SQLSTATE and constraint through the wrapper", () => {
    expect(pgError(wrapped("23505", "orders_code_key"))).toEqual({
      code: "23505",
      constraint: "orders_code_key",
    });
    expect(pgCode(wrapped("23P01"))).toBe("23P01");
  });

  it("ignores what is not a SQLSTATE: a Node code, an app error, nothing", () => {
    expect(pgCode(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(pgCode(undefined)).toBeUndefined();
    expect(pgCode("23505")).toBeUndefined();
  });

  it("tells a unique violation, of the named constraint or of any", () => {
    expect(isUniqueViolation(wrapped("23505", "a_key"))).toBe(true);
    expect(isUniqueViolation(wrapped("23505", "a_key"), "a_key")).toBe(true);
    expect(isUniqueViolation(wrapped("23505", "b_key"), "a_key")).toBe(false);
    expect(isUniqueViolation(wrapped("23505"), "a_key")).toBe(true);
    expect(isUniqueViolation(wrapped("23P01"))).toBe(false);
  });
});
