import { describe, expect, it } from "vitest";
import { nextQuarterHour } from "./time";

describe("booking time helpers", () => {
  it("rounds the QR landing's start up to the next quarter hour", () => {
    expect(nextQuarterHour(new Date("2026-03-01T10:07:30.000Z")).toISOString()).toBe(
      "2026-03-01T10:15:00.000Z",
    );
    expect(nextQuarterHour(new Date("2026-03-01T10:15:00.000Z")).toISOString()).toBe(
      "2026-03-01T10:15:00.000Z",
    );
  });
});
