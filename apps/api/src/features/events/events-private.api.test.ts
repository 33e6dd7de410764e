import {
  EVENT_ACCESS_EVENT_CEILING,
  EVENT_ACCESS_HEADER,
  EVENT_ACCESS_TRIES,
  EVENT_ACCESS_WRONG_MESSAGE,
  EVENT_CODE_INVALID_MESSAGE,
  type EventPage,
} from "@parkwell/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db } from "../../db/client";
import { createEvent } from "../../test/events";
import { createTestContext, type TestContext } from "../../test/harness";
import { at, HOUR } from "../bookings/bookings.test-kit";
import { signEventAccess } from "./event-access";

const SECRET = "events-api-test-secret";
let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext({ QR_SIGNING_SECRET: SECRET });
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

/** Now rounded up to the minute, plus an offset. */
const DAY = 24 * HOUR;

let addresses = 0;
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/v1${url}`, headers });
const page = async (query: string) => {
  const res = await get(`/events?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventPage>();
};
/** The access code `code` entered for the event `eventCode`, as the access page sends it. */
const open = (
  eventCode: string,
  code: string,
  remoteAddress = `10.9.${++addresses % 250}.7`,
  language = "en",
) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/events/access",
    payload: { event_code: eventCode, access_code: code },
    headers: { "accept-language": language },
    remoteAddress,
  });

const codes = (p: EventPage) => p.items.map((e) => e.event_code);

