import { describe, expect, it } from "vitest";
import { assertIanaTimeZone, IANA_ZONE_SHAPE, isIanaTimeZone } from "./time-zone";

describe("isIanaTimeZone", () => {
  it("accepts real Area/Location zones and UTC", () => {
    for (const z of [
      "America/Vancouver",
      "America/Edmonton",
      "Africa/Lagos",
      "America/Argentina/Buenos_Aires",
      "America/Port-au-Prince",
      "Etc/GMT+5",
      "UTC",
    ]) {
      expect(isIanaTimeZone(z), z).toBe(true);
    }
  });

  it("refuses abbreviations, offsets, made-up places, other case and stray spaces", () => {
    for (const z of [
      "",
      "EST",
      "PST",
      "+01:00",
      "GMT+1",
      "Foo/Bar",
      "america/vancouver",
      "America/Toronto ",
      "Toronto",
    ]) {
      expect(isIanaTimeZone(z), z).toBe(false);
    }
    expect(() => assertIanaTimeZone("Canada/Nowhere", "park 7")).toThrow(
      'park 7: "Canada/Nowhere" is not an IANA time zone',
    );
  });

  it("every zone Intl knows has the shape the database CHECK constraint allows", () => {
    const shape = new RegExp(IANA_ZONE_SHAPE);
    const odd = Intl.supportedValuesOf("timeZone").filter((z) => !shape.test(z));
    expect(odd).toEqual([]);
  });
});
