import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  instantOfWallClock,
  nextOpenWindow,
  wallClockMs,
  windowRefusalText,
  windowVerdict,
  type DayHours,
  type ParkClock,
} from "./opening-hours";

const day = (open: string, close: string): DayHours => ({ open, close });
/** The seeded office-garage hours: weekdays 06-22, Saturday 08-22, closed on Sunday. */
const officeHours = [...Array<DayHours>(5).fill(day("06:00", "22:00")), day("08:00", "22:00"), null];
const lagos: ParkClock = {
  open24h: false,
  openingHours: officeHours,
  timeZone: "Africa/Lagos",
  overnight: false,
};
const at = (iso: string) => new Date(iso);
// 2026-12-07 is a Monday; Lagos is UTC+1 all year.
const now = at("2026-12-01T12:00:00Z");
const verdict = (start: string, end: string, clock = lagos) => windowVerdict(at(start), at(end), now, clock);

describe("windowVerdict", () => {
  it("books a window inside the opening hours, up to closing time exactly", () => {
    expect(verdict("2026-12-07T09:00:00+01:00", "2026-12-07T11:00:00+01:00")).toEqual({ bookable: true });
    expect(verdict("2026-12-07T06:00:00+01:00", "2026-12-07T22:00:00+01:00")).toEqual({ bookable: true });
  });

  it("refuses a window after closing, before opening and on a closed day, saying why", () => {
    expect(verdict("2026-12-07T22:00:00+01:00", "2026-12-08T00:00:00+01:00")).toEqual({
      bookable: false,
      code: "closed_at_start",
      closes: "22:00",
    });
    expect(verdict("2026-12-07T05:00:00+01:00", "2026-12-07T07:00:00+01:00")).toEqual({
      bookable: false,
      code: "opens_at",
      time: "06:00",
    });
    expect(verdict("2026-12-12T06:30:00+01:00", "2026-12-12T09:00:00+01:00")).toMatchObject({
      code: "opens_at",
      time: "08:00",
    });
    const sunday = verdict("2026-12-13T10:00:00+01:00", "2026-12-13T12:00:00+01:00");
    expect(sunday).toEqual({ bookable: false, code: "closed_day", weekday: 6 });
    if (sunday.bookable) throw new Error("unreachable");
    expect(windowRefusalText(sunday)).toBe("This car park is closed on Sundays.");
  });

  it("refuses an overnight window unless the park allows overnight stays", () => {
    expect(verdict("2026-12-07T20:00:00+01:00", "2026-12-08T08:00:00+01:00")).toEqual({
      bookable: false,
      code: "closes_before_end",
      time: "22:00",
    });
    const overnight = { ...lagos, overnight: true };
    expect(verdict("2026-12-07T20:00:00+01:00", "2026-12-08T08:00:00+01:00", overnight)).toEqual({
      bookable: true,
    });
    // Even then the car must be able to leave: not at 03:00, nor into Sunday.
    expect(verdict("2026-12-07T20:00:00+01:00", "2026-12-08T03:00:00+01:00", overnight)).toMatchObject({
      code: "closed_at_end",
    });
    expect(verdict("2026-12-12T20:00:00+01:00", "2026-12-13T10:00:00+01:00", overnight)).toMatchObject({
      code: "closed_at_end",
    });
  });

  it("follows hours that run past midnight and days that join at midnight", () => {
    const bar: ParkClock = { ...lagos, openingHours: Array<DayHours>(7).fill(day("18:00", "02:00")) };
    expect(verdict("2026-12-07T23:00:00+01:00", "2026-12-08T01:30:00+01:00", bar)).toEqual({
      bookable: true,
    });
    expect(verdict("2026-12-08T01:00:00+01:00", "2026-12-08T02:30:00+01:00", bar)).toMatchObject({
      code: "closes_before_end",
      time: "02:00",
    });
    const allDay: ParkClock = { ...lagos, openingHours: Array<DayHours>(7).fill(day("00:00", "24:00")) };
    expect(verdict("2026-12-07T20:00:00+01:00", "2026-12-10T08:00:00+01:00", allDay)).toEqual({
      bookable: true,
    });
    const stadium: ParkClock = { ...lagos, openingHours: Array<DayHours>(7).fill(day("08:00", "24:00")) };
    expect(verdict("2026-12-07T23:00:00+01:00", "2026-12-08T01:00:00+01:00", stadium)).toMatchObject({
      code: "closes_before_end",
      time: "24:00",
    });
  });

  it("reads the hours on the park's clock across daylight-saving changes (Toronto)", () => {
    const toronto: ParkClock = { ...lagos, timeZone: "America/Toronto" };
    // The clocks go forward on Sunday 14 March 2027: Monday 15 March is EDT, UTC-4.
    expect(verdict("2027-03-15T10:00:00Z", "2027-03-16T02:00:00Z", toronto)).toEqual({ bookable: true });
    expect(verdict("2027-03-15T10:00:00Z", "2027-03-16T02:30:00Z", toronto)).toMatchObject({
      code: "closes_before_end",
      time: "22:00",
    });
    // Saturday 13 March, the day before, is still EST (UTC-5): 08:00 there is 13:00Z.
    expect(verdict("2027-03-13T13:00:00Z", "2027-03-13T15:00:00Z", toronto)).toEqual({ bookable: true });
    expect(verdict("2027-03-13T12:30:00Z", "2027-03-13T15:00:00Z", toronto)).toMatchObject({
      code: "opens_at",
      time: "08:00",
    });
    // The clocks go back on Sunday 7 November 2027: Monday 8 November is EST, so 10:30Z is
    // 05:30 there (it would be 06:30 on the summer clock).
    expect(verdict("2027-11-08T10:30:00Z", "2027-11-08T12:00:00Z", toronto)).toMatchObject({
      code: "opens_at",
      time: "06:00",
    });
    expect(verdict("2027-11-08T11:00:00Z", "2027-11-09T03:00:00Z", toronto)).toEqual({ bookable: true });
  });

  it("refuses the past, an empty window and one over the longest stay; open 24 hours books anything else", () => {
    const always: ParkClock = { ...lagos, open24h: true, openingHours: null };
    expect(verdict("2026-12-01T11:00:00Z", "2026-12-01T13:00:00Z", always)).toEqual({
      bookable: false,
      code: "past",
    });
    expect(verdict("2026-12-01T11:58:00Z", "2026-12-01T13:00:00Z", always)).toEqual({ bookable: true });
    expect(verdict("2026-12-02T13:00:00Z", "2026-12-02T13:00:00Z", always)).toMatchObject({
      code: "end_before_start",
    });
    expect(verdict("2026-12-02T13:00:00Z", "2027-01-02T13:00:00Z", always)).toMatchObject({
      code: "too_long",
      days: 30,
    });
    expect(verdict("2026-12-13T02:00:00Z", "2026-12-14T02:00:00Z", always)).toEqual({ bookable: true });
  });
});