describe("private events", () => {
  let vip: { id: number; code: string };
  let other: { id: number; code: string };
  beforeAll(async () => {
    const parks = [{ parkId: 4, offers: [{ allocation: 2 }] }];
    vip = await createEvent(db, {
      name: "Private Gala",
      accessCode: "GALA-2026",
      start: at(14 * DAY),
      end: at(14 * DAY + HOUR),
      parks,
    });
    other = await createEvent(db, {
      accessCode: "OTHER-2026",
      start: at(14 * DAY),
      end: at(14 * DAY + HOUR),
      parks,
    });
  });

  it("hides a private event until its access code opens it, and the grant opens only that event", async () => {
    const hidden = await get(`/events/${vip.code}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe("event_not_found");
    expect(codes(await page("search=private%20gala"))).toEqual([]);

    // Typed as people type them: lower case, spaces, no dash.
    const opened = await open(` ${vip.code.toLowerCase().replace("-", " ")} `, " gala 2026 ");
    expect(opened.statusCode, opened.body).toBe(200);
    const { event_code, access_token } = opened.json<{ event_code: string; access_token: string }>();
    expect(event_code).toBe(vip.code);
    expect(opened.headers["cache-control"]).toBe("no-store");

    const shown = await get(`/events/${vip.code}`, { [EVENT_ACCESS_HEADER]: access_token });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ visibility: "private", name: "Private Gala" });
    expect(shown.headers["cache-control"]).toBe("no-store");
    expect((await get(`/events/${other.code}`, { [EVENT_ACCESS_HEADER]: access_token })).statusCode).toBe(
      404,
    );
  });

  it("checks an access code against the one event it is entered for, never another's", async () => {
    // The gala's code entered for the other event opens nothing: not the other, not the gala.
    const crossed = await open(other.code, "GALA-2026");
    expect(crossed.statusCode, crossed.body).toBe(404);
    expect(crossed.json()).toMatchObject({ code: "event_not_found", message: EVENT_ACCESS_WRONG_MESSAGE });
    expect((await open(vip.code, "OTHER-2026")).statusCode).toBe(404);
    expect((await open(other.code, "OTHER-2026")).json()).toMatchObject({ event_code: other.code });
  });

  it("lets two events share an access code: each opens only the event it is entered for", async () => {
    const parks = [{ parkId: 4, offers: [{ allocation: 1 }] }];
    const first = await createEvent(db, {
      accessCode: "TWIN-CODE-9",
      start: at(15 * DAY),
      end: at(15 * DAY + HOUR),
      parks,
    });
    const second = await createEvent(db, {
      accessCode: "twin code 9",
      start: at(15 * DAY),
      end: at(15 * DAY + HOUR),
      parks,
    });
    for (const ev of [first, second]) {
      const res = await open(ev.code, "TWIN-CODE-9");
      expect(res.statusCode, res.body).toBe(200);
      const { event_code, access_token } = res.json<{ event_code: string; access_token: string }>();
      expect(event_code).toBe(ev.code);
      const otherOne = ev === first ? second : first;
      expect(
        (await get(`/events/${otherOne.code}`, { [EVENT_ACCESS_HEADER]: access_token })).statusCode,
      ).toBe(404);
      expect((await get(`/events/${ev.code}`, { [EVENT_ACCESS_HEADER]: access_token })).statusCode).toBe(200);
    }
  });

  it("refuses a forged or expired grant", async () => {
    const good = signEventAccess(vip.code, SECRET, new Date());
    const [body, sig] = good.split(".") as [string, string];
    const forged = [
      `${body}.${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`,
      signEventAccess(vip.code, "another-secret", new Date()),
      signEventAccess(vip.code, SECRET, new Date(Date.now() - 25 * HOUR)),
      "not-a-grant",
    ];
    for (const grant of forged) {
      expect((await get(`/events/${vip.code}`, { [EVENT_ACCESS_HEADER]: grant })).statusCode, grant).toBe(
        404,
      );
    }
    expect((await get(`/events/${vip.code}`, { [EVENT_ACCESS_HEADER]: good })).statusCode).toBe(200);
  });

  it("answers a wrong code with the same 404 as an event that does not exist, a draft's code too", async () => {
    const draft = await createEvent(db, {
      status: "draft",
      accessCode: "DRAFT-CODE",
      start: at(DAY),
      end: at(DAY + HOUR),
    });
    for (const [event, code] of [
      [vip.code, "WRONG-CODE"],
      [draft.code, "DRAFT-CODE"],
      [vip.code, "---"],
      ["EV-ZZZZZ", "GALA-2026"],
      ["ev zzzzz", "WRONG-CODE"],
    ] as const) {
      const res = await open(event, code);
      expect(res.statusCode, `${event} ${code}`).toBe(404);
      expect(res.json()).toMatchObject({ code: "event_not_found", message: EVENT_ACCESS_WRONG_MESSAGE });
    }
    expect((await open(vip.code, "WRONG", "10.8.0.1")).json().code).toBe("event_not_found");
    const empty = await open(vip.code, "   ");
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe("Enter the access code");
    const noEvent = await open("  ", "GALA-2026");
    expect(noEvent.statusCode).toBe(422);
    expect(noEvent.json().message).toBe("Enter the event code");
    const notACode = await open("the gala", "GALA-2026");
    expect(notACode.statusCode).toBe(422);
    expect(notACode.json().message).toBe(EVENT_CODE_INVALID_MESSAGE);
    const fr = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/events/access",
      payload: { event_code: "the gala", access_code: "GALA-2026" },
      headers: { "accept-language": "fr" },
      remoteAddress: "10.8.0.2",
    });
    expect(fr.json().message).toBe("Saisissez un code d'événement comme EV-7K2Q9");
  });

  it(`refuses the ${EVENT_ACCESS_TRIES + 1}th wrong code from one address with a 429, and never counts a right one`, async () => {
    const address = "203.0.113.9";
    for (let i = 0; i < EVENT_ACCESS_TRIES; i += 1) {
      expect((await open(vip.code, `WRONG-${i}`, address)).statusCode).toBe(404);
    }
    const refused = await open(vip.code, "WRONG-LAST", address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("too_many_attempts");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Even the right code waits now; another address is not held back.
    expect((await open(vip.code, "GALA-2026", address)).statusCode).toBe(429);
    const elsewhere = "203.0.113.10";
    for (let i = 0; i < EVENT_ACCESS_TRIES + 2; i += 1) {
      expect((await open(vip.code, "GALA-2026", elsewhere)).statusCode).toBe(200);
    }
    expect((await open(vip.code, "WRONG", elsewhere)).statusCode).toBe(404);
  });

  it("counts wrong codes per address and event: they hold back neither another event nor another address", async () => {
    const parks = [{ parkId: 4, offers: [{ allocation: 1 }] }];
    const guessed = await createEvent(db, {
      accessCode: "GUESSED-01",
      start: at(16 * DAY),
      end: at(16 * DAY + HOUR),
      parks,
    });
    const neighbour = await createEvent(db, {
      accessCode: "NEIGHBOUR-01",
      start: at(16 * DAY),
      end: at(16 * DAY + HOUR),
      parks,
    });
    // One guesser behind a venue's Wi-Fi: its address is every guest's address.
    const venueWifi = "198.51.100.20";
    for (let i = 0; i < EVENT_ACCESS_TRIES; i += 1) {
      expect((await open(guessed.code, `WRONG-${i}`, venueWifi)).statusCode).toBe(404);
    }
    const limited = await open(guessed.code, "WRONG-LAST", venueWifi);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: "too_many_attempts",
      message: "Too many wrong access codes: wait a few minutes before trying again",
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another event's right code from the same address opens it, and so do its wrong codes answer 404.
    const next = await open(neighbour.code, "NEIGHBOUR-01", venueWifi);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ event_code: neighbour.code });
    expect((await open(neighbour.code, "WRONG", venueWifi)).statusCode).toBe(404);
    // The guessed event's right code from another address opens it.
    expect((await open(guessed.code, "GUESSED-01", "198.51.100.21")).statusCode).toBe(200);
    // From the guesser's address and event it waits: a 200 there would tell a sweep the code.
    expect((await open(guessed.code, "GUESSED-01", venueWifi)).statusCode).toBe(429);
  });

  it(`holds one event to ${EVENT_ACCESS_EVENT_CEILING} wrong codes across every address, the right one included`, async () => {
    const parks = [{ parkId: 4, offers: [{ allocation: 1 }] }];
    const target = await createEvent(db, {
      accessCode: "CEILING-01",
      start: at(17 * DAY),
      end: at(17 * DAY + HOUR),
      parks,
    });
    const spare = await createEvent(db, {
      accessCode: "SPARE-01",
      start: at(17 * DAY),
      end: at(17 * DAY + HOUR),
      parks,
    });
    // Many addresses, each staying under its own limit for the event.
    const addressesUsed = Math.ceil(EVENT_ACCESS_EVENT_CEILING / EVENT_ACCESS_TRIES);
    let sent = 0;
    for (let a = 0; a < addressesUsed; a += 1) {
      for (let i = 0; i < EVENT_ACCESS_TRIES && sent < EVENT_ACCESS_EVENT_CEILING; i += 1, sent += 1) {
        expect((await open(target.code, `WRONG-${a}-${i}`, `192.0.2.${a + 1}`)).statusCode).toBe(404);
      }
    }
    const fresh = "192.0.2.200";
    const refused = await open(target.code, "WRONG-FRESH", fresh, "fr");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: "too_many_attempts",
      message:
        "Trop de codes d'accès erronés ont été saisis pour cet événement\u00a0: patientez quelques minutes avant de réessayer",
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await open(target.code, "CEILING-01", "192.0.2.201")).statusCode).toBe(429);
    // Other events are not held back, from the same addresses either.
    expect((await open(spare.code, "SPARE-01", fresh)).statusCode).toBe(200);
    expect((await open(spare.code, "WRONG", "192.0.2.1")).statusCode).toBe(404);
  });
});
