import { describe, expect, it } from "vitest";
import { formatDistance, placeLine } from "./format";

describe("parks formatting", () => {
  it("formats distances", () => {
    expect(formatDistance(0.42, "en")).toBe("420\u00a0m");
    expect(formatDistance(3.14, "en")).toBe("3.1\u00a0km");
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