describe("nextOpenWindow", () => {
  it("is two hours from the given time when the park is open that long", () => {
    expect(nextOpenWindow(at("2026-12-07T10:00:00+01:00"), lagos)).toEqual({
      start: at("2026-12-07T10:00:00+01:00"),
      end: at("2026-12-07T12:00:00+01:00"),
    });
  });

  it("is what is left of today's opening, or the next opening after a closed day", () => {
    expect(nextOpenWindow(at("2026-12-12T21:00:00+01:00"), lagos)).toEqual({
      start: at("2026-12-12T21:00:00+01:00"),
      end: at("2026-12-12T22:00:00+01:00"),
    });
    // Saturday 21:45: a quarter of an hour is too short; Sunday is closed; Monday 06:00.
    expect(nextOpenWindow(at("2026-12-12T21:45:00+01:00"), lagos)).toEqual({
      start: at("2026-12-14T06:00:00+01:00"),
      end: at("2026-12-14T08:00:00+01:00"),
    });
    expect(
      nextOpenWindow(at("2026-12-07T23:00:00+01:00"), {
        ...lagos,
        openingHours: Array<DayHours>(7).fill(null),
      }),
    ).toBeNull();
  });

  it("gives a window the verdict books", () => {
    for (const iso of ["2026-12-07T04:00:00Z", "2026-12-12T20:59:00Z", "2026-12-13T09:00:00Z"]) {
      const w = nextOpenWindow(at(iso), lagos)!;
      expect(windowVerdict(w.start, w.end, at(iso), lagos)).toEqual({ bookable: true });
    }
  });
});

