import {
  AdminPlanCreateSchema,
  AdminPlanPatchSchema,
  AdminPlanSchema,
  describeHours,
  overlappingWindows,
  WEEK_MINUTES,
  weekSpan,
} from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api";
import {
  allocationConflictOf,
  completeWindows,
  fieldOf,
  inputOf,
  presetOf,
  presetWindows,
  valuesOf,
  windowValues,
} from "./plan-form-values";

const covered = (preset: Parameters<typeof presetWindows>[0]) =>
  presetWindows(preset).reduce((n, w) => n + (weekSpan(w)[1] - weekSpan(w)[0]), 0);

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

describe("the plan form's hours presets", () => {
  it("are valid windows that never overlap, in the words the screens use", () => {
    for (const preset of ["always", "weekdays", "nights_weekends"] as const) {
      const windows = presetWindows(preset);
      expect(AdminPlanPatchSchema.safeParse({ windows }).success).toBe(true);
      expect(overlappingWindows(windows)).toBeNull();
    }
    expect(describeHours(presetWindows("always"))).toBe("24/7");
    expect(describeHours(presetWindows("weekdays"))).toBe("weekdays 07:00-19:00");
    expect(describeHours(presetWindows("weekdays"), "fr")).toBe("en semaine 07:00-19:00");
  });

  it("cover the whole week, weekday daytime, or every night and the weekend without a gap", () => {
    expect(covered("always")).toBe(WEEK_MINUTES);
    expect(covered("weekdays")).toBe(5 * 12 * 60);
    // Friday 18:00 to Monday 08:00 (62 h) and four weekday nights of 14 h.
    expect(covered("nights_weekends")).toBe((62 + 4 * 14) * 60);
    // Monday's early hours are covered (the end of Sunday night), Monday's daytime is not.
    const spans = presetWindows("nights_weekends").map(weekSpan);
    const at = (minute: number) => spans.some(([a, b]) => a <= minute && minute < b);
    expect(at(3 * 60)).toBe(true);
    expect(at(12 * 60)).toBe(false);
    expect(at(4 * 1440 + 19 * 60)).toBe(true);
    expect(at(6 * 1440 + 23 * 60)).toBe(true);
  });

  it("are found again from a plan's windows in any order; other windows are custom", () => {
    expect(presetOf([...presetWindows("nights_weekends")].reverse())).toBe("nights_weekends");
    expect(presetOf(presetWindows("always"))).toBe("always");
    expect(presetOf([{ weekday: 1, start: "07:00", end: "19:00" }])).toBe("custom");
  });

  it("describes only the rows that are whole windows while they are typed", () => {
    const rows = [...windowValues(presetWindows("weekdays")), { weekday: "6", start: "09:", end: "" }];
    expect(completeWindows(rows)).toEqual(presetWindows("weekdays"));
  });
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
      code: "allocation_below_sold",
      sold: 2,
      passes: [{ pass_code: "PA1", plates: ["LAG 1 AA"] }],
    };
    expect(allocationConflictOf(new ApiError(409, body.code, body.message, undefined, body))).toEqual(body);
    expect(allocationConflictOf(new ApiError(409, "plan_hours_sold", "Passes are sold"))).toBeNull();
    expect(allocationConflictOf(new Error("offline"))).toBeNull();
  });
});
