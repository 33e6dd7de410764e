// @vitest-environment happy-dom
import { INQUIRY_KINDS, InquirySchema, type Inquiry } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminMe } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { InquiriesPage } from "./inquiries-page";

const ID = "0b7c43f2-9d1e-4a55-8f0e-3c2b1a7d9e10";

const site: Inquiry = InquirySchema.parse({
  id: ID,
  kind: "ev_host",
  reference: "EVH-7K2M9QXA",
  name: "Chidi Okafor",
  email: "chidi@example.com",
  phone: "+234 803 000 1111",
  status: "new",
  created_at: "2026-11-29T09:00:00.000Z",
  answered_at: null,
  answered_by: null,
  topic: null,
  company: null,
  country_code: "NG",
  interest: null,
  spaces: 12,
  city: "Lagos",
  address: "5 Admiralty Way, Lekki",
  site_kind: "mall",
  has_chargers: true,
  connectors: ["ccs2", "type2"],
  power_kw: 7.4,
  message: "Two chargers in the basement.",
  language: "en",
});

const api = () =>
  new FakeApi()
    .on("GET /admin/me", { json: adminMe(["inquiries.view", "inquiries.update"]) })
    .on("GET /admin/inquiries", { json: { items: [site], total: 1, page: 1, size: 10, pages: 1 } })
    .on(`GET /admin/inquiries/ev_host/${ID}`, { json: site });

describe("the back office's inquiries", () => {
  it("filters by every kind, the charger hosts' sites among them, and lists a site by its kind and city", async () => {
    const fake = api();
    await renderWithApp(<InquiriesPage />, { api: fake, route: "/" });
    const kind = await screen.findByLabelText("Form");
    expect([...(kind as HTMLSelectElement).options].map((o) => [o.value, o.text])).toEqual([
      ["", "Any"],
      ["contact", "Contact Us"],
      ["demo", "Demo request"],
      ["ev_host", "EV charger site"],
    ]);
    expect(INQUIRY_KINDS).toHaveLength(3);
    await userEvent.selectOptions(kind, "ev_host");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() =>
      expect(fake.callsTo("GET /admin/inquiries").at(-1)?.query.get("kind")).toBe("ev_host"),
    );
    const row = (await screen.findByRole("link", { name: "Chidi Okafor" })).closest("tr")!;
    expect(within(row).getByText(/EV charger site/).textContent).toContain("Shopping mall · Lagos");
  });

  it.each([
    [
      "en",
      [
        ["City", "Lagos"],
        ["Site address", "5 Admiralty Way, Lekki"],
        ["Kind of site", "Shopping mall"],
        ["Spaces for chargers", "12"],
        ["Chargers already there", "Yes"],
        ["Connectors", "CCS2, Type 2"],
        ["Power", "7.4 kW"],
      ],
    ],
    [
      "fr",
      [
        ["Ville", "Lagos"],
        ["Adresse du site", "5 Admiralty Way, Lekki"],
        ["Type de site", "Centre commercial"],
        ["Places pour les bornes", "12"],
        ["Bornes déjà installées", "Oui"],
        ["Connecteurs", "CCS2, Type 2"],
        ["Puissance", "7,4\u00a0kW"],
      ],
    ],
  ] as const)("shows a site's details (%s)", async (language, facts) => {
    await renderWithApp(<InquiriesPage />, { api: api(), route: `/ev_host/${ID}`, language });
    await screen.findByRole("heading", { name: /Chidi Okafor/ });
    const shown = [...document.querySelectorAll(".pp-details dt")].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    for (const fact of facts) expect(shown).toContainEqual(fact);
    expect(screen.getByText("Two chargers in the basement.")).toBeTruthy();
  });
});
