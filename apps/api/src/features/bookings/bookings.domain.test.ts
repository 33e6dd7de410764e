import { refundPercentAt } from "@parkwell/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceWindow } from "../parks/pricing.domain";
import {
  bookingCode,
  chargeDueMinor,
  CODE_ALPHABET,
  extendProblem,
  isOpenAt,
  localClock,
  refundMinor,
  statusChange,
  windowProblems,
  type ParkHours,
} from "./bookings.domain";
import { signQr, verifyQr } from "./qr";

const H = 3_600_000;
const DAY = 24 * H;
const NOW = new Date("2026-06-01T10:00:00Z");
const allDay: ParkHours = { open24h: true, openingHours: null, timeZone: "Africa/Lagos" };
const eightToEight = (timeZone: string): ParkHours => ({
  open24h: false,
  openingHours: Array(7).fill({ open: "08:00", close: "20:00" }),
  timeZone,
});
const ZONES = ["Africa/Lagos", "Africa/Dakar", "America/Toronto", "America/New_York", "America/Vancouver"];
/** Standard and daylight offsets (minutes east of UTC) of each zone. */
const OFFSETS: Record<string, number[]> = {
  "Africa/Lagos": [60],
  "Africa/Dakar": [0],
  "America/Toronto": [-300, -240],
  "America/New_York": [-300, -240],
  "America/Vancouver": [-480, -420],
};

