import {
  ChangePasswordSchema,
  ContactRequestSchema,
  DemoRequestSchema,
  RegisterSchema,
  VehicleInputSchema,
} from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { TFunction } from "i18next";
import { ApiError } from "./api";
import { formAlertText, issueMessages } from "./form-errors";

const keys = (schema: z.ZodType, values: Record<string, unknown>) => {
  const result = schema.safeParse(values);
  return result.success ? {} : issueMessages(result.error.issues, values);
};

describe("issueMessages", () => {
  it("maps the contract's issues to catalogue keys by their code, one per field", () => {
    expect(
      keys(ContactRequestSchema, { name: "", email: "nope", phone: "abc", topic: "x", message: "short" }),
    ).toEqual({
      name: { key: "validation.required" },
      email: { key: "validation.email" },
      phone: { key: "validation.phone" },
      topic: { key: "validation.choose" },
      message: { key: "validation.minLength", values: { min: 10 } },
    });
  });

  it("gives the documented texts of the account fields", () => {
    expect(
      keys(RegisterSchema, { email: "a@", password: "short", first_name: " ", last_name: "Eze", phone: "x" }),
    ).toEqual({
      email: { key: "validation.email" },
      password: { key: "validation.passwordMin" },
      first_name: { key: "validation.required" },
      phone: { key: "validation.phone" },
    });
    expect(keys(ChangePasswordSchema, { current_password: "", new_password: "x".repeat(300) })).toEqual({
      current_password: { key: "validation.required" },
      new_password: { key: "validation.passwordMax" },
    });
    expect(keys(VehicleInputSchema, { plate_number: "!", vehicle_type_id: 1 })).toEqual({
      plate_number: { key: "validation.plate" },
    });
    expect(keys(VehicleInputSchema, { plate_number: "", vehicle_type_id: 1 })).toEqual({
      plate_number: { key: "validation.required" },
    });
  });

  it("reports numbers out of range with their limits, and what is not a number", () => {
    const base = { name: "Jean", email: "j@e.sn", company: "X", country_code: "SN", interest: "other" };
    expect(keys(DemoRequestSchema, { ...base, spaces: 0 })).toEqual({
      spaces: { key: "validation.minValue", values: { min: 1 } },
    });
    expect(keys(DemoRequestSchema, { ...base, spaces: Number("ten") })).toEqual({
      spaces: { key: "validation.invalid" },
    });
  });
});

describe("formAlertText", () => {
  // A stand-in for i18next's t: no catalogue text for any code, "Something went wrong" for the generic one.
  const t = ((key: string, options?: { defaultValue?: string }) =>
    key === "errors.generic"
      ? "Something went wrong"
      : (options?.defaultValue ?? key)) as unknown as TFunction;
  const busy = new ApiError(409, "vehicle_busy", "This vehicle already has a booking in this window", {
    vehicle_id: "This vehicle already has a booking in this window",
  });

  it("says a 409's message when its field is not shown on the form", () => {
    expect(formAlertText(t, busy, [])).toBe("This vehicle already has a booking in this window");
  });

  it("says nothing more when every field message is shown at its field", () => {
    expect(formAlertText(t, busy, ["vehicle_id"])).toBeNull();
  });

  it("says the message of a field the form does not show, else the request's message", () => {
    const refused = new ApiError(422, "validation_error", "Please check the form", {
      plate_number: "Please enter a valid plate number",
      park_id: "This park is closed",
    });
    expect(formAlertText(t, refused, ["plate_number"])).toBe("This park is closed");
    expect(formAlertText(t, new ApiError(409, "conflict", "Taken"), [])).toBe("Taken");
    expect(formAlertText(t, new Error("boom"), [])).toBe("Something went wrong");
    expect(formAlertText(t, null, [])).toBeNull();
  });
});
