// @vitest-environment happy-dom
import type { Booking } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { PriceLines } from "./price-lines";

/** A Québec park's two hours: parking, the service fee, GST and QST on the fee (decision 047). */
const quebec: Booking["breakdown"] = {
  hours: 2,
  days: 0,
  parking: 12,
  service_fee: 0.99,
  booking_fee: 0,
  tax: 0.15,
  tax_name: "GST",
  taxes: [
    { name: "GST", rate_percent: 5, amount: 0.05 },
    { name: "QST", rate_percent: 9.975, amount: 0.1 },
  ],
  total: 13.14,
};

const lines = () =>
  [...document.querySelectorAll(".booking-lines dt")].map((dt) => [
    dt.textContent,
    dt.nextElementSibling?.textContent,
  ]);

function Lines({ breakdown }: { breakdown: Booking["breakdown"] }) {
  return (
    <>
      <h1>Price</h1>
      <PriceLines breakdown={breakdown} currency="CAD" />
    </>
  );
}

describe("a price's lines", () => {
  it("shows each tax by name and rate, then the total", async () => {
    await renderWithApp(<Lines breakdown={quebec} />, { api: new FakeApi() });
    await screen.findByTestId("booking-total");
    const shown = lines();
    expect(shown.map(([label]) => label)).toEqual([
      "Parking",
      "Service fee",
      "GST 5%",
      "QST 9.975%",
      "Total",
    ]);
    expect(shown[2]![1]).toContain("0.05");
    expect(shown[3]![1]).toContain("0.10");
  });

  it("names them in French (TPS, TVQ, the rate written the French way)", async () => {
    await renderWithApp(<Lines breakdown={quebec} />, { api: new FakeApi(), language: "fr" });
    await screen.findByTestId("booking-total");
    const labels = lines().map(([label]) => label);
    // A no-break space before the sign, as French writes it (never a plain or a narrow one).
    expect(labels).toContain("TPS 5\u00a0%");
    expect(labels).toContain("TVQ 9,975\u00a0%");
  });

  it("keeps the one tax line of a price stored before taxes had names (its rate unknown)", async () => {
    // As the API presents such a price (parks.present presentTaxes): one tax, rate null.
    const old = { ...quebec, tax: 0.05, taxes: [{ name: "GST", rate_percent: null, amount: 0.05 }] };
    await renderWithApp(<Lines breakdown={old} />, { api: new FakeApi() });
    await screen.findByTestId("booking-total");
    expect(lines()).toContainEqual(["GST on service fees", "CA$0.05"]);
  });

  it("shows no tax line for a price without tax", async () => {
    const untaxed = { ...quebec, tax: 0, taxes: [], total: 12.99 };
    await renderWithApp(<Lines breakdown={untaxed} />, { api: new FakeApi() });
    await screen.findByTestId("booking-total");
    expect(lines().map(([label]) => label)).toEqual(["Parking", "Service fee", "Total"]);
  });
});
