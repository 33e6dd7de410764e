import { describe, expect, it } from "vitest";
import { AdminEventCreateSchema, AdminEventPatchSchema, wallClockOf } from "./admin-events";

const event = {
  name: "Derby",
  category: "sport",
  visibility: "public",
  venue: { name: "Stadium", address: "Surulere", city: "Lagos", country_code: "ng", lat: 6.5, lng: 3.36 },
  time_zone: "Africa/Lagos",
  start_local: "2027-05-01T18:00",
  end_local: "2027-05-01T21:00",
  parks: [{ park_id: 4, prices: [{ vehicle_type_id: 1, price: 2500, allocation: 10 }] }],
};

describe("an event's local times", () => {
  it("reads a real wall-clock time as milliseconds 'as if UTC'", () => {
    expect(wallClockOf("2027-05-01T18:00")).toBe(Date.UTC(2027, 4, 1, 18, 0));
    expect(wallClockOf("2028-02-29T00:00")).toBe(Date.UTC(2028, 1, 29));
  });

  it("refuses what is no real time or not written YYYY-MM-DDTHH:MM", () => {
    for (const bad of [
      "2027-02-30T10:00",
      "2027-05-01T24:00",
      "2027-05-01 18:00",
      "2027-05-01T18:00:00",
      "",
    ]) {
      expect(wallClockOf(bad), bad).toBeNull();
    }
  });
});

describe("the event form's schema", () => {
  it("fills the buffers' defaults and upper-cases the country", () => {
    const parsed = AdminEventCreateSchema.parse(event);
    expect(parsed.venue.country_code).toBe("NG");
    expect(parsed.parks[0]).toMatchObject({ arrive_before_minutes: 120, depart_after_minutes: 60 });
    expect(parsed.description).toEqual({ en: "", fr: "" });
  });

  it("refuses a park twice, a vehicle type twice, no prices and too long a buffer", () => {
    const park = event.parks[0]!;
    const accepted = (parks: unknown[]) => AdminEventCreateSchema.safeParse({ ...event, parks }).success;
    expect(accepted([park, park])).toBe(false);
    expect(accepted([{ ...park, prices: [...park.prices, ...park.prices] }])).toBe(false);
    expect(accepted([{ ...park, prices: [] }])).toBe(false);
    expect(accepted([{ ...park, depart_after_minutes: 12 * 60 + 1 }])).toBe(false);
    expect(accepted(Array.from({ length: 13 }, (_, i) => ({ ...park, park_id: i + 1 })))).toBe(false);
    expect(accepted([park])).toBe(true);
  });

  it("takes a partial edit", () => {
    expect(AdminEventPatchSchema.parse({ name: "Final" })).toEqual({ name: "Final" });
    expect(AdminEventPatchSchema.safeParse({ start_local: "tomorrow" }).success).toBe(false);
  });
});
