// The test clock: "now" for a whole test run, set to an instant where calendars turn over, so a
// rule or a test that reads the wrong day, zone or hour fails every run rather than at midnight.
//
// The run's processes (Vitest, its workers, PGlite inside them, the app server of the browser
// tests) read the time through libfaketime (Debian's faketime package), preloaded with an offset:
// the clock starts at the instant and then runs at its normal pace. See
// docs/decisions/025-test-clock.md.
//
// TEST_CLOCK_AT picks the instant: an ISO time with its offset ("2026-11-26T23:05:00Z"), or
// "real" for the machine's clock. Unset, a run takes one of CLOCK_INSTANTS in rotation, chosen
// from today's date, so every day exercises another boundary (and another year, and another zone
// for the process) without another run. TEST_CLOCK_TZ sets the process's zone instead of the
// instant's own.
import fs from "node:fs";

const KIRITIMATI = "Pacific/Kiritimati";
const LOS_ANGELES = "America/Los_Angeles";

/**
 * Instants where a day, a year or a zone's offset turns over in one of the served countries, each
 * with the time zone the test process runs in (TZ): alternately UTC+14 and UTC-8/-7, so the
 * machine's own date is never the one the product must use. They span 2025 to 2031, so a date
 * written into a test or a seed, or a clock a test fixes, meets a machine a year or more away.
 */
export const CLOCK_INSTANTS = [
  { at: "2026-11-26T23:30:00Z", tz: KIRITIMATI, what: "the last half hour of the day in UTC" },
  { at: "2026-11-26T23:05:00Z", tz: LOS_ANGELES, what: "00:05 in Lagos (the next day), 23:05 in Dakar" },
  { at: "2026-11-27T04:55:00Z", tz: KIRITIMATI, what: "23:55 in Toronto and New York, 04:55 in Lagos" },
  {
    at: "2027-03-14T06:59:00Z",
    tz: LOS_ANGELES,
    what: "01:59 in New York, a minute before the clocks spring forward",
  },
  {
    at: "2027-03-14T07:01:00Z",
    tz: KIRITIMATI,
    what: "03:01 in New York, a minute after the clocks sprang forward",
  },
  {
    at: "2026-11-01T05:30:00Z",
    tz: LOS_ANGELES,
    what: "01:30 in New York, the hour the clocks fall back repeats",
  },
  {
    at: "2026-12-31T23:59:00Z",
    tz: KIRITIMATI,
    what: "a minute before the year ends in UTC, Dakar and (an hour later) Lagos",
  },
  {
    at: "2025-11-02T05:30:00Z",
    tz: LOS_ANGELES,
    what: "a year earlier: 01:30 in New York, the hour the clocks fall back repeats",
  },
  {
    at: "2028-02-29T23:05:00Z",
    tz: KIRITIMATI,
    what: "a leap day: 00:05 on 1 March in Lagos, 23:05 on 29 February in Dakar",
  },
  {
    at: "2031-01-01T04:55:00Z",
    tz: LOS_ANGELES,
    what: "four years on: 23:55 on New Year's Eve in Toronto, 04:55 on New Year's Day in Lagos",
  },
];

const DAY_MS = 86_400_000;

/** The instant of a day's rotation: the day number (UTC) modulo the list. */
export function rotatedInstant(today = new Date()) {
  return CLOCK_INSTANTS[Math.floor(today.getTime() / DAY_MS) % CLOCK_INSTANTS.length];
}

const LIBFAKETIME = [
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/faketime/libfaketime.so.1",
];

/** libfaketime's path on this machine, or undefined (apt-get install faketime). */
export function libfaketime() {
  return [process.env.LIBFAKETIME, ...LIBFAKETIME].find((p) => p && fs.existsSync(p));
}

/** The zone `tz` when it is one (an IANA name such as Africa/Lagos); throws otherwise. */
function zone(tz, from) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz;
  } catch {
    throw new Error(`${from}=${tz} is not a time zone (e.g. Africa/Lagos)`);
  }
}

/**
 * The instant a run uses: TEST_CLOCK_AT, or today's in the rotation, with the zone its process
 * runs in (TEST_CLOCK_TZ, else the listed instant's, else the process's own: tz undefined); null
 * for the real clock. Throws on a TEST_CLOCK_AT that is no time, or a TEST_CLOCK_TZ that is no zone.
 */
export function chosenInstant(env = process.env, today = new Date()) {
  const asked = env.TEST_CLOCK_AT?.trim();
  if (asked === "real") return null;
  const askedTz = env.TEST_CLOCK_TZ?.trim() ? zone(env.TEST_CLOCK_TZ.trim(), "TEST_CLOCK_TZ") : undefined;
  if (asked) {
    const ms = Date.parse(asked);
    if (!Number.isFinite(ms) || !/(Z|[+-]\d\d:?\d\d)$/i.test(asked)) {
      throw new Error(
        `TEST_CLOCK_AT=${asked} is not a time with its offset (e.g. 2026-11-26T23:05:00Z) or "real"`,
      );
    }
    const listed = CLOCK_INSTANTS.find((i) => Date.parse(i.at) === ms);
    return {
      at: listed?.at ?? new Date(ms).toISOString(),
      what: listed?.what ?? "asked for",
      tz: askedTz ?? listed?.tz,
      chosen: "TEST_CLOCK_AT",
    };
  }
  const i = rotatedInstant(today);
  return { ...i, tz: askedTz ?? i.tz, chosen: `today's in the rotation of ${CLOCK_INSTANTS.length}` };
}

/**
 * The environment of a process whose clock reads `at` now and runs on from there, in the zone `tz`
 * when one is given (its children inherit both). The offset is fixed when this is called: spawn at
 * once.
 */
export function clockEnv(at, env = process.env, tz = undefined) {
  const lib = libfaketime();
  if (!lib) throw new Error("libfaketime is missing: apt-get install faketime (or set LIBFAKETIME)");
  const offset = Math.round((Date.parse(at) - Date.now()) / 1000);
  return {
    ...env,
    ...(tz ? { TZ: tz } : {}),
    LD_PRELOAD: [lib, env.LD_PRELOAD].filter(Boolean).join(":"),
    FAKETIME: `${offset >= 0 ? "+" : ""}${offset}`,
    // Timers and durations keep the machine's steady clock: only the calendar moves.
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
    TEST_CLOCK_AT: at,
  };
}

/** One line saying which clock and zone a run reads, and how to run it again the same way. */
export function describeClock(instant) {
  if (!instant) return "the real clock (TEST_CLOCK_AT=real)";
  const again = `TEST_CLOCK_AT=${instant.at}${instant.tz ? ` TEST_CLOCK_TZ=${instant.tz}` : ""}`;
  return `${instant.at}${instant.tz ? ` in TZ=${instant.tz}` : ""}: ${instant.what} (${instant.chosen}; again with ${again}, or TEST_CLOCK_AT=real)`;
}
