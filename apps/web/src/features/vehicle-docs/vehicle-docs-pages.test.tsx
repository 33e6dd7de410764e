// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { storeSelectedCountry } from "../../lib/country";
import { setToken } from "../../lib/session";
import { renderWithApp } from "../../test/render";
import { VehicleDocsRenewalPage } from "./renewal-page";
import { NIGERIA, NoAddressPicker, renewalApi, vehicle } from "./vehicle-docs.test-kit";

describe("the driver's own licence", () => {
  it("shows its status, saves a typed date, shows the new status, and removes it, in French", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    let licence: object | null = {
      document_type: "drivers_licence_3y",
      expires_on: "2026-12-10",
      source: "request",
      status: "expiring",
      days_left: 13,
    };
    const api = renewalApi()
      .on("GET /vehicle-docs/licence-expiry", () => ({ json: { licence } }))
      .on("PUT /vehicle-docs/licence-expiry", (call) => {
        const { expires_on } = call.body as { expires_on: string | null };
        licence = expires_on
          ? {
              document_type: "drivers_licence_3y",
              expires_on,
              source: "driver",
              status: "valid",
              days_left: 1200,
            }
          : null;
        return { json: { licence } };
      });
    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route: "/vehicle-docs-renewal?type=drivers_licence&licence=3y",
      language: "fr",
    });
    const box = (await screen.findByRole("heading", { name: "Votre permis de conduire" })).closest(
      "section",
    )!;
    expect(await within(box).findByText(/Expire dans 13 jours/)).toBeTruthy();

    await userEvent.click(within(box).getByText("Renouvelé ailleurs ? Saisissez sa date d'expiration"));
    const date = within(box).getByLabelText("Date d'expiration de votre permis");
    expect((date as HTMLInputElement).value).toBe("2026-12-10");
    await userEvent.clear(date);
    await userEvent.click(within(box).getByRole("button", { name: "Enregistrer la date" }));
    expect(within(box).getByText("Saisissez la date d'expiration.")).toBeTruthy();
    expect(api.callsTo("PUT /vehicle-docs/licence-expiry")).toHaveLength(0);

    await userEvent.type(date, "2030-03-01");
    await userEvent.click(within(box).getByRole("button", { name: "Enregistrer la date" }));
    await waitFor(() => expect(api.callsTo("PUT /vehicle-docs/licence-expiry")).toHaveLength(1));
    expect(api.callsTo("PUT /vehicle-docs/licence-expiry")[0]!.body).toEqual({ expires_on: "2030-03-01" });
    expect(await within(box).findByText("Date enregistrée.")).toBeTruthy();
    expect(within(box).getByText(/Valide jusqu/)).toBeTruthy();

    await userEvent.click(within(box).getByRole("button", { name: "Supprimer la date" }));
    await waitFor(() => expect(api.callsTo("PUT /vehicle-docs/licence-expiry")).toHaveLength(2));
    expect(api.callsTo("PUT /vehicle-docs/licence-expiry")[1]!.body).toEqual({ expires_on: null });
    expect(
      await within(box).findByText("Aucune date d'expiration n'est encore enregistrée pour votre permis."),
    ).toBeTruthy();
  });
});

describe("papers renewed elsewhere", () => {
  it("saves the typed expiry dates and shows the statuses the API then gives", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    let current = vehicle;
    const api = renewalApi()
      .on("GET /vehicle-docs/vehicles", () => ({ json: [current] }))
      .on("PUT /vehicle-docs/vehicles/5/expiries", () => {
        current = {
          ...vehicle,
          expiries: [
            { ...vehicle.expiries[0]!, expires_on: "2027-11-30", status: "valid", days_left: 368 },
            {
              document_type: "roadworthiness",
              expires_on: "2026-11-20",
              source: "driver",
              status: "expired",
              days_left: -7,
            },
          ],
        };
        return { json: current };
      });
    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route: "/vehicle-docs-renewal",
    });
    await userEvent.click(await screen.findByText("Papers renewed elsewhere"));
    const form = screen.getByRole("form", { name: "Papers renewed elsewhere · LND-123-AB" });
    const licence = within(form).getByLabelText("Vehicle licence") as HTMLInputElement;
    expect(licence.value).toBe("2026-12-05");
    // No hackney permit for a private vehicle.
    expect(within(form).queryByLabelText("Hackney permit")).toBeNull();
    await userEvent.clear(licence);
    await userEvent.type(licence, "2027-11-30");
    await userEvent.type(within(form).getByLabelText("Roadworthiness certificate"), "2026-11-20");
    await userEvent.click(within(form).getByRole("button", { name: "Save the dates" }));
    await waitFor(() => expect(api.callsTo("PUT /vehicle-docs/vehicles/5/expiries")).toHaveLength(1));
    expect(api.callsTo("PUT /vehicle-docs/vehicles/5/expiries")[0]!.body).toEqual({
      expiries: [
        { document_type: "vehicle_licence", expires_on: "2027-11-30" },
        { document_type: "roadworthiness", expires_on: "2026-11-20" },
      ],
    });
    expect(await screen.findByText(/Valid until/)).toBeTruthy();
    expect(screen.getByText(/Expired on/)).toBeTruthy();
    expect(within(form).getByText("Dates saved.")).toBeTruthy();
  });

  it("asks for at least one date before sending", async () => {
    setToken("t-1");
    storeSelectedCountry(NIGERIA, false);
    const api = renewalApi().on("GET /vehicle-docs/vehicles", { json: [{ ...vehicle, expiries: [] }] });
    await renderWithApp(<VehicleDocsRenewalPage addressPicker={NoAddressPicker} />, {
      api,
      route: "/vehicle-docs-renewal",
    });
    await userEvent.click(await screen.findByText("Papers renewed elsewhere"));
    await userEvent.click(screen.getByRole("button", { name: "Save the dates" }));
    expect(screen.getByText("Type at least one expiry date.")).toBeTruthy();
    expect(api.callsTo("PUT /vehicle-docs/vehicles/5/expiries")).toHaveLength(0);
  });
});
