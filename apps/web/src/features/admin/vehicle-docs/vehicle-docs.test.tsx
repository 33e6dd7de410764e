// @vitest-environment happy-dom
import {
  AdminVehicleDocPageSchema,
  AdminVehicleDocSchema,
  StateListSchema,
  VehicleDocFeeListSchema,
  VehicleDocFilePageSchema,
  VehicleDocInsurerListSchema,
} from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { formatMoney } from "../../../lib/format";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { adminMe, countries } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { AdminVehicleDocsPage } from "./vehicle-docs-page";

const states = StateListSchema.parse([
  { id: 25, name: "Lagos", code: "LA", country_id: 1 },
  { id: 15, name: "FCT Abuja", code: "FC", country_id: 1 },
]);

/** A request for the papers of a private car in Lagos, delivered to the driver's address. */
const request = (stage: string, next: string[]) =>
  AdminVehicleDocSchema.parse({
    code: "VD-7K3P9Q",
    type: "vehicle_papers",
    stage,
    vehicle_id: 4,
    plate_number: "LND-482-KJ",
    state_code: "LA",
    delivery: { kind: "delivery", address_id: 2, address: "12 Allen Avenue, Ikeja", park_id: null },
    currency: "NGN",
    lines: [
      { document_type: "vehicle_licence", fee: 12500 },
      { document_type: "roadworthiness", fee: 7500 },
    ],
    fees_total: 20000,
    premiums_total: 0,
    service_charge: 2500,
    discount: 0,
    coupon_code: null,
    delivery_charge: 1500,
    tax: 300,
    total: 24300,
    refunded: 0,
    insurance: null,
    question: null,
    answer: null,
    can_cancel: true,
    created_at: "2026-11-20T09:15:00.000Z",
    updated_at: "2026-11-21T10:00:00.000Z",
    cancelled_at: null,
    completed_at: null,
    timeline: [{ stage: "submitted", at: "2026-11-20T09:15:00.000Z", by: "driver", note: null }],
    expiries: [],
    customer: { id: "u7", name: "Chidi Okafor", email: "chidi@example.com" },
    pickup_park: null,
    vehicle: {
      make: "Toyota",
      model: "Corolla",
      color: "Silver",
      year: 2014,
      engine_cc: 1800,
      vin: "2T1BURHE0FC123456",
      vehicle_use: "private",
      registration_state: "LA",
    },
    next_stages: next,
  });

/** The request's files: the driver's current papers, and an older scan deleted 90 days after closing. */
const files = VehicleDocFilePageSchema.parse({
  items: [
    {
      id: 11,
      kind: "driver_upload",
      label: "current papers",
      content_type: "application/pdf",
      size_bytes: 2_411_724,
      uploaded_by: "driver",
      created_at: "2026-11-20T09:20:00.000Z",
      link: { url: "/api/v1/files?token=abc", expires_at: "2999-01-01T00:00:00.000Z" },
      purged_at: null,
    },
    {
      id: 12,
      kind: "issued_scan",
      label: "vehicle licence",
      content_type: "image/jpeg",
      size_bytes: 48_000,
      uploaded_by: "staff",
      created_at: "2026-11-21T16:05:00.000Z",
      link: null,
      purged_at: "2026-11-26T02:41:00.000Z",
    },
  ],
  total: 2,
  page: 1,
  size: 20,
  pages: 1,
});

function vehicleDocsApi(permissions: string[]) {
  return new FakeApi()
    .on("GET /admin/me", { json: adminMe(permissions) })
    .on("GET /countries", { json: countries })
    .on("GET /states/load", { json: states })
    .on("GET /admin/vehicle-docs/requests/VD-7K3P9Q/files", { json: files });
}

/** The section mounted where the back office mounts it. */
const section = (
  <Routes>
    <Route path="/admin/vehicle-docs/*" element={<AdminVehicleDocsPage />} />
  </Routes>
);