describe("booking windows", () => {
  it("at a 24-hour park, only the grace, the order and the 30-day limit matter", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2 * H, max: 60 * DAY }),
        fc.integer({ min: -H, max: 35 * DAY }),
        (offset, length) => {
          const start = new Date(NOW.getTime() + offset);
          const end = new Date(start.getTime() + length);
          const valid = offset >= -5 * 60_000 && length > 0 && length <= 30 * DAY;
          expect(Object.keys(windowProblems(start, end, NOW, allDay)).length === 0).toBe(valid);
        },
      ),
    );
  });

  it("names the field at fault", () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    expect(windowProblems(at(-6 * 60_000), at(H), NOW, allDay)).toHaveProperty("start_time");
    expect(windowProblems(at(-5 * 60_000), at(H), NOW, allDay)).toEqual({});
    expect(windowProblems(at(H), at(H), NOW, allDay)).toHaveProperty("end_time");
    expect(windowProblems(at(H), at(H + 30 * DAY + 1), NOW, allDay)).toHaveProperty("end_time");
  });

  it("reads local time in the park's zone with its DST offset, for any instant", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 31) }),
        (zone, ms) => {
          const at = new Date(ms);
          const { weekday, minutes } = localClock(at, zone);
          const utcMinutes = at.getUTCHours() * 60 + at.getUTCMinutes();
          const offset = ((((minutes - utcMinutes) % 1440) + 2160) % 1440) - 720;
          expect(OFFSETS[zone]).toContain(offset);
          const local = new Date(ms + offset * 60_000);
          expect(weekday).toBe((local.getUTCDay() + 6) % 7);
        },
      ),
    );
  });

  it("a window from local 09:00 to 19:00 is inside 08:00-20:00 hours on every day, DST days included", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: 0, max: 3 * 365 }), (zone, day) => {
        const midnightUtc = Date.UTC(2025, 0, 1) + day * DAY;
        // Local 09:00 is 09:00 UTC minus the offset in force at that moment (offset tried both ways).
        const at = (hour: number) => {
          for (const off of OFFSETS[zone]!) {
            const t = new Date(midnightUtc + hour * H - off * 60_000);
            if (localClock(t, zone).minutes === hour * 60) return t;
          }
          throw new Error("no instant");
        };
        const hours = eightToEight(zone);
        const start = at(9);
        const end = at(19);
        const now = new Date(start.getTime() - H);
        expect(windowProblems(start, end, now, hours)).toEqual({});
        expect(isOpenAt(hours, new Date(at(8).getTime() - 60_000), "start")).toBe(false);
        expect(isOpenAt(hours, at(20), "end")).toBe(true);
        expect(isOpenAt(hours, at(20), "start")).toBe(false);
      }),
    );
  });

  it("follows the spring-forward change in Toronto (08:00 local moves from 13:00Z to 12:00Z)", () => {
    const hours = eightToEight("America/Toronto");
    expect(isOpenAt(hours, new Date("2026-03-07T12:30:00Z"), "start")).toBe(false);
    expect(isOpenAt(hours, new Date("2026-03-08T12:30:00Z"), "start")).toBe(true);
  });

  it("reads Vancouver's clock across a fall-back and a spring-forward change (table)", () => {
    // Fall back 2 November 2025 at 02:00 PDT (09:00Z); spring forward 8 March 2026 at 02:00 PST
    // (10:00Z). Past changes on purpose: tz 2026a+ has British Columbia on UTC-7 all year from
    // November 2026, older ICU data does not, and this table must hold under both.
    const table: [string, number, string][] = [
      ["2025-11-01T16:00:00Z", 5, "09:00"],
      ["2025-11-02T08:30:00Z", 6, "01:30"],
      ["2025-11-02T09:30:00Z", 6, "01:30"],
      ["2025-11-02T10:00:00Z", 6, "02:00"],
      ["2025-11-02T16:00:00Z", 6, "08:00"],
      ["2026-03-07T16:00:00Z", 5, "08:00"],
      ["2026-03-08T09:59:00Z", 6, "01:59"],
      ["2026-03-08T10:00:00Z", 6, "03:00"],
      ["2026-03-08T16:00:00Z", 6, "09:00"],
    ];
    for (const [iso, weekday, hhmm] of table) {
      const [h, m] = hhmm.split(":").map(Number);
      expect(localClock(new Date(iso), "America/Vancouver"), iso).toEqual({ weekday, minutes: h! * 60 + m! });
    }
    const hours: ParkHours = {
      open24h: false,
      openingHours: Array(7).fill({ open: "08:00", close: "18:00" }),
      timeZone: "America/Vancouver",
    };
    // 15:30Z is 07:30 PST the day before the change and 08:30 PDT the day of it.
    expect(isOpenAt(hours, new Date("2026-03-07T15:30:00Z"), "start")).toBe(false);
    expect(isOpenAt(hours, new Date("2026-03-08T15:30:00Z"), "start")).toBe(true);
    // The same instant read on Toronto's clock is 10:30 and open: the zone decides.
    expect(
      isOpenAt({ ...hours, timeZone: "America/Toronto" }, new Date("2026-03-07T15:30:00Z"), "start"),
    ).toBe(true);
    // 01:30Z on 3 November 2025 is 17:30 PST (open); on the summer offset it would be 18:30.
    expect(isOpenAt(hours, new Date("2025-11-03T01:30:00Z"), "end")).toBe(true);
    expect(isOpenAt(hours, new Date("2025-11-03T02:30:00Z"), "end")).toBe(false);
  });

  it("handles closed days and hours that run past midnight", () => {
    const hours: ParkHours = {
      open24h: false,
      openingHours: [{ open: "18:00", close: "02:00" }, null, null, null, null, null, null],
      timeZone: "Africa/Dakar",
    };
    // 2026-06-01 is a Monday; Dakar is UTC all year.
    expect(isOpenAt(hours, new Date("2026-06-01T19:00:00Z"), "start")).toBe(true);
    expect(isOpenAt(hours, new Date("2026-06-02T01:00:00Z"), "start")).toBe(true);
    expect(isOpenAt(hours, new Date("2026-06-02T02:00:00Z"), "end")).toBe(true);
    expect(isOpenAt(hours, new Date("2026-06-02T02:00:00Z"), "start")).toBe(false);
    expect(isOpenAt(hours, new Date("2026-06-02T19:00:00Z"), "start")).toBe(false);
  });
});

