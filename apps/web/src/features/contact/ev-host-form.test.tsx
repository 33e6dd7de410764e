// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CHARGER_CONNECTORS } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { EvHostForm } from "./ev-host-form";

// The page around it (/rent-out-ev-charger's information) is app/truthful-pages.test.tsx's.
const page = () => <EvHostForm />;

const receipt = { id: "b4c1", reference: "EVH-7K2M9QXA", received_at: "2026-11-29T09:00:00.000Z" };

describe("the charger host's form on /rent-out-ev-charger", () => {
  it("checks every field before sending, asks for connectors and power only with chargers, and sends the site (en)", async () => {
    const api = new FakeApi().on("POST /ev-host-requests", { status: 201, json: receipt });
    await renderWithApp(page(), { api });
    const user = userEvent.setup();
    expect(screen.queryByRole("group", { name: /Connectors/ })).toBeNull();
    expect(screen.queryByLabelText(/Charging power/)).toBeNull();

    await user.click(screen.getByRole("button", { name: "Send my site's details" }));
    for (const label of [/^Full name/, /^E-mail address/, /^City/, /^Site address/, /^Parking spaces/])
      expect(screen.getByLabelText(label).getAttribute("aria-invalid"), String(label)).toBe("true");
    expect(screen.getAllByText("This field is required!")).toHaveLength(5);

    await user.type(screen.getByLabelText(/^Full name/), "Awa Ndiaye");
    await user.type(screen.getByLabelText(/^E-mail address/), "awa@hotel-teranga.sn");
    await user.selectOptions(screen.getByLabelText(/^Country of the site/), "SN");
    await user.type(screen.getByLabelText(/^City/), "Dakar");
    await user.type(screen.getByLabelText(/^Site address/), "12 Avenue Senghor");
    await user.selectOptions(screen.getByLabelText(/^Kind of site/), "hotel");
    await user.type(screen.getByLabelText(/^Parking spaces/), "6");
    await user.click(screen.getByRole("radio", { name: "Yes" }));
    const connectors = screen.getByRole("group", { name: /Connectors of the chargers/ });
    expect(
      within(connectors)
        .getAllByRole("checkbox")
        .map((c) => c.parentElement?.textContent),
    ).toEqual(["Type 2", "CCS2", "CHAdeMO", "GB/T", "CCS1", "J1772", "NACS"]);
    // The parks' one list (decision 045), in its order: a host's site is described as a park's chargers.
    expect(
      within(connectors)
        .getAllByRole("checkbox")
        .map((c) => (c as HTMLInputElement).value),
    ).toEqual([...CHARGER_CONNECTORS]);

    await user.click(screen.getByRole("button", { name: "Send my site's details" }));
    expect(await screen.findByText("Choose at least one connector")).toBeTruthy();
    expect(screen.getByText("Enter the chargers' power in kW")).toBeTruthy();
    expect(api.callsTo("POST /ev-host-requests")).toHaveLength(0);

    await user.click(within(connectors).getByRole("checkbox", { name: "Type 2" }));
    await user.click(within(connectors).getByRole("checkbox", { name: "CCS2" }));
    await user.type(screen.getByLabelText(/^Charging power/), "22.55");
    await user.click(screen.getByRole("button", { name: "Send my site's details" }));
    expect(await screen.findByText("Enter a number with at most one decimal, such as 7.4")).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Charging power/));
    await user.type(screen.getByLabelText(/^Charging power/), "22");
    await user.click(screen.getByRole("button", { name: "Send my site's details" }));

    const status = await screen.findByRole("status");
    expect(status.textContent).toContain("Site details sent");
    expect(status.textContent).toContain("Your reference is EVH-7K2M9QXA");
    const [call] = api.callsTo("POST /ev-host-requests");
    expect(call?.body).toEqual({
      name: "Awa Ndiaye",
      email: "awa@hotel-teranga.sn",
      country_code: "SN",
      city: "Dakar",
      address: "12 Avenue Senghor",
      site_kind: "hotel",
      spaces: 6,
      has_chargers: true,
      connectors: ["type2", "ccs2"],
      power_kw: 22,
      language: "en",
    });
  });

  it("sends no connectors or power for a site without chargers, even after they were ticked", async () => {
    const api = new FakeApi().on("POST /ev-host-requests", { status: 201, json: receipt });
    await renderWithApp(page(), { api });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Full name/), "Awa Ndiaye");
    await user.type(screen.getByLabelText(/^E-mail address/), "awa@example.com");
    await user.type(screen.getByLabelText(/^City/), "Lagos");
    await user.type(screen.getByLabelText(/^Site address/), "3 Allen Avenue");
    await user.type(screen.getByLabelText(/^Parking spaces/), "2");
    await user.click(screen.getByRole("radio", { name: "Yes" }));
    await user.click(screen.getByRole("checkbox", { name: "CHAdeMO" }));
    await user.click(screen.getByRole("radio", { name: "No, not yet" }));
    await user.click(screen.getByRole("button", { name: "Send my site's details" }));
    await screen.findByRole("status");
    const body = api.callsTo("POST /ev-host-requests")[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ has_chargers: false, site_kind: "car_park", spaces: 2 });
    expect("connectors" in body || "power_kw" in body).toBe(false);
  });

  it("is in French, reads a decimal comma, and shows the server's refusal at its field (fr)", async () => {
    let refused = false;
    const api = new FakeApi().on("POST /ev-host-requests", () => {
      if (refused) return { status: 201, json: receipt };
      refused = true;
      return {
        status: 422,
        json: {
          code: "validation_error",
          message: "Validation failed",
          fields: { country_code: "country_code must be one of NG, CA, SN, US" },
        },
      };
    });
    await renderWithApp(page(), { api, language: "fr" });
    const user = userEvent.setup();
    expect(screen.getByRole("form", { name: "Parlez-nous de votre site" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Envoyer les informations du site" }));
    expect(screen.getAllByText("Ce champ est obligatoire !").length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText(/^Nom complet/), "Awa Ndiaye");
    await user.type(screen.getByLabelText(/^Adresse e-mail/), "awa@hotel-teranga.sn");
    await user.type(screen.getByLabelText(/^Ville/), "Dakar");
    await user.type(screen.getByLabelText(/^Adresse du site/), "12 avenue Senghor");
    await user.selectOptions(screen.getByLabelText(/^Type de site/), "home");
    expect(screen.getByRole("option", { name: "Maison ou allée privée" })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Places de stationnement/), "1");
    await user.click(screen.getByRole("radio", { name: "Oui" }));
    await user.click(screen.getByRole("checkbox", { name: "Type 2" }));
    await user.click(screen.getByRole("button", { name: "Envoyer les informations du site" }));
    expect(await screen.findByText("Indiquez la puissance des bornes en kW")).toBeTruthy();
    expect(screen.queryByText("Choisissez au moins un connecteur")).toBeNull();
    await user.type(screen.getByLabelText(/^Puissance de charge/), "7,4");
    await user.click(screen.getByRole("button", { name: "Envoyer les informations du site" }));

    expect(await screen.findByText("country_code must be one of NG, CA, SN, US")).toBeTruthy();
    expect(screen.getByLabelText(/^Pays du site/).getAttribute("aria-invalid")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Envoyer les informations du site" }));
    const status = await screen.findByRole("status");
    expect(status.textContent).toContain("Informations du site envoyées");
    expect(status.textContent).toContain("Votre référence est EVH-7K2M9QXA");
    expect(api.callsTo("POST /ev-host-requests")[1]?.body).toMatchObject({
      site_kind: "home",
      connectors: ["type2"],
      power_kw: 7.4,
      language: "fr",
    });
  });
});
