import { describe, expect, it } from "vitest";
import { BUILT_IN_COUNTRIES, resolveDetected } from "./country-detection";
import type { IpData } from "./ip-lookup";

const ip = (countryCode: string, city = "Somewhere"): IpData => ({
  ip: "203.0.113.7",
  location: { country: "", countryCode, city, region: "", latitude: null, longitude: null, timezone: "" },
  service: "test",
  timestamp: 0,
});

describe("resolveDetected", () => {
  it("preselects a served country as auto-detected", () => {
    expect(resolveDetected(ip("CA", "Toronto"), BUILT_IN_COUNTRIES)).toEqual({
      code: "CA",
      name: "Canada",
      autoDetected: true,
      fallbackToDefault: false,
      errorFallback: false,
      detectedCity: "Toronto",
      ip: "203.0.113.7",
    });
  });

  it("uses the United States entry for a country Parkwell does not serve", () => {
    expect(resolveDetected(ip("FR"), BUILT_IN_COUNTRIES)).toMatchObject({
      code: "US",
      autoDetected: false,
      fallbackToDefault: true,
      errorFallback: false,
    });
  });

  it("labels a failed detection as the error fallback, on the United States", () => {
    expect(resolveDetected(null, [])).toMatchObject({
      code: "US",
      name: "United States",
      autoDetected: false,
      fallbackToDefault: false,
      errorFallback: true,
      ip: "",
    });
  });
});
