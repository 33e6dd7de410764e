import { describe, expect, it } from "vitest";
import { engineBandOf, paperStatus } from "@parkwell/contract";
import { documentsRefusal, feeFor, priceRequest, requestReceiptBody } from "./vehicle-docs.domain";

describe("vehicle document pricing rules", () => {
  const rows = [
    { documentType: "vehicle_licence", vehicleUse: "private", engineBand: "upto_1600", feeMinor: 300_000 },
    { documentType: "vehicle_licence", vehicleUse: "private", engineBand: "any", feeMinor: 500_000 },
    { documentType: "vehicle_licence", vehicleUse: "any", engineBand: "any", feeMinor: 900_000 },
    { documentType: "roadworthiness", vehicleUse: "commercial", engineBand: "any", feeMinor: 850_000 },
  ];

  it("takes the most specific row, the use before the band, and none of another use", () => {
    expect(feeFor(rows, "vehicle_licence", "private", "upto_1600")).toBe(300_000);
    expect(feeFor(rows, "vehicle_licence", "private", "over_3000")).toBe(500_000);
    expect(feeFor(rows, "vehicle_licence", "commercial", "upto_1600")).toBe(900_000);
    expect(feeFor(rows, "roadworthiness", "private", "upto_1600")).toBeUndefined();
    expect(feeFor(rows, "hackney_permit", "commercial", null)).toBeUndefined();
  });

  it("bands engines at 1600, 2000 and 3000 cc inclusive", () => {
    expect([1600, 1601, 2000, 2001, 3000, 3001].map(engineBandOf)).toEqual([
      "upto_1600",
      "1601_2000",
      "1601_2000",
      "2001_3000",
      "2001_3000",
      "over_3000",
    ]);
  });

  it("taxes Parkwell's charges only, half up, and the receipt sums to the total", () => {
    const p = priceRequest(
      [
        { documentType: "vehicle_licence", feeMinor: 450_000 },
        { documentType: "third_party_insurance", feeMinor: 1_500_000 },
      ],
      250_001,
      100_000,
      750,
    );
    expect(p.taxMinor).toBe(Math.round(350_001 * 0.075));
    expect(p.totalMinor).toBe(450_000 + 1_500_000 + 250_001 + 100_000 + p.taxMinor);
    const body = requestReceiptBody(p, { name: "VAT", rateBps: 750 });
    const sum =
      body.lines.reduce((s, l) => s + l.amountMinor, 0) + body.taxes.reduce((s, t) => s + t.amountMinor, 0);
    expect(sum).toBe(p.totalMinor);
    expect(body.lines.map((l) => l.kind)).toEqual([
      "government_fee",
      "government_fee",
      "service_fee",
      "delivery",
    ]);
  });

  it("refuses a hackney permit on a private vehicle and licences mixed with papers", () => {
    expect(documentsRefusal("vehicle_papers", ["hackney_permit"], "private")).toMatch(/commercial/);
    expect(documentsRefusal("vehicle_papers", ["hackney_permit"], "commercial")).toBeNull();
    expect(documentsRefusal("vehicle_papers", ["drivers_licence_3y"], "private")).not.toBeNull();
    expect(
      documentsRefusal("drivers_licence", ["drivers_licence_3y", "drivers_licence_5y"], null),
    ).not.toBeNull();
    expect(documentsRefusal("drivers_licence", ["drivers_licence_5y"], null)).toBeNull();
  });

  it("a paper is valid, expiring in its last 30 days (its day included), then expired", () => {
    expect(paperStatus("2027-01-30", "2026-12-31")).toEqual({ status: "expiring", days_left: 30 });
    expect(paperStatus("2027-01-31", "2026-12-31")).toEqual({ status: "valid", days_left: 31 });
    expect(paperStatus("2026-12-31", "2026-12-31")).toEqual({ status: "expiring", days_left: 0 });
    expect(paperStatus("2026-12-30", "2026-12-31")).toEqual({ status: "expired", days_left: -1 });
  });
});
