import { describe, expect, it } from "vitest";
import { csvFilename, filenameFromDisposition } from "./csv";

describe("CSV download names", () => {
  it("reads the server's file name", () => {
    expect(filenameFromDisposition('attachment; filename="bookings.csv"')).toBe("bookings.csv");
    expect(filenameFromDisposition("attachment; filename=bookings.csv")).toBe("bookings.csv");
    expect(filenameFromDisposition("attachment; filename*=UTF-8''r%C3%A9servations.csv")).toBe(
      "réservations.csv",
    );
    expect(
      filenameFromDisposition("attachment; filename=\"plain.csv\"; filename*=UTF-8''fancy%20name.csv"),
    ).toBe("fancy name.csv");
    expect(filenameFromDisposition("attachment")).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it("dates its own names", () => {
    expect(csvFilename("bookings", new Date("2026-11-25T10:00:00Z"))).toBe("bookings-2026-11-25.csv");
  });
});
