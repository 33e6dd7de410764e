// @vitest-environment happy-dom
import { ClaimPageSchema, ClaimSchema, type Claim } from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { ReportProblem } from "./report-problem";

const BOOKING = "2b1c3f1e-4d7a-4c4e-9a55-5d0f6f0f7a11";

const claim = (patch: Partial<Claim> = {}): Claim =>
  ClaimSchema.parse({
    id: 12,
    code: "CL-7K3MQ2AB",
    reason: "barrier_closed",
    status: "open",
    booking: { id: BOOKING, code: "PW-7K3MQ2PT" },
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
    ...patch,
  });

const page = (items: Claim[]) =>
  ClaimPageSchema.parse({ items, total: items.length, page: 1, size: 1, pages: 1 });

describe("reporting a problem from a booking's page", () => {
  it("needs a reason, then sends the report once with its key and opens the claim's page", async () => {
    const api = new FakeApi()
      .on("GET /claims", { json: page([]) })
      .on("POST /claims", (call) => ({ status: 201, json: claim({ reason: (call.body as Claim).reason }) }));
    const { router } = await renderWithApp(<ReportProblem subject={{ booking_id: BOOKING }} />, {
      api,
      route: "/booking-details/PW-7K3MQ2PT",
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Report a problem" }));
    await user.click(screen.getByRole("button", { name: "Send the report" }));
    expect(api.callsTo("POST /claims")).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByLabelText(/What went wrong/).getAttribute("aria-invalid")).toBe("true"),
    );
    await user.selectOptions(screen.getByLabelText(/What went wrong/), "barrier_closed");
    await user.type(screen.getByLabelText(/What happened/), "Nobody at the barrier.");
    await user.click(screen.getByRole("button", { name: "Send the report" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/claims/12"));
    const [sent] = api.callsTo("POST /claims");
    expect(sent?.body).toEqual({
      booking_id: BOOKING,
      reason: "barrier_closed",
      details: "Nobody at the barrier.",
      location: null,
    });
    expect(sent?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends a refused photo again without filing the claim a second time", async () => {
    let refuse = true;
    const api = new FakeApi()
      .on("GET /claims", { json: page([]) })
      .on("POST /claims", { status: 201, json: claim() })
      .on("POST /claims/12/photo", () =>
        refuse
          ? { status: 413, json: { message: "The file is larger than 10 MB", code: "file_too_large" } }
          : { status: 201, json: claim() },
      );
    const { router } = await renderWithApp(<ReportProblem subject={{ booking_id: BOOKING }} />, {
      api,
      route: "/booking-details/PW-7K3MQ2PT",
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Report a problem" }));
    await user.selectOptions(screen.getByLabelText(/What went wrong/), "barrier_closed");
    await user.upload(
      screen.getByLabelText(/A photo/),
      new File([new Uint8Array([137, 80, 78, 71])], "gate.png", { type: "image/png" }),
    );
    await user.click(screen.getByRole("button", { name: "Send the report" }));
    expect(await screen.findByText("The file is larger than 10 MB")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/booking-details/PW-7K3MQ2PT");
    refuse = false;
    await user.click(screen.getByRole("button", { name: "Send the report" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/claims/12"));
    expect(api.callsTo("POST /claims")).toHaveLength(1);
    const photos = api.callsTo("POST /claims/12/photo");
    expect(photos).toHaveLength(2);
    expect(((photos[1]!.body as FormData).get("file") as File).name).toBe("gate.png");
  });

  it("asks a full park's remedy, and sends no photo to a claim the rules refunded at once (no park nearby was free)", async () => {
    const api = new FakeApi().on("GET /claims", { json: page([]) }).on("POST /claims", {
      status: 201,
      json: claim({
        reason: "park_full",
        status: "refunded",
        decision: {
          kind: "refund_full",
          refund: 3500,
          reason: null,
          by: "rule",
          at: "2026-11-26T09:00:00.000Z",
          rebooked: null,
        },
      }),
    });
    const { router } = await renderWithApp(<ReportProblem subject={{ booking_id: BOOKING }} />, {
      api,
      route: "/booking-details/PW-7K3MQ2PT",
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Report a problem" }));
    await user.selectOptions(screen.getByLabelText(/What went wrong/), "park_full");
    // "Refund me" is the default; the driver asks for a space nearby instead.
    expect((screen.getByRole("radio", { name: "Refund me" }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("radio", { name: "Find me a space nearby" }));
    await user.upload(
      screen.getByLabelText(/A photo/),
      new File([new Uint8Array([137, 80, 78, 71])], "full.png", { type: "image/png" }),
    );
    await user.click(screen.getByRole("button", { name: "Send the report" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/claims/12"));
    expect(api.callsTo("POST /claims")[0]?.body).toMatchObject({ reason: "park_full", remedy: "rebook" });
    expect(api.callsTo("POST /claims/12/photo")).toHaveLength(0);
  });

  it("links the claim already filed instead of the form, in French", async () => {
    const api = new FakeApi().on("GET /claims", { json: page([claim()]) });
    await renderWithApp(<ReportProblem subject={{ booking_id: BOOKING }} />, { api, language: "fr" });
    const link = await screen.findByRole("link", { name: "Voir la réclamation" });
    expect(link.getAttribute("href")).toBe("/claims/12");
    expect(link.parentElement?.textContent).toBe(
      "Vous avez signalé un problème pour ce stationnement\u00a0: réclamation CL-7K3MQ2AB. Voir la réclamation",
    );
    expect(screen.queryByRole("button", { name: "Signaler un problème" })).toBeNull();
  });
});