describe("the Vehicle Docs queue", () => {
  it("shows the requests and sends the stage, state and age filters", async () => {
    const { customer, ...row } = request("submitted", []);
    const summary = AdminVehicleDocPageSchema.shape.items.element.parse({ ...row, customer });
    const api = vehicleDocsApi(["vehicle_docs.view"]).on("GET /admin/vehicle-docs/requests", {
      json: AdminVehicleDocPageSchema.parse({ items: [summary], total: 1, page: 1, size: 10, pages: 1 }),
    });
    await renderWithApp(section, { api, route: "/admin/vehicle-docs" });

    const table = await screen.findByRole("table", { name: "Vehicle document requests" });
    expect(within(table).getByRole("link", { name: "VD-7K3P9Q" })).toBeTruthy();
    expect(within(table).getByText("Chidi Okafor")).toBeTruthy();
    expect(within(table).getByText("LND-482-KJ")).toBeTruthy();
    expect(within(table).getByText("Vehicle licence, Roadworthiness certificate")).toBeTruthy();
    // Sent at 09:15 UTC: 10:15 on Nigeria's clock, with the month.
    expect(within(table).getByText(/Nov.*10:15/)).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText("Stage"), "at_office");
    await userEvent.selectOptions(await screen.findByLabelText("State"), "LA");
    await userEvent.selectOptions(screen.getByLabelText("Age"), "7");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => {
      const asked = api.callsTo("GET /admin/vehicle-docs/requests").at(-1)!;
      expect(Object.fromEntries(asked.query)).toEqual({
        page: "1",
        size: "10",
        stage: "at_office",
        state_code: "LA",
        min_age_days: "7",
      });
    });
  });
});