describe("wall clock", () => {
  it("round-trips, and moves a time in the spring gap forward", () => {
    const wall = Date.UTC(2026, 2, 8, 2, 30); // 02:30 does not happen in Toronto on 8 March 2026
    expect(new Date(instantOfWallClock(wall, "America/Toronto")).toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    const autumn = Date.UTC(2026, 10, 1, 1, 30); // happens twice: the first (EDT) is taken
    expect(new Date(instantOfWallClock(autumn, "America/Toronto")).toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    expect(wallClockMs(Date.parse("2026-11-01T05:30:00Z"), "America/Toronto")).toBe(autumn);
  });
});

describe("windowVerdict, for any instant in the five countries' zones (properties)", () => {
  const H = 3_600_000;
  const DAY = 24 * H;
  const NOW = new Date("2026-06-01T10:00:00Z");
  const always: ParkClock = { open24h: true, openingHours: null, timeZone: "Africa/Lagos", overnight: false };
  const eightToEight = (timeZone: string): ParkClock => ({
    open24h: false,
    openingHours: Array<DayHours>(7).fill(day("08:00", "20:00")),
    timeZone,
    overnight: false,
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
  const clockAt = (ms: number, zone: string) => {
    const wall = wallClockMs(ms, zone);
    return { weekday: (new Date(wall).getUTCDay() + 6) % 7, minutes: (wall % DAY) / 60_000 };
  };
  const opensFor = (clock: ParkClock, startMs: number, minutes = 1) =>
    windowVerdict(new Date(startMs), new Date(startMs + minutes * 60_000), new Date(startMs - H), clock)
      .bookable;

  it("at a 24-hour park, only the grace, the order and the 30-day limit matter", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2 * H, max: 60 * DAY }),
        fc.integer({ min: -H, max: 35 * DAY }),
        (offset, length) => {
          const start = new Date(NOW.getTime() + offset);
          const end = new Date(start.getTime() + length);
          const valid = offset >= -5 * 60_000 && length > 0 && length <= 30 * DAY;
          expect(windowVerdict(start, end, NOW, always).bookable).toBe(valid);
        },
      ),
    );
  });

  it("reads local time in the park's zone with its DST offset, for any instant", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 31) }),
        (zone, ms) => {
          const { weekday, minutes } = clockAt(ms, zone);
          const utcMinutes = Math.floor((ms % DAY) / 60_000);
          const offset = ((((minutes - utcMinutes) % 1440) + 2160) % 1440) - 720;
          expect(OFFSETS[zone]).toContain(offset);
          expect(weekday).toBe((new Date(ms + offset * 60_000).getUTCDay() + 6) % 7);
          // And back: the wall clock names this instant (to the minute).
          const minute = ms - (ms % 60_000);
          if (instantOfWallClock(wallClockMs(minute, zone), zone) !== minute) {
            // Only the second pass of an hour that happens twice maps to its first pass.
            expect(instantOfWallClock(wallClockMs(minute, zone), zone)).toBe(minute - H);
          }
        },
      ),
    );
  });

  it("a window from local 09:00 to 19:00 is inside 08:00-20:00 hours on every day, DST days included", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: 0, max: 3 * 365 }), (zone, d) => {
        const midnightUtc = Date.UTC(2025, 0, 1) + d * DAY;
        const at = (hour: number) => instantOfWallClock(midnightUtc + hour * H, zone);
        const clock = eightToEight(zone);
        const now = new Date(at(9) - H);
        expect(windowVerdict(new Date(at(9)), new Date(at(19)), now, clock)).toEqual({ bookable: true });
        expect(windowVerdict(new Date(at(8)), new Date(at(20)), now, clock)).toEqual({ bookable: true });
        expect(opensFor(clock, at(8) - 60_000)).toBe(false);
        expect(opensFor(clock, at(20))).toBe(false);
        expect(windowVerdict(new Date(at(19)), new Date(at(20) + 60_000), now, clock)).toMatchObject({
          code: "closes_before_end",
          time: "20:00",
        });
      }),
    );
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
      expect(clockAt(Date.parse(iso), "America/Vancouver"), iso).toEqual({ weekday, minutes: h! * 60 + m! });
    }
    const vancouver: ParkClock = {
      ...eightToEight("America/Vancouver"),
      openingHours: Array<DayHours>(7).fill(day("08:00", "18:00")),
    };
    // 15:30Z is 07:30 PST the day before the change and 08:30 PDT the day of it.
    expect(opensFor(vancouver, Date.parse("2026-03-07T15:30:00Z"))).toBe(false);
    expect(opensFor(vancouver, Date.parse("2026-03-08T15:30:00Z"))).toBe(true);
    // The same instant read on Toronto's clock is 10:30 and open: the zone decides.
    expect(opensFor({ ...vancouver, timeZone: "America/Toronto" }, Date.parse("2026-03-07T15:30:00Z"))).toBe(
      true,
    );
  });
});

