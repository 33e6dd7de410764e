import { describe, expect, it } from "vitest";
import { likeEscape, likePattern } from "./like";

describe("LIKE patterns", () => {
  it("takes LIKE's own characters literally", () => {
    expect(likeEscape(String.raw`50% off_now\x`)).toBe(String.raw`50\% off\_now\\x`);
    expect(likeEscape("plain")).toBe("plain");
  });
  it("wraps the escaped text for contains", () => {
    expect(likePattern("a_b")).toBe(String.raw`%a\_b%`);
  });
});
