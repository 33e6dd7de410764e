import type { Vehicle } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { preselectedVehicle } from "./vehicle-choice";

const CAR = 1;
const SUV = 2;
const vehicle = (id: number, vehicle_type_id: number, is_default = false): Vehicle => ({
  id,
  plate_number: `PLATE${id}`,
  vehicle_type_id,
  vehicle_type_name: vehicle_type_id === CAR ? "Car" : "SUV",
  make: null,
  model: null,
  color: null,
  nickname: null,
  is_default,
  created_at: "2026-01-01T00:00:00Z",
});

describe("preselectedVehicle", () => {
  it("picks the default vehicle when it is of the booked type", () => {
    expect(preselectedVehicle([vehicle(1, CAR), vehicle(2, CAR, true)], CAR)?.id).toBe(2);
  });

  it("picks the only vehicle of the booked type when the default is of another type", () => {
    expect(preselectedVehicle([vehicle(1, SUV, true), vehicle(2, CAR)], CAR)?.id).toBe(2);
  });

  it("asks (none) when several vehicles of the type and none of them the default", () => {
    expect(
      preselectedVehicle([vehicle(1, SUV, true), vehicle(2, CAR), vehicle(3, CAR)], CAR),
    ).toBeUndefined();
  });

  it("asks (none) when no vehicle is of the booked type, or there are none", () => {
    expect(preselectedVehicle([vehicle(1, SUV, true)], CAR)).toBeUndefined();
    expect(preselectedVehicle([], CAR)).toBeUndefined();
  });
});
