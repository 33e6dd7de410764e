// @vitest-environment happy-dom
import { AdminReviewPageSchema, type AdminReview, type ParkChoice } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminMe } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { AdminReviewsPage } from "./reviews-page";

const park: ParkChoice = {
  id: 41,
  name: "Harbourview",
  city: "Lagos",
  time_zone: "Africa/Lagos",
  currency: "NGN",
  country_code: "NG",
  vehicle_types: [],
};

const review = (id: number, patch: Partial<AdminReview> = {}): AdminReview => ({
  id,
  park_id: 41,
  stars: 2,
  ease: null,
  safety: 1,
  value: null,
  text: "The gate was closed.",
  language: "en",
  first_name: "Ada",
  stay_month: "2026-11",
  verified_stay: true,
  // 23:30 UTC: the next day on the park's clock.
  created_at: "2026-11-25T23:30:00.000Z",
  edited_at: null,
  reply: null,
  park_name: "Harbourview",
  booking_code: "PW-7K3MQ2",
  reports: 3,
  hidden: false,
  hidden_reason: null,
  hidden_at: null,
  ...patch,
});

function reviewsApi(permissions: string[], role: "admin" | "branch_manager" = "admin") {
  let current = [review(1)];
  return new FakeApi()
    .on("GET /admin/me", { json: adminMe(permissions, role) })
    .on("GET /admin/parks/choices", { json: { items: [park], complete: true } })
    .on("GET /admin/reviews", () => ({
      json: AdminReviewPageSchema.parse({
        items: current,
        total: current.length,
        page: 1,
        size: 25,
        pages: 1,
      }),
    }))
    .on("POST /admin/reviews/1/reply", (call) => {
      current = [
        review(1, { reply: { text: (call.body as { text: string }).text, at: "2026-11-26T10:00:00.000Z" } }),
      ];
      return { json: current[0] };
    })
    .on("POST /admin/reviews/1/hide", (call) => {
      current = [review(1, { hidden: true, hidden_reason: (call.body as { reason: string }).reason })];
      return { json: current[0] };
    });
}

describe("the back office's reviews", () => {
  it("lists reviews with their park, booking, day on the park's clock and reports; filters by status and park", async () => {
    const api = reviewsApi(["reviews.view", "reviews.update", "review_moderation.update"]);
    await renderWithApp(<AdminReviewsPage />, { api, route: "/admin/reviews" });
    const item = (await screen.findByText("The gate was closed.")).closest("li")!;
    expect(item.textContent).toContain("Booking PW-7K3MQ2");
    expect(item.textContent).toContain("Written November 26, 2026");
    expect(item.textContent).toContain("Reported 3 times");

    await userEvent.selectOptions(screen.getByLabelText("Show"), "reported");
    await userEvent.selectOptions(await screen.findByLabelText("Park"), "41");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => {
      const q = api.callsTo("GET /admin/reviews").at(-1)!.query;
      expect([q.get("status"), q.get("park_id")]).toEqual(["reported", "41"]);
    });
  });

  it("replies once and hides with a reason for Parkwell's staff", async () => {
    const api = reviewsApi(["reviews.view", "reviews.update", "review_moderation.update"]);
    await renderWithApp(<AdminReviewsPage />, { api, route: "/admin/reviews" });
    let item = (await screen.findByText("The gate was closed.")).closest("li")!;
    await userEvent.click(within(item).getByRole("button", { name: "Reply" }));
    await userEvent.click(within(item).getByRole("button", { name: "Post reply" }));
    expect(within(item).getByText("Write it first.")).toBeTruthy();
    await userEvent.type(within(item).getByLabelText(/Your reply/), "Sorry: it opens at 6 now.");
    await userEvent.click(within(item).getByRole("button", { name: "Post reply" }));
    await screen.findByText("Sorry: it opens at 6 now.");
    item = screen.getByText("The gate was closed.").closest("li")!;
    expect(within(item).queryByRole("button", { name: "Reply" })).toBeNull();

    await userEvent.click(within(item).getByRole("button", { name: "Hide" }));
    await userEvent.type(within(item).getByLabelText(/Why is this review hidden/), "Insults");
    await userEvent.click(within(item).getByRole("button", { name: "Hide review" }));
    await screen.findByText("Hidden: Insults");
    expect(api.callsTo("POST /admin/reviews/1/hide")[0]!.body).toEqual({ reason: "Insults" });
  });

  it("offers an operator's manager the reply but never the hiding", async () => {
    const api = reviewsApi(["reviews.view", "reviews.update"], "branch_manager");
    await renderWithApp(<AdminReviewsPage />, { api, route: "/admin/reviews", language: "fr" });
    const item = (await screen.findByText("The gate was closed.")).closest("li")!;
    expect(within(item).getByRole("button", { name: "Répondre" })).toBeTruthy();
    expect(within(item).queryByRole("button", { name: "Masquer" })).toBeNull();
    expect(item.textContent).toContain("Écrit le 26 novembre 2026");
  });
});
