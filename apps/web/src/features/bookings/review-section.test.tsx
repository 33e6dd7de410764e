// @vitest-environment happy-dom
import { OwnReviewSchema, type BookingDetail, type OwnReview } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { ReviewSection, stayIsOver } from "./review-section";

// The settable clock: the stay below ended on 25 November at 14:00 UTC.
const NOW = new Date("2026-11-26T09:00:00.000Z");

/** The fields of a booking the review section reads (the rest of the page is tested elsewhere). */
const booking = {
  id: "2b1c3f1e-4d7a-4c4e-9a55-5d0f6f0f7a11",
  booking_code: "PW-7K3MQ2",
  status: "active",
  checked_out_at: null,
  start_time: "2026-11-25T09:00:00.000Z",
  end_time: "2026-11-25T14:00:00.000Z",
  park: { id: 41, slug: "harbourview", name: "Harbourview", time_zone: "Africa/Lagos" },
} as unknown as BookingDetail;

const posted = (patch: Partial<OwnReview> = {}): OwnReview =>
  OwnReviewSchema.parse({
    id: 7,
    park_id: 41,
    stars: 4,
    ease: 5,
    safety: null,
    value: null,
    text: "Easy to find.\nFriendly staff.",
    language: "en",
    first_name: "Ada",
    stay_month: "2026-11",
    verified_stay: true,
    created_at: "2026-11-26T09:00:00.000Z",
    edited_at: null,
    reply: null,
    booking_id: booking.id,
    editable_until: "2026-12-03T09:00:00.000Z",
    editable: true,
    hidden: false,
    hidden_reason: null,
    ...patch,
  });

/** The driver has not reviewed this stay yet: the API answers null (200). */
const noReview = { json: null };

describe("reviewing a stay from its booking", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("knows when a stay is over: checked out or its window ended, never when cancelled", () => {
    const at = NOW.getTime();
    expect(stayIsOver(booking, at)).toBe(true);
    expect(stayIsOver({ ...booking, end_time: "2026-11-26T10:00:00.000Z" }, at)).toBe(false);
    expect(
      stayIsOver(
        { ...booking, end_time: "2026-11-26T10:00:00.000Z", checked_out_at: "2026-11-26T08:00:00Z" },
        at,
      ),
    ).toBe(true);
    expect(stayIsOver({ ...booking, status: "cancelled" }, at)).toBe(false);
  });

  it("rates with the keyboard, needs the overall stars, counts the characters and posts", async () => {
    const api = new FakeApi()
      .on(`GET /bookings/${booking.id}/review`, noReview)
      .on("POST /reviews", (call) => ({ status: 201, json: posted({ ...(call.body as object), id: 7 }) }));
    await renderWithApp(<ReviewSection booking={booking} />, {
      api,
      route: "/booking-details/PW-7K3MQ2?review=1",
    });
    const heading = await screen.findByRole("heading", { name: "Review your stay" });
    // ?review=1 (the e-mail's link) takes the focus to the form.
    await waitFor(() => expect(document.activeElement).toBe(heading));

    await userEvent.click(screen.getByRole("button", { name: "Post review" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Choose from 1 to 5 stars for your stay.");
    expect(api.callsTo("POST /reviews")).toHaveLength(0);

    // A radio group: Tab into it, the arrow keys move the choice.
    const overall = screen.getByRole("group", { name: "Overall" });
    within(overall).getByRole("radio", { name: "1 star" }).focus();
    await userEvent.keyboard("[Space]");
    await userEvent.keyboard("[ArrowRight][ArrowRight][ArrowRight]");
    expect((within(overall).getByRole("radio", { name: "4 stars" }) as HTMLInputElement).checked).toBe(true);
    const ease = screen.getByRole("group", { name: /Ease of finding/ });
    await userEvent.click(within(ease).getByRole("radio", { name: "5 stars" }));

    const text = screen.getByLabelText(/Your review/);
    await userEvent.type(text, "Easy to find.");
    expect(screen.getByText("13 / 2000 characters")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Post review" }));

    await screen.findByText("Thank you: your review is on the car park's page.");
    expect(api.callsTo("POST /reviews")[0]!.body).toEqual({
      booking_id: booking.id,
      stars: 4,
      ease: 5,
      safety: null,
      value: null,
      text: "Easy to find.",
    });
    expect(screen.getByRole("heading", { name: "Your review" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit" })).toBeTruthy();
  });

  it("edits within the 7 days and deletes after confirming", async () => {
    const api = new FakeApi()
      .on(`GET /bookings/${booking.id}/review`, { json: posted() })
      .on("PUT /reviews/7", (call) => ({
        json: posted({ ...(call.body as object), edited_at: NOW.toISOString() }),
      }))
      .on("DELETE /reviews/7", { status: 204 });
    await renderWithApp(<ReviewSection booking={booking} />, { api });
    await screen.findByRole("heading", { name: "Your review" });
    expect(screen.getByText(/You can change it until December 3, 2026/)).toBeTruthy();
    expect(screen.getByText(/Friendly staff/).textContent).toBe("Easy to find.\nFriendly staff.");

    await userEvent.click(screen.getByRole("button", { name: "Edit" }));
    const overall = screen.getByRole("group", { name: "Overall" });
    expect((within(overall).getByRole("radio", { name: "4 stars" }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(overall).getByRole("radio", { name: "2 stars" }));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText("Your review was changed.");
    expect(api.callsTo("PUT /reviews/7")[0]!.body).toMatchObject({ stars: 2, ease: 5 });

    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete review", hidden: true }));
    await screen.findByText("Your review was deleted.");
    expect(api.callsTo("DELETE /reviews/7")).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "Review your stay" })).toBeTruthy();
  });

  it("offers no edit after the 7 days, and says why a review was hidden", async () => {
    const api = new FakeApi().on(`GET /bookings/${booking.id}/review`, {
      json: posted({ editable: false, hidden: true, hidden_reason: "Personal details" }),
    });
    await renderWithApp(<ReviewSection booking={booking} />, { api, language: "fr" });
    await screen.findByRole("heading", { name: "Votre avis" });
    expect(screen.queryByRole("button", { name: "Modifier" })).toBeNull();
    expect(screen.getByRole("button", { name: "Supprimer" })).toBeTruthy();
    expect(screen.getByText(/Parkwell a masqué cet avis/).textContent).toContain("Personal details");
  });

  it("shows the API's error, not the form, when the booking's review cannot be read", async () => {
    const api = new FakeApi().on(`GET /bookings/${booking.id}/review`, {
      status: 404,
      json: { code: "not_found", message: "We could not find that review." },
    });
    await renderWithApp(<ReviewSection booking={booking} />, { api });
    expect((await screen.findByRole("alert")).textContent).toContain("We could not find that review.");
    expect(screen.queryByRole("button", { name: "Post review" })).toBeNull();
  });

  it("shows nothing before the stay is over", async () => {
    const api = new FakeApi();
    await renderWithApp(
      <>
        <h1>Booking</h1>
        <ReviewSection booking={{ ...booking, end_time: "2026-11-26T10:00:00.000Z" }} />
      </>,
      { api },
    );
    expect(screen.queryByTestId("booking-review")).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