describe("status changes", () => {
  const active = {
    status: "active" as const,
    startTime: new Date(NOW.getTime() + 2 * H),
    endTime: new Date(NOW.getTime() + 5 * H),
  };

  it("cancel only active bookings before start; renew only cancelled ones before start", () => {
    expect(statusChange(active, "cancelled", NOW)).toEqual({ ok: true, kind: "cancel" });
    expect(statusChange(active, "cancelled", new Date(NOW.getTime() + 3 * H)).ok).toBe(false);
    expect(statusChange({ ...active, status: "completed" }, "cancelled", NOW).ok).toBe(false);
    expect(statusChange(active, "active", NOW).ok).toBe(false);
    expect(statusChange({ ...active, status: "cancelled" }, "active", NOW)).toEqual({
      ok: true,
      kind: "renew",
    });
    expect(statusChange({ ...active, status: "cancelled" }, "active", active.startTime).ok).toBe(false);
  });

  it("extends only an active booking, before its end, to a later end within 30 days", () => {
    expect(extendProblem(active, new Date(active.endTime.getTime() + H), NOW)).toBeNull();
    expect(extendProblem(active, active.endTime, NOW)).toMatch(/after/);
    expect(extendProblem(active, new Date(active.endTime.getTime() + H), active.endTime)).toMatch(/ended/);
    expect(
      extendProblem({ ...active, status: "cancelled" }, new Date(active.endTime.getTime() + H), NOW),
    ).toMatch(/active/);
    expect(extendProblem(active, new Date(active.startTime.getTime() + 30 * DAY + 1), NOW)).toMatch(/30/);
  });
});

describe("money", () => {
  const rate = { hourlyMinor: 50_000, dailyMaxMinor: 300_000 };
  const fees = { serviceFeeMinor: 10_000, bookingFeeBps: 500, taxBps: 750 };

  it("refunds the policy's share of the parking amount only, never more than paid, less as start nears", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -3 * H, max: 3 * H }),
        fc.integer({ min: 1, max: 3 * H }),
        (parking, fees, before, later) => {
          const start = new Date(NOW.getTime() + before);
          const b = {
            startTime: start,
            parkingMinor: parking,
            totalMinor: parking + fees,
            paidMinor: parking + fees,
          };
          const r = refundMinor(b, NOW);
          const laterR = refundMinor(b, new Date(NOW.getTime() + later));
          expect(r.percent).toBe(refundPercentAt(start, NOW));
          expect(r.amountMinor).toBeLessThanOrEqual(parking);
          expect(laterR.amountMinor).toBeLessThanOrEqual(r.amountMinor);
          if (before >= H) expect(r.amountMinor).toBe(parking);
          if (before < 0) expect(r.percent).toBeNull();
        },
      ),
    );
  });

  it("an extension charges exactly the new total minus what was paid, and prices never fall as windows grow", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 * DAY }),
        fc.integer({ min: 1, max: 10 * DAY }),
        (len, extra) => {
          const start = new Date(NOW.getTime() + H);
          const before = priceWindow(rate, fees, start, new Date(start.getTime() + len));
          const after = priceWindow(rate, fees, start, new Date(start.getTime() + len + extra));
          expect(after.totalMinor).toBeGreaterThanOrEqual(before.totalMinor);
          expect(before.totalMinor + chargeDueMinor(after.totalMinor, before.totalMinor)).toBe(
            after.totalMinor,
          );
        },
      ),
    );
  });
});

describe("booking codes and QR payloads", () => {
  it("codes are PW- and 8 unambiguous characters", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        expect(bookingCode(bytes)).toMatch(new RegExp(`^PW-[${CODE_ALPHABET}]{8}$`));
      }),
    );
  });

  it("a QR payload verifies with the secret, carries no personal data and fails when altered", () => {
    const claims = {
      code: "PW-ABCD2345",
      park: 7,
      start: "2026-06-01T10:00:00.000Z",
      end: "2026-06-01T12:00:00.000Z",
    };
    const token = signQr(claims, "s3cret");
    expect(verifyQr(token, "s3cret")).toEqual({ v: 1, ...claims });
    expect(verifyQr(token, "other")).toBeNull();
    const forged = signQr({ ...claims, park: 8 }, "other").split(".")[0] + "." + token.split(".")[1];
    expect(verifyQr(forged, "s3cret")).toBeNull();
    expect(Object.keys(verifyQr(token, "s3cret")!)).toEqual(["v", "code", "park", "start", "end"]);
  });
});
