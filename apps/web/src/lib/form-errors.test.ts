import {
  AdminParkCreateSchema,
  AdminParkRatesBodySchema,
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
import { errorText, formAlertText, issueMessages } from "./form-errors";

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
      // The Terms box, absent or unticked: the specification's sentence.
      accept_terms: { key: "validation.acceptTerms" },
    });
    expect(keys(RegisterSchema, { accept_terms: false }).accept_terms).toEqual({
      key: "validation.acceptTerms",
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

  it('names the rule of a bound that is excluded: more than 0, not "0 or more"', () => {
    const rates = { rates: [{ vehicle_type_id: 1, hourly: 0, daily_max: 100 }] };
    const at = (path: readonly PropertyKey[]) => path.join(".");
    const result = AdminParkRatesBodySchema.safeParse(rates);
    expect(result.success).toBe(false);
    expect(issueMessages(result.error!.issues, rates, at)).toEqual({
      "rates.0.hourly": { key: "validation.moreThan", values: { min: 0 } },
    });
  });

  it("puts a nested rule on its own field, worded by its rule: the hourly rate above the daily maximum, a closing time past 24:00", () => {
    const at = (path: readonly PropertyKey[]) => path.join(".");
    const rates = { rates: [{ vehicle_type_id: 1, hourly: 900, daily_max: 500 }] };
    const r = AdminParkRatesBodySchema.safeParse(rates);
    expect(issueMessages(r.error!.issues, rates, at)).toEqual({
      "rates.0.hourly": { key: "validation.hourlyAboveDaily" },
    });
    const hours = Array.from({ length: 7 }, () => ({ open: "07:00", close: "22:00" }));
    hours[2] = { open: "07:00", close: "25:00" };
    const park = {
      name: "Deck",
      type: "city",
      country: "NG",
      city: "Lagos",
      address: "1 Road",
      lat: 6.4,
      lng: 3.4,
      time_zone: "Africa/Lagos",
      open_24h: false,
      opening_hours: hours,
      text_language: "en",
    };
    const p = AdminParkCreateSchema.safeParse(park);
    expect(issueMessages(p.error!.issues, park, at)).toEqual({
      "opening_hours.2.close": { key: "validation.time" },
    });
  });
});

describe("errorText", () => {
  it("asks the catalogue only for the codes it words, else shows the server's message", () => {
    const asked: string[] = [];
    const t = ((key: string) => (
      asked.push(key),
      key === "errors.generic" ? "Something went wrong" : ""
    )) as never;
    const refused = new ApiError(422, "validation_error", "Enter an amount more than 0", {});
    expect(errorText(t, refused)).toBe("Enter an amount more than 0");
    expect(asked).not.toContain("errors.validation_error");
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
    expect(formAlertText(t, new ApiError(409, "plate_taken", "Taken"), [])).toBe("Taken");
    expect(formAlertText(t, new Error("boom"), [])).toBe("Something went wrong");
    expect(formAlertText(t, null, [])).toBeNull();
  });
});
