import { describe, expect, it } from "vitest";
import {
  getBookingFlags,
  markBookingCreated,
  markBookingUpdated,
  resetBookingCreated,
  resetBookingUpdated,
} from "./flags";

describe("booking flags", () => {
  it("sets and resets each flag on its own", () => {
    markBookingCreated();
    expect(getBookingFlags()).toEqual({ bookingCreated: true, bookingUpdated: false });
    markBookingUpdated();
    resetBookingCreated();
    expect(getBookingFlags()).toEqual({ bookingCreated: false, bookingUpdated: true });
    resetBookingUpdated();
    expect(getBookingFlags()).toEqual({ bookingCreated: false, bookingUpdated: false });
  });
});
