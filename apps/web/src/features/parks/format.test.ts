import { describe, expect, it } from "vitest";
import { formatDistance, isoToLocalInput, localInputToIso, placeLine } from "./format";

describe("parks formatting", () => {
  it("formats distances and local date inputs", () => {
    expect(formatDistance(0.42, "en")).toBe("420\u00a0m");
    expect(formatDistance(3.14, "en")).toBe("3.1\u00a0km");
    const iso = localInputToIso("2026-06-01T08:30");
    expect(isoToLocalInput(iso)).toBe("2026-06-01T08:30");
    expect(localInputToIso("")).toBeUndefined();
  });

  it("names a park's place once: no city or state twice", () => {
    expect(placeLine("162 Allen Avenue, Ikeja", "Lagos", "Lagos")).toBe("162 Allen Avenue, Ikeja, Lagos");
    expect(placeLine("Place de l'Indépendance, Dakar", "Dakar", "Dakar")).toBe(
      "Place de l'Indépendance, Dakar",
    );
    expect(placeLine("Airport Road, Mississauga", "Toronto", "Ontario")).toBe(
      "Airport Road, Mississauga, Toronto, Ontario",
    );
    expect(placeLine("1 Main St", "Houston", null)).toBe("1 Main St, Houston");
  });
});
