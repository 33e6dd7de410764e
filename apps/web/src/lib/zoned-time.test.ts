import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatClockTime,
  formatShortZoned,
  formatShortZonedParts,
  formatZonedDateTime,
  formatZonedDay,
  formatZonedHour,
  isoToZonedInput,
  nextWholeHour,
  parseClockTime,
  parseWindowValue,
  windowInstant,
  weekdayName,
  windowWallClock,
  zoneOfCountry,
  zoneOfCurrency,
  zoneAbbreviation,
  zonedInputToIso,
} from "./zoned-time";

/** ICU puts narrow and no-break spaces in times ("9:00 AM"); compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("times on the park's clock", () => {
  it("reads a picker value in the park's zone, whatever the device's zone", () => {
    // 09:00 in Vancouver (PDT, UTC-7) is 16:00Z; the same picker value in Toronto is 13:00Z.
    expect(zonedInputToIso("2025-06-02T09:00", "America/Vancouver")).toBe("2025-06-02T16:00:00.000Z");
    expect(zonedInputToIso("2025-06-02T09:00", "America/Toronto")).toBe("2025-06-02T13:00:00.000Z");
    expect(zonedInputToIso("2026-06-01T09:00", "Africa/Lagos")).toBe("2026-06-01T08:00:00.000Z");
    expect(zonedInputToIso("2026-01-15T09:00:00", "America/Edmonton")).toBe("2026-01-15T16:00:00.000Z");
    expect(isoToZonedInput("2025-06-02T16:00:00.000Z", "America/Vancouver")).toBe("2025-06-02T09:00");
    expect(isoToZonedInput("2026-06-01T16:00:00.000Z", "America/Chicago")).toBe("2026-06-01T11:00");
    expect(isoToZonedInput("2026-06-01T23:30:00.000Z", "Africa/Lagos")).toBe("2026-06-02T00:30");
  });

  // 2025, a past year: tz 2026a+ has British Columbia on UTC-7 all year from November 2026 and
  // older ICU data does not; these cases hold under both.
  it("round-trips instants through a year in Vancouver, and handles the two DST changes", () => {
    const instants: number[] = [];
    // Every 181 minutes through the year, and every quarter hour over both DST weekends.
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 181 * 60_000) instants.push(t);
    for (const day of [Date.UTC(2025, 2, 8), Date.UTC(2025, 10, 1)]) {
      for (let t = day; t < day + 3 * 86_400_000; t += 15 * 60_000) instants.push(t);
    }
    for (const t of instants) {
      const iso = new Date(t).toISOString();
      const back = zonedInputToIso(isoToZonedInput(iso, "America/Vancouver"), "America/Vancouver");
      // The repeated autumn hour reads back as its first occurrence (PDT), an hour earlier.
      const repeated = t >= Date.UTC(2025, 10, 2, 9) && t < Date.UTC(2025, 10, 2, 10);
      expect(back, iso).toBe(repeated ? new Date(t - 3_600_000).toISOString() : iso);
    }
    // Spring forward (9 March 2025): 02:30 never happens; it moves on to 03:30 PDT.
    expect(zonedInputToIso("2025-03-09T02:30", "America/Vancouver")).toBe("2025-03-09T10:30:00.000Z");
    expect(zonedInputToIso("2025-03-09T01:59", "America/Vancouver")).toBe("2025-03-09T09:59:00.000Z");
    expect(zonedInputToIso("2025-03-09T03:00", "America/Vancouver")).toBe("2025-03-09T10:00:00.000Z");
    // Fall back (2 November 2025): 01:30 happens twice; the first (PDT) is chosen.
    expect(zonedInputToIso("2025-11-02T01:30", "America/Vancouver")).toBe("2025-11-02T08:30:00.000Z");
  });

  it("refuses what is not a picker value", () => {
    for (const v of ["", "tomorrow", "2026-06-01", "2026-06-01 09:00", "2026-13-01T09:00x"]) {
      expect(zonedInputToIso(v, "America/Vancouver"), v).toBeUndefined();
    }
    expect(isoToZonedInput(undefined, "Africa/Lagos")).toBe("");
    expect(isoToZonedInput("nope", "Africa/Lagos")).toBe("");
  });

  it("states the park's zone with the time, in English and French", () => {
    const at = "2025-06-02T16:00:00.000Z";
    expect(plain(formatZonedDateTime(at, "en", "America/Vancouver"))).toBe("Jun 2, 2025, 9:00 AM PDT");
    expect(plain(formatZonedDateTime(at, "en", "America/Toronto"))).toBe("Jun 2, 2025, 12:00 PM EDT");
    expect(plain(formatZonedDateTime(at, "fr", "America/Vancouver"))).toBe("2 juin 2025, 09:00 UTC−7");
    expect(plain(formatZonedDateTime("2026-01-15T16:00:00Z", "en", "America/Vancouver"))).toBe(
      "Jan 15, 2026, 8:00 AM PST",
    );
    expect(zoneAbbreviation("America/Edmonton", "en", new Date(at))).toBe("MDT");
    expect(zoneAbbreviation("America/Edmonton", "en", new Date("2026-01-15T16:00:00Z"))).toBe("MST");
    expect(zoneAbbreviation("Africa/Lagos", "en", new Date(at))).toBe("GMT+1");
    expect(zoneAbbreviation("America/Chicago", "fr", new Date(at))).toBe("UTC−5");
  });

  it("defaults the arrival to a whole hour on the park's clock", () => {
    const now = new Date("2025-06-02T15:20:00Z");
    expect(nextWholeHour(now, "America/Vancouver")).toBe("2025-06-02T16:00:00.000Z");
    // Kathmandu is UTC+5:45: its whole hour is not a whole UTC hour.
    expect(nextWholeHour(now, "Asia/Kathmandu")).toBe("2025-06-02T16:15:00.000Z");
  });
});

describe("a window in the URL", () => {
  it("keeps a typed time as a wall-clock time, and an older link's instant as that instant", () => {
    expect(parseWindowValue("2026-11-26T10:00")).toBe("2026-11-26T10:00");
    expect(parseWindowValue("2026-11-26T10:00:00")).toBe("2026-11-26T10:00");
    expect(parseWindowValue("2026-11-26T10:00:00.000Z")).toBe("2026-11-26T10:00:00.000Z");
    expect(parseWindowValue("2026-11-26T10:00:00+01:00")).toBe("2026-11-26T09:00:00.000Z");
    for (const bad of [
      null,
      "",
      "x",
      "2026-02-30T10:00",
      "2026-11-26",
      "2026-11-26T25:00",
      "2026-11-26T10:00:30",
    ])
      expect(parseWindowValue(bad)).toBeUndefined();
  });

  it("reads a wall-clock time on the park's clock, whatever the device's zone", () => {
    // 10:00 in Lagos (UTC+1) is 09:00Z; in Toronto in November (UTC-5), 15:00Z.
    expect(windowInstant("2026-11-26T10:00", "Africa/Lagos")).toBe("2026-11-26T09:00:00.000Z");
    expect(windowInstant("2026-11-26T10:00", "America/Toronto")).toBe("2026-11-26T15:00:00.000Z");
    expect(windowInstant("2026-11-26T09:00:00.000Z", "America/Toronto")).toBe("2026-11-26T09:00:00.000Z");
    expect(windowWallClock("2026-11-26T10:00", "America/Toronto")).toBe("2026-11-26T10:00");
    expect(windowWallClock("2026-11-26T09:00:00.000Z", "Africa/Lagos")).toBe("2026-11-26T10:00");
    expect(windowInstant(undefined, "Africa/Lagos")).toBeUndefined();
  });
});

describe("one way to write a time", () => {
  // 00:00Z on 26 November 2026 is 01:00 on Thursday 26 November in Lagos (UTC+1).
  const at = "2026-11-26T00:00:00.000Z";

  it("always carries the month, and French writes 24-hour times with two digits", () => {
    expect(plain(formatShortZoned(at, "en", "Africa/Lagos"))).toBe("Thu, Nov 26, 1:00 AM");
    expect(plain(formatShortZoned(at, "fr", "Africa/Lagos"))).toBe("jeu. 26 nov., 01:00");
    expect(plain(formatShortZoned("2026-11-26T13:05:00.000Z", "fr", "Africa/Lagos"))).toBe(
      "jeu. 26 nov., 14:05",
    );
    expect(plain(formatZonedDateTime(at, "fr", "Africa/Lagos"))).toBe("26 nov. 2026, 01:00 UTC+1");
    expect(plain(formatZonedDateTime(at, "en", "Africa/Lagos"))).toBe("Nov 26, 2026, 1:00 AM GMT+1");
  });

  it("splits the short time into its day and its time, which read as the whole joined by a space", () => {
    for (const language of ["en", "fr"]) {
      for (const iso of [at, "2026-11-26T13:05:00.000Z"]) {
        const parts = formatShortZonedParts(iso, language, "Africa/Lagos");
        expect(parts.join(" ")).toBe(formatShortZoned(iso, language, "Africa/Lagos"));
      }
    }
    expect(formatShortZonedParts(at, "en", "Africa/Lagos").map(plain)).toEqual(["Thu, Nov 26,", "1:00 AM"]);
    expect(formatShortZonedParts(at, "fr", "Africa/Lagos").map(plain)).toEqual(["jeu. 26 nov.,", "01:00"]);
  });

  it("puts a wallet line on the clock of the country of its currency, else UTC", () => {
    const countries = [
      { currency: "NGN", timezone: "Africa/Lagos" },
      { currency: "CAD", timezone: "America/Toronto" },
    ];
    expect(zoneOfCurrency("CAD", countries)).toBe("America/Toronto");
    expect(zoneOfCurrency("NGN", countries)).toBe("Africa/Lagos");
    expect(zoneOfCurrency("EUR", countries)).toBe("UTC");
    expect(zoneOfCurrency("NGN", undefined)).toBe("UTC");
  });
});

describe("a time of day on one clock per language", () => {
  it("writes an opening or a closing as the language writes every other time", () => {
    expect(plain(formatClockTime("07:00", "en"))).toBe("7:00 AM");
    expect(plain(formatClockTime("22:30", "en"))).toBe("10:30 PM");
    expect(plain(formatClockTime("00:00", "en"))).toBe("12:00 AM");
    expect(plain(formatClockTime("24:00", "en"))).toBe("12:00 AM");
    expect(formatClockTime("07:00", "fr")).toBe("07:00");
    expect(formatClockTime("22:30", "fr")).toBe("22:30");
    expect(formatClockTime("00:00", "fr")).toBe("00:00");
    expect(formatClockTime("24:00", "fr")).toBe("24:00");
    // The same convention as the app's other times (the contract's dateTimeFormat).
    const at = "2026-06-01T19:05:00Z";
    for (const language of ["en", "fr"]) {
      expect(formatShortZoned(at, language, "UTC").endsWith(formatClockTime("19:05", language))).toBe(true);
    }
    // Not a time: given back for the field to show and the schema to refuse.
    for (const text of ["25:00", "7", "", "24:30"]) expect(formatClockTime(text, "en")).toBe(text);
  });

  it("reads a typed time on either clock, in either language", () => {
    expect(parseClockTime("7:30 pm")).toBe("19:30");
    expect(parseClockTime("7:30\u202fPM")).toBe("19:30");
    expect(parseClockTime("7 PM")).toBe("19:00");
    expect(parseClockTime("7.15 a.m.")).toBe("07:15");
    expect(parseClockTime("12:00 PM")).toBe("12:00");
    expect(parseClockTime("12:00 AM")).toBe("00:00");
    expect(parseClockTime("19:30")).toBe("19:30");
    expect(parseClockTime(" 9:05 ")).toBe("09:05");
    expect(parseClockTime("19h30")).toBe("19:30");
    expect(parseClockTime("7")).toBe("07:00");
    // Midnight closes at the day's end; "24:00" is kept for the schema to refuse as an opening.
    expect(parseClockTime("12:00 AM", true)).toBe("24:00");
    expect(parseClockTime("00:00", true)).toBe("24:00");
    expect(parseClockTime("24:00", true)).toBe("24:00");
    expect(parseClockTime("24:00")).toBe("24:00");
    for (const text of ["25:00", "13 PM", "0 AM", "7:60", "24:30", "seven", "", "7:3"]) {
      expect(parseClockTime(text), text).toBeNull();
    }
  });

  it("reads back what it writes", () => {
    for (const language of ["en", "fr"]) {
      for (const time of ["00:00", "06:45", "12:00", "12:30", "19:30", "23:59"]) {
        expect(parseClockTime(formatClockTime(time, language))).toBe(time);
      }
      expect(parseClockTime(formatClockTime("24:00", language), true)).toBe("24:00");
    }
  });
});

describe("days and hours at a place", () => {
  const countries = [
    { code: "NG", currency: "NGN", timezone: "Africa/Lagos" },
    { code: "CA", currency: "CAD", timezone: "America/Toronto" },
  ];

  it("reads a marketplace's clock from its country, UTC when it is not known", () => {
    expect(zoneOfCountry("NG", countries)).toBe("Africa/Lagos");
    expect(zoneOfCountry("US", countries)).toBe("UTC");
    expect(zoneOfCountry(undefined, undefined)).toBe("UTC");
  });

  it("gives the day an instant falls on at the place, with its month, whatever the phone's zone", () => {
    // 00:30 in Lagos on the 26th is still the 25th in Toronto.
    const at = "2026-11-25T23:30:00Z";
    expect(formatZonedDay(at, "en", "Africa/Lagos")).toBe("Nov 26");
    expect(formatZonedDay(at, "en", "America/Toronto")).toBe("Nov 25");
    expect(formatZonedDay(at, "fr", "Africa/Lagos")).toBe("26 nov.");
    expect(formatZonedDay(at, "en", "Africa/Lagos", "long")).toBe("November 26");
    expect(formatZonedDay(at, "fr", "Africa/Lagos", "long")).toBe("26 novembre");
  });

  it("writes a slot's calendar day as that day, in the language, with its month", () => {
    expect(formatCalendarDate("2026-11-26", "en")).toBe("Thursday, November 26, 2026");
    expect(formatCalendarDate("2026-11-26", "fr")).toBe("jeudi 26 novembre 2026");
    expect(formatCalendarDate("2026-11-26", "en", "long")).toBe("Thursday, November 26");
    expect(formatCalendarDate("2026-11-26", "fr", "long")).toBe("jeudi 26 novembre");
    expect(formatCalendarDate("2026-11-26", "en", "short")).toBe("Thu, Nov 26");
    expect(formatCalendarDate("2026-11-26", "fr", "short")).toBe("jeu. 26 nov.");
    expect(formatCalendarDate("2026-11-26", "en", "date")).toBe("November 26, 2026");
    expect(formatCalendarDate("2026-11-26", "fr", "date")).toBe("26 novembre 2026");
    expect(formatCalendarDate("26/11/2026", "en")).toBe("26/11/2026");
    expect(formatCalendarDate("2026-13-40", "en")).toBe("2026-13-40");
  });

  it("names a day of the week by its number, Sunday first", () => {
    expect([0, 1, 6].map((d) => weekdayName(d, "en"))).toEqual(["Sunday", "Monday", "Saturday"]);
    expect([0, 1, 6].map((d) => weekdayName(d, "fr"))).toEqual(["dimanche", "lundi", "samedi"]);
  });

  it("labels an hour on the place's clock", () => {
    const at = "2026-11-26T13:00:00Z";
    expect(plain(formatZonedHour(at, "en", "Africa/Lagos"))).toBe("02:00 PM");
    expect(formatZonedHour(at, "fr", "Africa/Lagos")).toBe("14:00");
    expect(formatZonedHour(at, "fr", "America/Toronto")).toBe("08:00");
  });
});