describe("a Vehicle Docs request", () => {
  it("moves to the next stage the API allows and shows a refusal's text", async () => {
    const api = vehicleDocsApi(["vehicle_docs.view", "vehicle_docs.update"])
      .on("GET /admin/vehicle-docs/requests/VD-7K3P9Q", {
        json: request("documents_checked", ["at_office", "cancelled", "refunded"]),
      })
      .on("POST /admin/vehicle-docs/requests/VD-7K3P9Q/stage", (call) =>
        (call.body as { to: string }).to === "at_office"
          ? { json: request("at_office", ["ready", "refunded"]) }
          : {
              status: 409,
              json: { code: "stage_refused", message: "This request cannot move from at_office to ready" },
            },
      );
    await renderWithApp(section, { api, route: "/admin/vehicle-docs/VD-7K3P9Q" });

    await userEvent.click(await screen.findByRole("button", { name: "Send to the licensing office" }));
    // The driver is e-mailed: the move asks first, saying so, and its button names the action.
    const ask = await screen.findByRole("dialog", { name: "Move VD-7K3P9Q on?" });
    expect(ask.textContent).toContain("Chidi Okafor is e-mailed that the request is at the licensing office");
    expect(api.callsTo("POST /admin/vehicle-docs/requests/VD-7K3P9Q/stage")).toHaveLength(0);
    await userEvent.click(within(ask).getByRole("button", { name: "Send to the licensing office" }));
    expect(await screen.findByText("The request is now: At the licensing office.")).toBeTruthy();
    expect(api.callsTo("POST /admin/vehicle-docs/requests/VD-7K3P9Q/stage")[0]!.body).toEqual({
      to: "at_office",
    });

    await userEvent.click(await screen.findByRole("button", { name: "Mark ready" }));
    const ready = await screen.findByRole("dialog", { name: "Move VD-7K3P9Q on?" });
    await userEvent.click(within(ready).getByRole("button", { name: "Mark ready" }));
    expect((await within(ready).findByRole("alert")).textContent).toContain(
      "This request cannot move from at_office to ready",
    );
  });

  it("a move asks first and Cancel (or Escape) sends nothing, from the keyboard (fr)", async () => {
    const api = vehicleDocsApi(["vehicle_docs.view", "vehicle_docs.update"]).on(
      "GET /admin/vehicle-docs/requests/VD-7K3P9Q",
      { json: request("submitted", ["documents_checked", "info_needed", "cancelled", "refunded"]) },
    );
    await renderWithApp(section, { api, route: "/admin/vehicle-docs/VD-7K3P9Q", language: "fr" });
    const button = await screen.findByRole("button", { name: "Marquer les documents vérifiés" });
    button.focus();
    await userEvent.keyboard("{Enter}");
    const ask = await screen.findByRole("dialog", { name: "Faire avancer VD-7K3P9Q ?" });
    expect(ask.textContent).toContain("Chidi Okafor reçoit un e-mail");
    // "Faire avancer VD-7K3P9Q ?" wraps between words on a phone, never at the code's hyphen.
    expect(ask.querySelector("h2 .nowrap-code")?.textContent).toBe("VD-7K3P9Q");
    // The focus starts on the dismissing button; the confirming one names the move.
    expect(document.activeElement?.textContent).toBe("Annuler");
    expect(within(ask).getByRole("button", { name: "Marquer les documents vérifiés" })).toBeTruthy();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST /admin/vehicle-docs/requests/VD-7K3P9Q/stage")).toHaveLength(0);
  });

  it("Delivered asks each document's new expiry date and sends them with the move", async () => {
    const ready = {
      ...request("out_for_delivery", ["delivered", "refunded"]),
      expiries: [{ document_type: "roadworthiness" as const, expires_on: "2027-05-31" }],
    };
    const api = vehicleDocsApi(["vehicle_docs.view", "vehicle_docs.update"])
      .on("GET /admin/vehicle-docs/requests/VD-7K3P9Q", { json: ready })
      .on("POST /admin/vehicle-docs/requests/VD-7K3P9Q/stage", {
        json: { ...request("delivered", []), completed_at: "2026-11-22T10:00:00.000Z" },
      });
    await renderWithApp(section, { api, route: "/admin/vehicle-docs/VD-7K3P9Q" });

    await userEvent.click(await screen.findByRole("button", { name: "Mark delivered" }));
    const box = await screen.findByRole("dialog", { name: "Mark VD-7K3P9Q delivered" });
    // The code stays whole on a phone's line, as in the page's heading.
    expect(box.querySelector("h2 .nowrap-code")?.textContent).toBe("VD-7K3P9Q");
    const dialog = within(box);
    const licence = dialog.getByLabelText(/^Vehicle licence expires on/) as HTMLInputElement;
    // One date per document; the one recorded already is filled in.
    expect((dialog.getByLabelText(/^Roadworthiness certificate expires on/) as HTMLInputElement).value).toBe(
      "2027-05-31",
    );
    await userEvent.click(dialog.getByRole("button", { name: "Mark delivered" }));
    expect(await dialog.findByText("Give this document's new expiry date.")).toBeTruthy();
    expect(api.callsTo("POST /admin/vehicle-docs/requests/VD-7K3P9Q/stage")).toHaveLength(0);

    await userEvent.type(licence, "2027-11-20");
    await userEvent.click(dialog.getByRole("button", { name: "Mark delivered" }));
    expect(await screen.findByText("The request is now: Delivered.")).toBeTruthy();
    expect(api.callsTo("POST /admin/vehicle-docs/requests/VD-7K3P9Q/stage")[0]!.body).toEqual({
      to: "delivered",
      expiries: [
        { document_type: "vehicle_licence", expires_on: "2027-11-20" },
        { document_type: "roadworthiness", expires_on: "2027-05-31" },
      ],
    });
  });

  it("a Delivered dialog cancelled leaves nothing behind: opened again, it starts from the recorded dates", async () => {
    const ready = {
      ...request("out_for_delivery", ["delivered", "refunded"]),
      expiries: [{ document_type: "roadworthiness" as const, expires_on: "2027-05-31" }],
    };
    const api = vehicleDocsApi(["vehicle_docs.view", "vehicle_docs.update"]).on(
      "GET /admin/vehicle-docs/requests/VD-7K3P9Q",
      { json: ready },
    );
    await renderWithApp(section, { api, route: "/admin/vehicle-docs/VD-7K3P9Q" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Mark delivered" }));
    let dialog = within(await screen.findByRole("dialog", { name: "Mark VD-7K3P9Q delivered" }));
    await user.clear(dialog.getByLabelText(/^Roadworthiness certificate expires on/));
    await user.click(dialog.getByRole("button", { name: "Mark delivered" }));
    expect(dialog.getAllByText("Give this document's new expiry date.")).toHaveLength(2);
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Mark delivered" }));
    dialog = within(await screen.findByRole("dialog", { name: "Mark VD-7K3P9Q delivered" }));
    expect(dialog.queryByText("Give this document's new expiry date.")).toBeNull();
    expect((dialog.getByLabelText(/^Roadworthiness certificate expires on/) as HTMLInputElement).value).toBe(
      "2027-05-31",
    );
    expect(api.callsTo("POST /admin/vehicle-docs/requests/VD-7K3P9Q/stage")).toHaveLength(0);
  });

  it("names the pickup park and the vehicle, and lists the files with their sizes, times and links (fr)", async () => {
    const pickup = {
      ...request("ready", ["ready_for_pickup", "refunded"]),
      // The driver answered a question with an upload labelled "means of identification".
      question: "Please send your ID",
      answer: "means of identification",
      timeline: [
        { stage: "submitted" as const, at: "2026-11-20T09:15:00.000Z", by: "driver" as const, note: null },
        {
          stage: "submitted" as const,
          at: "2026-11-20T11:00:00.000Z",
          by: "driver" as const,
          note: "means of identification",
        },
      ],
      delivery: { kind: "pickup" as const, address_id: null, address: null, park_id: 9 },
      pickup_park: {
        id: 9,
        name: "Ikeja City Mall Park",
        address: "Obafemi Awolowo Way, Alausa",
        city: "Ikeja",
        time_zone: "Africa/Lagos",
        open_24h: true,
        opening_hours: null,
      },
    };
    const api = vehicleDocsApi(["vehicle_docs.view", "vehicle_docs.update"]).on(
      "GET /admin/vehicle-docs/requests/VD-7K3P9Q",
      { json: pickup },
    );
    await renderWithApp(section, { api, route: "/admin/vehicle-docs/VD-7K3P9Q", language: "fr" });

    expect(await screen.findByText("Retrait à Ikeja City Mall Park")).toBeTruthy();
    expect(screen.getByText(/Toyota Corolla · Silver · 2014/)).toBeTruthy();
    const list = within(await screen.findByRole("region", { name: "Fichiers" })).getAllByRole("listitem");
    expect(list).toHaveLength(2);
    // 09:20 UTC is 10:20 on Nigeria's clock, with the month; 2,411,724 bytes is 2,3 Mo in French.
    // The driver chose "current papers": the API keeps the English words, the page words them in French.
    expect(list[0]!.textContent).toMatch(/Papiers actuels.*envoi du conducteur.*2,3\s?Mo/);
    expect(list[0]!.textContent).not.toContain("current papers");
    expect(list[0]!.textContent).toMatch(/nov\..*10:20/);
    expect(within(list[0]!).getByRole("button", { name: "Ouvrir Papiers actuels" })).toBeTruthy();
    expect(list[1]!.textContent).toContain("Supprimé après 90 jours");
    expect(within(list[1]!).queryByRole("button")).toBeNull();
    // The scan form (label, JPEG/PNG/PDF) and the expiry dates are offered at "ready".
    expect(screen.getByLabelText("De quoi s'agit-il")).toBeTruthy();
    expect((screen.getByLabelText("Scan") as HTMLInputElement).accept).toBe(
      "image/jpeg,image/png,application/pdf",
    );
    expect(screen.getByLabelText("Licence du véhicule expire le")).toBeTruthy();
    expect(screen.getAllByText("Pièce d'identité")).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/means of identification|current papers/);
  });

  it("shows every detail the driver gave: engine size, VIN, use, state of registration, insurer and declared value", async () => {
    const insured = {
      ...request("documents_checked", ["at_office", "cancelled", "refunded"]),
      lines: [
        { document_type: "vehicle_licence" as const, fee: 12500 },
        { document_type: "comprehensive_insurance" as const, fee: 340000 },
      ],
      fees_total: 12500,
      premiums_total: 340000,
      insurance: {
        insurer_id: 2,
        insurer_name: "AXA Mansard",
        vehicle_value: 8500000,
        rate: 4,
        minimum_premium: 75000,
        premium: 340000,
      },
    };
    const api = vehicleDocsApi(["vehicle_docs.view"]).on("GET /admin/vehicle-docs/requests/VD-7K3P9Q", {
      json: insured,
    });
    await renderWithApp(section, { api, route: "/admin/vehicle-docs/VD-7K3P9Q" });
    const vehicle = within(await screen.findByRole("region", { name: "Vehicle" }));
    expect(vehicle.getByText("1800 cc")).toBeTruthy();
    expect(vehicle.getByText("2T1BURHE0FC123456")).toBeTruthy();
    expect(vehicle.getByText("Private")).toBeTruthy();
    expect(await vehicle.findByText("Lagos")).toBeTruthy();
    const insurance = within(screen.getByRole("region", { name: "Comprehensive insurance" }));
    expect(insurance.getByText("AXA Mansard")).toBeTruthy();
    expect(insurance.getByText(formatMoney(8500000, "NGN", "en"))).toBeTruthy();
    expect(insurance.getByText("4 %")).toBeTruthy();
    expect(insurance.getByText(formatMoney(340000, "NGN", "en"))).toBeTruthy();
    // The premium is not a government fee: the amounts name the two apart.
    const amount = (term: string) =>
      screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
    expect(amount("Government fees")).toBe(formatMoney(12500, "NGN", "en"));
    expect(amount("Insurance premiums")).toBe(formatMoney(340000, "NGN", "en"));
  });

  it("offers no action without vehicle_docs.update", async () => {
    const api = vehicleDocsApi(["vehicle_docs.view"]).on("GET /admin/vehicle-docs/requests/VD-7K3P9Q", {
      json: request("submitted", ["documents_checked", "info_needed", "cancelled", "refunded"]),
    });
    await renderWithApp(section, { api, route: "/admin/vehicle-docs/VD-7K3P9Q" });
    expect(await screen.findByRole("heading", { name: "Timeline" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark documents checked" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
    expect(screen.queryByLabelText("Question for the driver")).toBeNull();
    expect(await screen.findByText("Current papers")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send the scan" })).toBeNull();
  });
});

describe("the fee tables", () => {
  it("saves an edited fee typed the French way", async () => {
    const fees = VehicleDocFeeListSchema.parse({
      items: [
        {
          id: 31,
          state_code: "LA",
          document_type: "vehicle_licence",
          vehicle_use: "private",
          engine_band: "upto_1600",
          fee: 12500,
          updated_at: "2026-11-01T08:00:00.000Z",
        },
      ],
      service_charge: 2500,
      currency: "NGN",
    });
    const api = vehicleDocsApi(["vehicle_docs.view", "vehicle_doc_fees.view", "vehicle_doc_fees.update"])
      .on("GET /admin/vehicle-docs/fees", { json: fees })
      .on("PUT /admin/vehicle-docs/fees/31", (call) => ({
        json: { ...fees.items[0], fee: (call.body as { fee: number }).fee },
      }));
    await renderWithApp(section, {
      api,
      route: "/admin/vehicle-docs/fees",
      language: "fr",
    });

    const input = await screen.findByLabelText("Frais pour Licence du véhicule, Privé, Jusqu'à 1600 cm³");
    expect((input as HTMLInputElement).value).toBe("12500");
    await userEvent.clear(input);
    await userEvent.type(input, "13750,50");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(api.callsTo("PUT /admin/vehicle-docs/fees/31")).toHaveLength(1));
    expect(api.callsTo("PUT /admin/vehicle-docs/fees/31")[0]!.body).toEqual({ fee: 13750.5 });
    expect(await screen.findByText("Enregistré.")).toBeTruthy();
    expect(api.callsTo("GET /admin/vehicle-docs/fees")[0]!.query.get("state_code")).toBe("LA");
  });
});

describe("the fee tables for staff who hold only vehicle_doc_fees.*", () => {
  it("Vehicle Docs opens on the fee tables, without the queue's tab; a request is forbidden", async () => {
    const fees = VehicleDocFeeListSchema.parse({ items: [], service_charge: 2500, currency: "NGN" });
    const api = vehicleDocsApi(["vehicle_doc_fees.view", "vehicle_doc_fees.update"]).on(
      "GET /admin/vehicle-docs/fees",
      { json: fees },
    );
    await renderWithApp(section, { api, route: "/admin/vehicle-docs" });
    expect(await screen.findByRole("heading", { name: "Vehicle document fees", level: 1 })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Requests" })).toBeNull();
    expect(api.callsTo("GET /admin/vehicle-docs/requests")).toHaveLength(0);
  });

  it("a request's page is forbidden to them", async () => {
    const api = vehicleDocsApi(["vehicle_doc_fees.view"]);
    await renderWithApp(section, { api, route: "/admin/vehicle-docs/VD-7K3P9Q" });
    expect(await screen.findByRole("heading", { name: "403 Access Denied!", level: 1 })).toBeTruthy();
    expect(api.callsTo("GET /admin/vehicle-docs/requests/VD-7K3P9Q")).toHaveLength(0);
  });
});

describe("the insurers of comprehensive insurance", () => {
  const insurers = () =>
    VehicleDocInsurerListSchema.parse([
      {
        id: 7,
        name: "Leadway Assurance",
        rate: 3.5,
        minimum_premium: 60000,
        active: true,
        currency: "NGN",
        updated_at: "2026-11-01T08:00:00.000Z",
      },
      {
        id: 8,
        name: "AXA Mansard",
        rate: 5,
        minimum_premium: 90000,
        active: false,
        currency: "NGN",
        updated_at: "2026-11-01T08:00:00.000Z",
      },
    ]);

  it("edits a rate and a minimum in French, withdraws one and offers another again", async () => {
    let list = insurers();
    const api = vehicleDocsApi(["vehicle_docs.view", "vehicle_doc_fees.view", "vehicle_doc_fees.update"])
      .on("GET /admin/vehicle-docs/insurers", () => ({ json: list }))
      .on("PUT /admin/vehicle-docs/insurers/7", (call) => {
        list = list.map((i) => (i.id === 7 ? { ...i, ...(call.body as object) } : i));
        return { json: list[0] };
      })
      .on("PUT /admin/vehicle-docs/insurers/8", (call) => {
        list = list.map((i) => (i.id === 8 ? { ...i, ...(call.body as object) } : i));
        return { json: list[1] };
      });
    await renderWithApp(section, { api, route: "/admin/vehicle-docs/fees/insurers", language: "fr" });

    expect(
      await screen.findByRole("heading", { name: "Assureurs de l'assurance tous risques", level: 1 }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Assureurs" })).toBeTruthy();
    const rate = await screen.findByLabelText("Taux de Leadway Assurance (% de la valeur du véhicule)");
    expect((rate as HTMLInputElement).value).toBe("3,50");
    const row = rate.closest("tr")!;
    await userEvent.clear(rate);
    await userEvent.type(rate, "25");
    await userEvent.click(within(row).getByRole("button", { name: "Enregistrer" }));
    expect(within(row).getByText("Saisissez un taux de 0,5 à 20 %.")).toBeTruthy();
    expect(api.callsTo("PUT /admin/vehicle-docs/insurers/7")).toHaveLength(0);

    await userEvent.clear(rate);
    await userEvent.type(rate, "4,25");
    const minimum = screen.getByLabelText("Prime minimale de Leadway Assurance");
    await userEvent.clear(minimum);
    await userEvent.type(minimum, "65000");
    await userEvent.click(within(row).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(api.callsTo("PUT /admin/vehicle-docs/insurers/7")).toHaveLength(1));
    expect(api.callsTo("PUT /admin/vehicle-docs/insurers/7")[0]!.body).toEqual({
      rate: 4.25,
      minimum_premium: 65000,
    });
    expect(await within(row).findByText("Enregistré.")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Retirer Leadway Assurance" }));
    await waitFor(() => expect(api.callsTo("PUT /admin/vehicle-docs/insurers/7")).toHaveLength(2));
    expect(api.callsTo("PUT /admin/vehicle-docs/insurers/7")[1]!.body).toEqual({ active: false });
    expect(await screen.findByRole("button", { name: "Proposer à nouveau Leadway Assurance" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Proposer à nouveau AXA Mansard" }));
    await waitFor(() => expect(api.callsTo("PUT /admin/vehicle-docs/insurers/8")).toHaveLength(1));
    expect(api.callsTo("PUT /admin/vehicle-docs/insurers/8")[0]!.body).toEqual({ active: true });
  });

  it("shows the terms without forms to who may only view the fees", async () => {
    const api = vehicleDocsApi(["vehicle_doc_fees.view"]).on("GET /admin/vehicle-docs/insurers", {
      json: insurers(),
    });
    await renderWithApp(section, { api, route: "/admin/vehicle-docs/fees/insurers" });
    const row = (await screen.findByRole("rowheader", { name: "Leadway Assurance" })).closest("tr")!;
    expect(within(row).getByText(/3\.5 % · minimum premium/)).toBeTruthy();
    expect(within(row).getByText("Offered")).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button", { name: /Withdraw/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Requests" })).toBeNull();
  });
});
