import type { Address } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { pickupOrigin } from "./pickup-origin";

const address = (id: number, lat: number, lng: number, pin_confirmed = true): Address => ({
  id,
  label: "home",
  address: "14 Admiralty Way",
  city: "Lagos",
  lat,
  lng,
  phone: "+234 801 234 5678",
  pin_confirmed,
  country_code: "NG",
});

describe("pickupOrigin", () => {
  const ikeja = { lat: 6.6018, lng: 3.3515 };

  it("measures from the driver's position first", () => {
    expect(pickupOrigin(ikeja, [address(1, 9.06, 7.49)], 1, "NG")).toEqual(ikeja);
  });

  it("else from the chosen address, else the first, whose pin the driver placed", () => {
    const list = [address(1, 6.43, 3.42, false), address(2, 9.06, 7.49), address(3, 6.6, 3.35)];
    expect(pickupOrigin(null, list, 3, "NG")).toEqual({ lat: 6.6, lng: 3.35 });
    expect(pickupOrigin(null, list, 1, "NG")).toEqual({ lat: 9.06, lng: 7.49 });
  });

  it("else from the country's centre (Lagos for Nigeria, Dakar for Senegal)", () => {
    expect(pickupOrigin(null, [address(1, 9.06, 7.49, false)], 1, "NG")).toEqual({
      lat: 6.5244,
      lng: 3.3792,
    });
    expect(pickupOrigin(null, [], undefined, "SN")).toEqual({ lat: 14.6928, lng: -17.4467 });
    expect(pickupOrigin(null, [], undefined, "ZZ")).toBeNull();
  });
});
