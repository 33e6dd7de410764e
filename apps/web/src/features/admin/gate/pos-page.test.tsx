// @vitest-environment happy-dom
import type { AdminMe, ParkChoice } from "@parkwell/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
import { PosPage } from "./pos-page";

const park: ParkChoice = {
  id: 31,
  name: "Place de l'Indépendance",
  city: "Dakar",
  time_zone: "Africa/Dakar",
  currency: "XOF",
  country_code: "SN",
  vehicle_types: [
    { id: 1, name: "Car" },
    { id: 2, name: "SUV" },
    { id: 3, name: "Motorcycle" },
  ],
} as ParkChoice;

const me: AdminMe = {
  user: { id: "u1", email: "awa@parkwell.test", first_name: "Awa", last_name: "Diop" },
  role: "employee",
  permissions: ["pos.view", "pos.create", "pos.update"],
  operator: { id: 1, name: "Dakar Parkings SARL" },
  parks: [31],
};

describe("the drive-up sale form", () => {
  it("names the vehicle types in French, not as the data spells them", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: me })
      .on("GET /admin/parks/choices", { json: { items: [park], complete: true } })
      .on("GET /admin/pos-sales", { json: { items: [], total: 0, page: 1, size: 10, pages: 1 } });
    await renderWithApp(<PosPage />, { api, route: "/admin/pos?park=31", language: "fr" });
    const type = await screen.findByLabelText(/^Type de véhicule/);
    expect(
      within(type)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Voiture", "SUV", "Moto"]);
  });
});

describe("a car already parked as a drive-up", () => {
  it("is refused at the plate, in French, the drive-up's code kept on one line", async () => {
    const message = "Ce véhicule est déjà garé ici (vente sans réservation DU-C2GNQ6JM)";
    const api = new FakeApi()
      .on("GET /admin/me", { json: me })
      .on("GET /admin/parks/choices", { json: { items: [park], complete: true } })
      .on("GET /admin/pos-sales", { json: { items: [], total: 0, page: 1, size: 10, pages: 1 } })
      .on("POST /admin/pos-sales", {
        status: 409,
        json: { code: "already_parked", message, fields: { plate_number: message } },
      });
    const user = userEvent.setup();
    await renderWithApp(<PosPage />, { api, route: "/admin/pos?park=31", language: "fr" });
    await user.type(await screen.findByLabelText(/^Plaque d'immatriculation/), "LAG177SH");
    await user.click(screen.getByRole("button", { name: "Enregistrer le véhicule" }));
    const code = await screen.findByText("DU-C2GNQ6JM");
    expect(code.className).toBe("nowrap-code");
    expect(code.parentElement!.textContent).toBe(message);
    expect(screen.getByLabelText(/^Plaque d'immatriculation/).getAttribute("aria-invalid")).toBe("true");
  });
});
