import { describe, expect, it } from "vitest";
import { engineBandOf, paperStatus } from "@parkwell/contract";
import { documentsRefusal, feeFor, premiumOf, priceRequest, requestReceiptBody } from "./vehicle-docs.domain";

describe("comprehensive insurance", () => {
  it("charges the insurer's rate on the value, never below its minimum premium", () => {
    // ₦800,000 at 5 % is ₦40,000, under a ₦50,000 minimum; ₦2,000,000 is ₦100,000.
    expect(premiumOf(80_000_000, 500, 5_000_000)).toBe(5_000_000);
    expect(premiumOf(200_000_000, 500, 5_000_000)).toBe(10_000_000);
    expect(premiumOf(100_000_000, 500, 5_000_000)).toBe(5_000_000);
    // Half up on the kobo: 3.5 % of 1,000,001 kobo is 35,000.035.
    expect(premiumOf(1_000_001, 350, 0)).toBe(35_000);
  });

  it("is either third-party or comprehensive, not both", () => {
    expect(documentsRefusal("vehicle_papers", ["comprehensive_insurance"], "private")).toBeNull();
    expect(
      documentsRefusal("vehicle_papers", ["third_party_insurance", "comprehensive_insurance"], "private"),
    ).toMatch(/not both/);
  });

  it("puts the premium on its own untaxed line naming the insurer", () => {
    const p = priceRequest(
      [
        { documentType: "vehicle_licence", feeMinor: 450_000 },
        { documentType: "comprehensive_insurance", feeMinor: 5_000_000 },
      ],
      250_000,
      0,
      750,
      "Leadway Assurance",
    );
    expect(p.taxMinor).toBe(18_750);
    expect(requestReceiptBody(p, { name: "VAT", rateBps: 750 }).lines).toEqual([
      { kind: "government_fee", amountMinor: 450_000, detail: "Vehicle licence" },
      {
        kind: "insurance_premium",
        amountMinor: 5_000_000,
        detail: "Comprehensive motor insurance",
        subject: "Leadway Assurance",
      },
      { kind: "service_fee", amountMinor: 250_000 },
    ]);
  });
});

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
    // The licence is a government fee; the third-party insurance is a premium, not one.
    expect(body.lines.map((l) => l.kind)).toEqual([
      "government_fee",
      "insurance_premium",
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
