import { describe, expect, it } from "vitest";
import { windowFromNow } from "./time";

describe("booking time helpers", () => {
  it("rounds the QR landing's start up to the next quarter hour and books two hours", () => {
    const w = windowFromNow(new Date("2026-03-01T10:07:30.000Z"));
    expect(w).toEqual({ start: "2026-03-01T10:15:00.000Z", end: "2026-03-01T12:15:00.000Z" });
    expect(windowFromNow(new Date("2026-03-01T10:15:00.000Z")).start).toBe("2026-03-01T10:15:00.000Z");
  });
});