describe("closures", () => {
  const closed = { ...lagos, closures: ["2026-12-08"] };
  const always: ParkClock = { ...lagos, open24h: true, openingHours: null, closures: ["2026-12-08"] };

  it("refuses a window on a closure day, naming the date, for set hours and for a 24-hour park", () => {
    const refusal = { bookable: false, code: "closed_date", date: "2026-12-08" };
    expect(verdict("2026-12-08T09:00:00+01:00", "2026-12-08T11:00:00+01:00", closed)).toEqual(refusal);
    expect(verdict("2026-12-08T09:00:00+01:00", "2026-12-08T11:00:00+01:00", always)).toEqual(refusal);
    expect(windowRefusalText(refusal as never)).toBe("This car park is closed on 2026-12-08.");
    // The days around it stay as their hours say.
    expect(verdict("2026-12-07T09:00:00+01:00", "2026-12-07T11:00:00+01:00", closed)).toEqual({
      bookable: true,
    });
    expect(verdict("2026-12-09T09:00:00+01:00", "2026-12-09T11:00:00+01:00", always)).toEqual({
      bookable: true,
    });
  });

  it("stops a 24-hour park's window at the closure's midnight, and overnight stays cannot cross into it", () => {
    expect(verdict("2026-12-07T22:00:00+01:00", "2026-12-08T01:00:00+01:00", always)).toEqual({
      bookable: false,
      code: "closes_before_end",
      time: "24:00",
    });
    const overnight = { ...closed, overnight: true };
    expect(verdict("2026-12-07T20:00:00+01:00", "2026-12-08T09:00:00+01:00", overnight)).toMatchObject({
      bookable: false,
      code: "closed_at_end",
    });
    expect(verdict("2026-12-07T20:00:00+01:00", "2026-12-09T09:00:00+01:00", overnight)).toEqual({
      bookable: true,
    });
  });

  it("cuts a night's opening that runs into a closure day at its midnight", () => {
    const nights: ParkClock = { ...lagos, openingHours: Array<DayHours>(7).fill(day("20:00", "06:00")) };
    const closedNight = { ...nights, closures: ["2026-12-08"] };
    // Monday 20:00 to Tuesday 06:00, Tuesday closed: the night ends at midnight.
    expect(verdict("2026-12-07T21:00:00+01:00", "2026-12-08T00:00:00+01:00", closedNight)).toEqual({
      bookable: true,
    });
    expect(verdict("2026-12-08T01:00:00+01:00", "2026-12-08T03:00:00+01:00", closedNight)).toMatchObject({
      bookable: false,
    });
    expect(verdict("2026-12-08T01:00:00+01:00", "2026-12-08T03:00:00+01:00", nights)).toEqual({
      bookable: true,
    });
  });

  it("opens the next window after the closure", () => {
    const next = nextOpenWindow(at("2026-12-08T02:00:00+01:00"), always);
    expect(next?.start.toISOString()).toBe("2026-12-08T23:00:00.000Z");
  });
});
