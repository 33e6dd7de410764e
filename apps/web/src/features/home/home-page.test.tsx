// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { HomePage } from "./home-page";

const figures = {
  parks: 1234,
  cities: 19,
  countries: 4,
  monthly_active_users: 12500,
  monthly_bookings: 48210,
  satisfaction_percent: 96,
};

const statsOf = async () => {
  const section = (await screen.findByRole("heading", { name: /Parkwell (in numbers|en chiffres)/ })).closest(
    "section",
  )!;
  const terms = within(section)
    .getAllByRole("term")
    .map((dt) => dt.textContent);
  const values = within(section)
    .getAllByRole("definition")
    .map((dd) => dd.textContent);
  return terms.map((term, i) => [term, values[i]]);
};

describe("the home page's figures", () => {
  it("states the active drivers, the bookings and the satisfaction rate the API counted, in English", async () => {
    await renderWithApp(<HomePage />, {
      api: new FakeApi().on("GET /parks/front/figures", { json: figures }),
    });
    expect(await statsOf()).toEqual([
      ["car parks you can book", "1,234"],
      ["cities", "19"],
      ["countries", "4"],
      ["active drivers in the last 30 days", "12,500"],
      ["bookings in the last 30 days", "48,210"],
      ["satisfaction rate (reviews of 4 stars or more, last 12 months)", "96%"],
    ]);
  });

  it("writes the numbers the French way (a no-break space before %: which one depends on the ICU data)", async () => {
    await renderWithApp(<HomePage />, {
      api: new FakeApi().on("GET /parks/front/figures", { json: figures }),
      language: "fr",
    });
    expect(await statsOf()).toEqual([
      ["parkings réservables", "1\u202f234"],
      ["villes", "19"],
      ["pays", "4"],
      ["conducteurs actifs ces 30 derniers jours", "12\u202f500"],
      ["réservations ces 30 derniers jours", "48\u202f210"],
      [
        "taux de satisfaction (avis de 4 étoiles ou plus, 12 derniers mois)",
        expect.stringMatching(/^96[\u00a0\u202f]%$/),
      ],
    ]);
  });

  it("leaves out a figure the API has too little data for, never a zero", async () => {
    const sparse = {
      ...figures,
      monthly_active_users: null,
      monthly_bookings: 1,
      satisfaction_percent: null,
    };
    await renderWithApp(<HomePage />, {
      api: new FakeApi().on("GET /parks/front/figures", { json: sparse }),
    });
    expect(await statsOf()).toEqual([
      ["car parks you can book", "1,234"],
      ["cities", "19"],
      ["countries", "4"],
      ["booking in the last 30 days", "1"],
    ]);
    expect(screen.queryByText(/satisfaction/)).toBeNull();
    expect(screen.queryByText(/active drivers/)).toBeNull();
  });
});
