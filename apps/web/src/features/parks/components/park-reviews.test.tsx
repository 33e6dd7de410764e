// @vitest-environment happy-dom
import { ParkReviewPageSchema, ReviewSummarySchema, type PublicReview } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { clearSession, setToken } from "../../../lib/session";
import { FakeApi, renderWithApp } from "../../../test/render";
import { ParkReviews } from "./park-reviews";

const review = (id: number, patch: Partial<PublicReview> = {}): PublicReview => ({
  id,
  park_id: 41,
  stars: 4,
  ease: null,
  safety: null,
  value: null,
  text: "",
  language: "en",
  first_name: "Ada",
  stay_month: "2026-11",
  verified_stay: true,
  created_at: "2026-11-20T10:00:00.000Z",
  edited_at: null,
  reply: null,
  ...patch,
});

const summary = ReviewSummarySchema.parse({
  park_id: 41,
  average: 4.5,
  count: 2,
  distribution: { "1": 0, "2": 0, "3": 0, "4": 1, "5": 1 },
});

function page(items: PublicReview[], pageNo = 1, pages = 1) {
  return ParkReviewPageSchema.parse({ items, total: items.length, page: pageNo, size: 10, pages });
}

const reviewsApi = () =>
  new FakeApi()
    .on("GET /front/parks/41/rating", { json: summary })
    .on("GET /front/parks/41/reviews", (call) => ({
      json:
        call.query.get("sort") === "lowest"
          ? page([review(2, { stars: 2, first_name: "Bola" })])
          : page([
              review(1, {
                stars: 5,
                ease: 4,
                safety: 5,
                text: "Great <b>spot</b>\nSee https://example.com",
                reply: { text: "Thank you!", at: "2026-11-21T23:30:00.000Z" },
              }),
            ]),
    }));

describe("a park's reviews", () => {
  afterEach(clearSession);

  it("shows the rating, its distribution and each review as plain text with its month and reply", async () => {
    const api = reviewsApi();
    await renderWithApp(<ParkReviews parkId={41} timeZone="Africa/Lagos" />, { api });
    const box = await screen.findByTestId("rating-summary");
    expect(box.textContent).toContain("4.5");
    expect(within(box).getByText("2 reviews")).toBeTruthy();
    expect(within(box).getByLabelText("5 stars: 1")).toBeTruthy();
    expect(within(box).getByLabelText("3 stars: 0")).toBeTruthy();

    const item = (await screen.findByText(/Great/)).closest("li")!;
    // Typed markup and links stay text: no element made from them, no link.
    const text = within(item).getByText(/Great/);
    expect(text.textContent).toBe("Great <b>spot</b>\nSee https://example.com");
    expect(text.querySelector("b")).toBeNull();
    expect(within(item).queryByRole("link")).toBeNull();
    expect(item.textContent).toContain("stayed in November 2026");
    expect(item.textContent).toContain("Verified stay");
    expect(within(item).getAllByRole("img")[0]!.getAttribute("aria-label")).toBe("5.0 out of 5 stars");
    expect(within(item).getByText(/Ease of finding/)).toBeTruthy();
    expect(within(item).queryByText(/Value/)).toBeNull();
    // The reply's day on the park's clock (23:30 UTC is the next day in Lagos).
    expect(item.textContent).toContain("Reply from the car park");
    expect(item.textContent).toContain("November 22, 2026");
  });

  it("writes the month in French and sorts by the chosen order", async () => {
    const api = reviewsApi();
    await renderWithApp(<ParkReviews parkId={41} timeZone="Africa/Lagos" />, { api, language: "fr" });
    expect((await screen.findByText(/Great/)).closest("li")!.textContent).toContain(
      "séjour en novembre 2026",
    );
    await userEvent.selectOptions(screen.getByLabelText("Trier les avis"), "lowest");
    await screen.findByText("Bola");
    expect(api.callsTo("GET /front/parks/41/reviews").at(-1)!.query.get("sort")).toBe("lowest");
  });

  it("says so when the park has no reviews", async () => {
    const api = new FakeApi()
      .on("GET /front/parks/41/rating", {
        json: {
          ...summary,
          average: null,
          count: 0,
          distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 },
        },
      })
      .on("GET /front/parks/41/reviews", { json: page([]) });
    await renderWithApp(<ParkReviews parkId={41} timeZone="Africa/Lagos" />, { api });
    expect((await screen.findByTestId("no-reviews")).textContent).toMatch(/No reviews yet/);
    expect(screen.queryByLabelText("Sort reviews")).toBeNull();
  });

  it("lets a signed-in driver report a review with a reason, and says when they reported too often", async () => {
    setToken("driver-token");
    let tries = 0;
    const api = reviewsApi().on("POST /reviews/1/reports", () =>
      ++tries === 1
        ? { status: 429, json: { code: "throttled", message: "Too many reports: try again later." } }
        : { status: 201, json: { reported: true } },
    );
    await renderWithApp(<ParkReviews parkId={41} timeZone="Africa/Lagos" />, { api });
    const item = (await screen.findByText(/Great/)).closest("li")!;
    await userEvent.click(within(item).getByRole("button", { name: "Report" }));
    await userEvent.type(within(item).getByLabelText("Why? (optional)"), "Insults the staff");
    await userEvent.click(within(item).getByRole("button", { name: "Send report" }));
    expect((await within(item).findByRole("alert")).textContent).toBe("Too many reports: try again later.");
    await userEvent.click(within(item).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(item.textContent).toContain("the review was reported"));
    expect(api.callsTo("POST /reviews/1/reports").at(-1)!.body).toEqual({ reason: "Insults the staff" });
  });

  it("asks a visitor to sign in before reporting", async () => {
    await renderWithApp(<ParkReviews parkId={41} timeZone="Africa/Lagos" />, { api: reviewsApi() });
    const item = (await screen.findByText(/Great/)).closest("li")!;
    expect(within(item).queryByRole("button", { name: "Report" })).toBeNull();
    expect(within(item).getByRole("button", { name: "Sign in to report" })).toBeTruthy();
  });
});
