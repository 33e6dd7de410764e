// @vitest-environment happy-dom
import {
  AdminClaimSchema,
  ClaimRebookParksSchema,
  type AdminClaim,
  type AdminMe,
  type ClaimDecisionBody,
} from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
import { ClaimDetailPage } from "./claim-detail";

const me: AdminMe = {
  user: { id: "u1", email: "ngozi@parkwell.test", first_name: "Ngozi", last_name: "Eze" },
  role: "admin",
  permissions: ["claims.view", "claims.update"],
  operator: null,
  parks: null,
};

const claim = (patch: Partial<AdminClaim> = {}): AdminClaim =>
  AdminClaimSchema.parse({
    id: 12,
    code: "CL-7K3MQ2AB",
    reason: "park_full",
    status: "open",
    booking: { id: "2b1c3f1e-4d7a-4c4e-9a55-5d0f6f0f7a11", code: "PW-7K3MQ2PT" },
    pass: null,
    park: { id: 41, name: "Harbourview" },
    time_zone: "Africa/Lagos",
    currency: "NGN",
    paid: 3500,
    details: null,
    location: null,
    photo: null,
    filed_at: "2026-11-26T09:00:00.000Z",
    due_at: "2026-11-27T09:00:00.000Z",
    decision: null,
    driver_first_name: "Tobi",
    parkwell_bears: false,
    overdue: false,
    refundable: 3500,
    checked_in_at: null,
    decided_by_name: null,
    ...patch,
  });

const alternative = (park_id: number, name: string, distance_km: number) => ({
  park_id,
  name,
  address: "1 Marina Road",
  city: "Lagos",
  distance_km,
  free_spaces: 3,
  price: 4000,
  covered: 500,
  returned: 0,
});

const parks = ClaimRebookParksSchema.parse({
  start_time: "2026-11-26T09:31:00.000Z",
  end_time: "2026-11-26T11:00:00.000Z",
  time_zone: "Africa/Lagos",
  currency: "NGN",
  payer: "operator",
  alternatives: [alternative(51, "Marina Car Park", 0.4), alternative(52, "Ikeja Garage", 2.1)],
});

const page = (
  <Routes>
    <Route path="/admin/claims/:id" element={<ClaimDetailPage />} />
  </Routes>
);

describe("a claim's rebooking in the back office", () => {
  it("lists the parks free for what is left of the window, the nearest chosen first; another chosen by keyboard is sent with a key", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: me })
      .on("GET /admin/claims/12", { json: claim() })
      .on("GET /admin/claims/12/rebook-parks", { json: parks })
      .on("POST /admin/claims/12/decision", {
        json: claim({
          status: "rebooked",
          decision: {
            kind: "rebook",
            refund: null,
            reason: null,
            by: "staff",
            at: "2026-11-26T09:30:00.000Z",
            rebooked: {
              booking_id: "9b1c3f1e-4d7a-4c4e-9a55-5d0f6f0f7a19",
              booking_code: "PW-NEW2PARK",
              park: { id: 52, name: "Ikeja Garage" },
            },
          },
        }),
      });
    await renderWithApp(page, { api, route: "/admin/claims/12" });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText(/^Decision/), "rebook");
    const group = await screen.findByRole("group", { name: "Car park for the new booking" });
    const [nearest, further] = within(group).getAllByRole("radio") as HTMLInputElement[];
    await waitFor(() => expect(nearest!.checked).toBe(true));
    expect(group.textContent).toContain("400\u00a0m away");
    expect(group.textContent).toContain("The park's operator pays any difference");
    // By keyboard: the arrow moves the choice to the next park.
    nearest!.focus();
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(further!.checked).toBe(true));
    await user.click(screen.getByRole("button", { name: "Rebook" }));
    await screen.findByText("Rebooked: the driver is told by e-mail.");
    const [sent] = api.callsTo("POST /admin/claims/12/decision");
    expect(sent?.body as ClaimDecisionBody).toEqual({ decision: "rebook", park_id: 52 });
    expect(sent?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("does not offer a rebooking for a wrong charge", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: me })
      .on("GET /admin/claims/12", { json: claim({ reason: "charged_wrongly" }) });
    await renderWithApp(page, { api, route: "/admin/claims/12" });
    const decision = (await screen.findByLabelText(/^Decision/)) as HTMLSelectElement;
    expect([...decision.options].map((o) => o.value)).toEqual(["", "refund_full", "refund_part", "decline"]);
  });

  it("says who confirmed a claim at the gate", async () => {
    const confirmed = claim({
      status: "refunded",
      decision: {
        kind: "refund_full",
        refund: 3500,
        reason: null,
        by: "attendant",
        at: "2026-11-26T09:10:00.000Z",
        rebooked: null,
      },
      decided_by_name: "Musa",
    });
    const api = new FakeApi()
      .on("GET /admin/me", { json: me })
      .on("GET /admin/claims/12", { json: confirmed });
    await renderWithApp(page, { api, route: "/admin/claims/12" });
    expect((await screen.findByTestId("admin-claim-decision")).textContent).toContain(
      "confirmed at the gate by Musa",
    );
  });
});
