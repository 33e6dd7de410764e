import { describe, expect, it } from "vitest";
import { MemoryLine, type LineAnswer } from "./event-line";

const settings = { window: 2, abandonMs: 10_000, leaseMs: 30_000, rateSpanMs: 10_000 };
const place = (a: LineAnswer) => (a.admitted ? "in" : a.place);

describe("the on-sale's line (one process's memory)", () => {
  it("admits up to the window, then gives places in arrival order, kept by asking again", async () => {
    const line = new MemoryLine(settings);
    const a = line.enter("EV-1", "a", 0);
    const b = line.enter("EV-1", "b", 1);
    expect([place(a), place(b)]).toEqual(["in", "in"]);
    expect(place(line.enter("EV-1", "c", 2))).toBe(1);
    expect(place(line.enter("EV-1", "d", 3))).toBe(2);
    // Another event has its own line.
    expect(place(line.enter("EV-2", "d", 3))).toBe("in");
    // Asking again keeps the place; a new arrival goes behind.
    expect(place(line.enter("EV-1", "d", 500))).toBe(2);
    expect(place(line.enter("EV-1", "e", 600))).toBe(3);
    // A slot is freed: the first in line is admitted, not a later one who asks first.
    if (a.admitted) await a.leave(1_000);
    expect(place(line.enter("EV-1", "d", 1_100))).toBe(2);
    expect(place(line.enter("EV-1", "c", 1_200))).toBe("in");
    expect(place(line.enter("EV-1", "d", 1_300))).toBe(1);
  });

  it("estimates the wait from the admissions that ended, and drops a waiter who stopped asking", async () => {
    const line = new MemoryLine(settings);
    const a = line.enter("EV-1", "a", 0);
    line.enter("EV-1", "b", 0);
    const c = line.enter("EV-1", "c", 0);
    expect(c).toMatchObject({ admitted: false, place: 1, waitSeconds: null, retryAfterSeconds: 0.25 });
    line.enter("EV-1", "d", 0);
    if (a.admitted) await a.leave(2_000);
    // One admission ended in the last 10 s: 0.1 a second, so place 1 waits 10 s. c has not asked
    // again since 0 and is gone once the line reaches it at 12,000: d is admitted.
    expect(line.enter("EV-1", "d", 5_000)).toMatchObject({ admitted: false, place: 2, waitSeconds: 20 });
    expect(place(line.enter("EV-1", "d", 12_000))).toBe("in");
    // c, back late, goes to the end of the line.
    expect(place(line.enter("EV-1", "c", 12_100))).toBe(1);
  });
});
