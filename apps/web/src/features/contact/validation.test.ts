import { ContactRequestSchema, DemoRequestSchema } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { validate } from "./validation";

describe("validate", () => {
  it("turns the contract's problems into catalogue keys, one per field", () => {
    const result = validate(ContactRequestSchema, {
      name: "",
      email: "nope",
      phone: "abc",
      topic: "x",
      message: "short",
    });
    expect(result.errors).toEqual({
      name: { key: "errors.required" },
      email: { key: "errors.email" },
      phone: { key: "errors.phone" },
      topic: { key: "errors.choose" },
      message: { key: "errors.minLength", values: { min: 10 } },
    });
  });

  it("passes valid input through the schema's transforms", () => {
    const result = validate(DemoRequestSchema, {
      name: " Jean ",
      email: "jean@example.sn",
      phone: "",
      company: "Dakar Parking",
      country_code: "SN",
      interest: "events",
      message: "",
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toMatchObject({ name: "Jean", phone: undefined, message: undefined });
  });

  it("reports numbers out of range with their limits", () => {
    const base = { name: "Jean", email: "j@e.sn", company: "X", country_code: "SN", interest: "other" };
    expect(validate(DemoRequestSchema, { ...base, spaces: 0 }).errors).toEqual({
      spaces: { key: "errors.minValue", values: { min: 1 } },
    });
    expect(validate(DemoRequestSchema, { ...base, spaces: Number("ten") }).errors?.spaces?.key).toBe(
      "errors.invalid",
    );
  });
});
