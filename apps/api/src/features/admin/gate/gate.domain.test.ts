import { describe, expect, it } from "vitest";
import { canVoid, checkinRefusal, checkoutRefusal, gateTime, overstay, stayPrice } from "./gate.domain";

const MIN = 60_000;
const now = new Date("2026-11-25T09:00:00Z"); // 10:00 in Lagos
const zone = "Africa/Lagos";
const rate = { hourlyMinor: 50_000, dailyMaxMinor: 300_000 };
const active = (startMin: number, endMin: number) => ({
  status: "active" as const,
  startTime: new Date(now.getTime() + startMin * MIN),
  endTime: new Date(now.getTime() + endMin * MIN),
  checkedInAt: null,
});

describe("check-in", () => {
  it("opens 15 minutes before the start and closes at the end", () => {
    expect(checkinRefusal(active(15, 60), now, zone)).toBeNull();
    expect(checkinRefusal(active(-30, 1), now, zone)).toBeNull();
    expect(checkinRefusal(active(16, 60), now, zone)).toEqual({
      status: 422,
      code: "too_early",
      message: "This booking starts at 10:16",
    });
    expect(checkinRefusal(active(-60, 0), now, zone)?.code).toBe("booking_ended");
  });

  it("names the park's time of the first check-in, and another day in full", () => {
    const b = { ...active(-5, 60), checkedInAt: new Date("2026-11-25T09:42:00Z") };
    expect(checkinRefusal(b, now, zone)?.message).toBe("Already checked in at 10:42");
    expect(gateTime(new Date("2026-11-26T08:00:00Z"), now, zone)).toBe("2026-11-26 09:00");
  });

  it("refuses cancelled and completed bookings", () => {
    expect(checkinRefusal({ ...active(0, 60), status: "cancelled" }, now, zone)?.status).toBe(409);
    expect(checkinRefusal({ ...active(0, 60), status: "completed" }, now, zone)?.status).toBe(422);
  });
});

describe("check-out and money", () => {
  it("needs a check-in first and refuses a second exit", () => {
    expect(checkoutRefusal({ status: "active", checkedInAt: null, checkedOutAt: null }, zone)?.code).toBe(
      "not_checked_in",
    );
    expect(
      checkoutRefusal(
        { status: "completed", checkedInAt: now, checkedOutAt: new Date("2026-11-25T10:05:00Z") },
        zone,
      )?.message,
    ).toBe("Already checked out at 11:05");
  });

  it("prices an overstay as its own window: started hours, the daily cap", () => {
    const end = now;
    expect(overstay(end, new Date(end.getTime() - MIN), rate)).toEqual({ minutes: 0, amountMinor: 0 });
    expect(overstay(end, new Date(end.getTime() + 61 * MIN), rate)).toEqual({
      minutes: 61,
      amountMinor: 100_000,
    });
    expect(overstay(end, new Date(end.getTime() + 20 * 60 * MIN), rate).amountMinor).toBe(300_000);
    expect(overstay(end, new Date(end.getTime() + 30_001), null)).toEqual({ minutes: 1, amountMinor: 0 });
  });

  it("charges a drive-up the first hour at once, and lets a mistake be voided for 10 minutes", () => {
    expect(stayPrice(now, now, rate)).toBe(50_000);
    expect(stayPrice(now, new Date(now.getTime() + 121 * MIN), rate)).toBe(150_000);
    expect(canVoid({ status: "parked", createdAt: new Date(now.getTime() - 9 * MIN) }, now)).toBe(true);
    expect(canVoid({ status: "parked", createdAt: new Date(now.getTime() - 10 * MIN) }, now)).toBe(false);
    expect(canVoid({ status: "closed", createdAt: now }, now)).toBe(false);
  });
});
