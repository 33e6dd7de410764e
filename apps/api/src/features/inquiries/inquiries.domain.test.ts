import { describe, expect, it } from "vitest";
import { makeReference } from "./inquiries.domain";

describe("makeReference", () => {
  it("maps bytes onto the 32-letter alphabet without look-alike letters", () => {
    expect(makeReference("HLP", Buffer.from([0, 1, 31, 32, 255, 10, 18, 27]))).toBe("HLP-01Z0ZAJV");
  });

  it("is random by default", () => {
    const refs = new Set(Array.from({ length: 200 }, () => makeReference("DEM")));
    expect(refs.size).toBe(200);
    for (const r of refs) expect(r).toMatch(/^DEM-[0-9A-HJKMNP-TV-Z]{8}$/);
  });
});
