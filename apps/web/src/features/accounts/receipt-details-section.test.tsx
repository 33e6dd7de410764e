// @vitest-environment happy-dom
import { ProfileSchema, type Profile } from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { ReceiptDetailsSection } from "./receipt-details-section";

const profile: Profile = ProfileSchema.parse({
  id: "u1",
  email: "ada@example.com",
  first_name: "Ada",
  last_name: "Obi",
  phone: null,
  country_id: 1,
  country: { id: 1, code: "NG", name: "Nigeria" },
  photo_url: null,
  email_verified: true,
  language: "en",
  booking_reminders: true,
  company_name: "Obi & Sons Ltd",
  company_address: null,
  company_tax_id: null,
  role: "customer",
  auth_provider: "password",
  created_at: "2026-11-01T10:00:00.000Z",
});

describe("the profile's receipt details", () => {
  it("saves the company's name, address and tax ID with PATCH; an emptied field is cleared", async () => {
    const api = new FakeApi().on("PATCH /users/profile", (call) => ({
      json: { ...profile, ...(call.body as object) },
    }));
    await renderWithApp(<ReceiptDetailsSection profile={profile} />, { api });
    await userEvent.clear(screen.getByLabelText("Company name (optional)"));
    await userEvent.type(screen.getByLabelText("Company address (optional)"), "12 Marina{Enter}Lagos");
    await userEvent.type(screen.getByLabelText("Tax ID (optional)"), "  TIN 1234 ");
    await userEvent.click(screen.getByRole("button", { name: "Save receipt details" }));
    await screen.findByText("Your receipt details have been saved. New receipts will show them.");
    expect(api.callsTo("PATCH /users/profile")[0]!.body).toEqual({
      company_name: null,
      company_address: "12 Marina\nLagos",
      company_tax_id: "TIN 1234",
    });
  });

  it("in French, shows the API's refusal at its field", async () => {
    const api = new FakeApi().on("PATCH /users/profile", {
      status: 422,
      json: {
        code: "validation_error",
        message: "Requête invalide",
        fields: { company_tax_id: "Ce numéro n'est pas accepté" },
      },
    });
    await renderWithApp(<ReceiptDetailsSection profile={profile} />, { api, language: "fr" });
    await userEvent.type(screen.getByLabelText("Numéro d'identification fiscale (facultatif)"), "X");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les coordonnées" }));
    const field = screen.getByLabelText("Numéro d'identification fiscale (facultatif)");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Ce numéro n'est pas accepté")).toBeTruthy();
  });
});
