import { AdminPlanCreateSchema, AdminPlanPatchSchema, AdminPlanSchema } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { presetWindows, windowValues } from "../../../components/weekly-hours/weekly-hours-values";
import { ApiError } from "../../../lib/api";
import { allocationConflictOf, fieldOf, inputOf, valuesOf } from "./plan-form-values";

const plan = AdminPlanSchema.parse({
  id: 7,
  park: { id: 41, name: "Marina Car Park", time_zone: "Africa/Lagos" },
  name: { en: "Commuter", fr: "Navetteur" },
  status: "on_sale",
  windows: presetWindows("weekdays"),
  currency: "NGN",
  prices: [{ vehicle_type_id: 2, vehicle_type: "Motorcycle", monthly_price: 12_500.5 }],
  allocation: 20,
  sold: 3,
  space_mode: "named",
  min_term_months: 3,
  discount_3m_percent: 5,
  discount_12m_percent: 12.5,
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
});

describe("the plan form's values and body", () => {
  it("prefills a plan with a price row per vehicle type of the park, amounts as the language writes them", () => {
    const v = valuesOf(plan, "", [{ id: 1 }, { id: 2 }], "fr");
    expect(v).toMatchObject({
      park_id: "41",
      name: { en: "Commuter", fr: "Navetteur" },
      preset: "weekdays",
      allocation: "20",
      space_mode: "named",
      min_term_months: "3",
      discount_3m_percent: "5",
      discount_12m_percent: "12,50",
      status: "on_sale",
    });
    expect(v.prices).toEqual([
      { vehicle_type_id: 1, monthly_price: "" },
      { vehicle_type_id: 2, monthly_price: "12500,50" },
    ]);
  });

  it("makes the edit's body (no park), numbers read in the page's language, empty prices left out", () => {
    const v = valuesOf(plan, "", [{ id: 1 }, { id: 2 }], "fr");
    const body = inputOf(v, "fr", false);
    expect(body).not.toHaveProperty("park_id");
    expect(AdminPlanPatchSchema.parse(body)).toMatchObject({
      prices: [{ vehicle_type_id: 2, monthly_price: 12_500.5 }],
      discount_12m_percent: 12.5,
      windows: presetWindows("weekdays"),
      min_term_months: 3,
    });
  });

  it("makes a new plan's body that the contract takes, and refuses an empty allocation", () => {
    const v = valuesOf(undefined, "41", [{ id: 1 }], "en");
    v.name = { en: "Nights", fr: "Nuits" };
    v.windows = windowValues(presetWindows("nights_weekends"));
    v.prices[0]!.monthly_price = "30000";
    v.allocation = "10";
    const parsed = AdminPlanCreateSchema.parse(inputOf(v, "en", true));
    expect(parsed).toMatchObject({ park_id: 41, allocation: 10, status: "draft", space_mode: "any" });
    expect(parsed.windows).toHaveLength(8);
    v.allocation = "";
    expect(AdminPlanCreateSchema.safeParse(inputOf(v, "en", true)).success).toBe(false);
  });

  it("shows a price's problem at its own row, counting the rows left empty", () => {
    const v = valuesOf(undefined, "41", [{ id: 1 }, { id: 2 }, { id: 3 }], "en");
    v.prices[2]!.monthly_price = "10";
    expect(fieldOf(["prices", 0, "vehicle_type_id"], v)).toBe("prices.2.vehicle_type_id");
    expect(fieldOf(["prices", 0], v)).toBe("prices.2.monthly_price");
    expect(fieldOf(["prices"], v)).toBe("prices");
    expect(fieldOf(["windows", 1, "end"], v)).toBe("windows.1.end");
    expect(fieldOf(["name", "fr"], v)).toBe("name.fr");
  });

  it("reads the passes of an allocation's 409, and nothing from other errors", () => {
    const body = {
      message: "This plan has more passes valid now than that allocation",
      code: "allocation_below_sold" as const,
      sold: 2,
      passes: [{ pass_code: "PA1", plates: ["LAG 1 AA"] }],
    };
    expect(allocationConflictOf(new ApiError(409, body.code, body.message, undefined, body))).toEqual(body);
    expect(allocationConflictOf(new ApiError(409, "plan_hours_sold", "Passes are sold"))).toBeNull();
    expect(allocationConflictOf(new Error("offline"))).toBeNull();
  });
});
