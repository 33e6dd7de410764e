import { describe, expect, it } from "vitest";
import { formatDistance, isoToLocalInput, localInputToIso } from "./format";

describe("parks formatting", () => {
  it("formats distances and local date inputs", () => {
    expect(formatDistance(0.42, "en")).toBe("420\u00a0m");
    expect(formatDistance(3.14, "en")).toBe("3.1\u00a0km");
    const iso = localInputToIso("2026-06-01T08:30");
    expect(isoToLocalInput(iso)).toBe("2026-06-01T08:30");
    expect(localInputToIso("")).toBeUndefined();
  });
});
