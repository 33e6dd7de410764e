import { describe, expect, it } from "vitest";
import { makeReference } from "./inquiries.domain";

describe("makeReference", () => {
  it("maps bytes onto the readable codes' alphabet, without look-alike letters", () => {
    expect(makeReference("HLP", Buffer.from([0, 1, 30, 31, 255, 10, 18, 27]))).toBe("HLP-23Z29CMW");
  });

  it("is random by default", () => {
    const refs = new Set(Array.from({ length: 200 }, () => makeReference("DEM")));
    expect(refs.size).toBe(200);
    for (const r of refs) expect(r).toMatch(/^DEM-[2-9A-HJKMNP-Z]{8}$/);
  });
});
