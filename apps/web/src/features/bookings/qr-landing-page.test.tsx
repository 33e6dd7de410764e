// @vitest-environment happy-dom
import type { ParkDetail } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { marinaPark } from "../../test/booking-fixtures";
import { FakeApi, renderWithApp } from "../../test/render";
import { CheckoutPage } from "./checkout-page";
import { QrLandingPage } from "./qr-landing-page";

// Sunday 10 January 2027, 10:00 in Lagos (UTC+1).
const NOW = new Date("2027-01-10T09:00:00.000Z");

const park = (patch: Partial<ParkDetail>) => marinaPark({ overnight_stays: false, ...patch });

/** The sign's page and the checkout it opens, as the app routes them. */
const pages = (
  <Routes>
    <Route path="/booking/:parkCode" element={<QrLandingPage />} />
    <Route path="/checkout/:slug" element={<CheckoutPage />} />
  </Routes>
);

async function scan(answer: ParkDetail, language: "en" | "fr" = "en") {
  const api = new FakeApi()
    .on("GET /front/parks/NG7QX2A", { json: answer })
    .on("GET /front/parks/marina-car-park", { json: answer });
  const view = await renderWithApp(pages, { api, route: "/booking/NG7QX2A", language });
  await screen.findByRole("heading", { name: language === "en" ? "Checkout" : /Paiement|Réserv/ });
  return view;
}

describe("the QR sign of a park closed now", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("says the park is closed today when its next opening is tomorrow", async () => {
    const { router } = await scan(park({ closures: ["2027-01-10"] }));
    expect(router.state.location.pathname).toBe("/checkout/marina-car-park");
    const notice = await screen.findByTestId("closed-notice");
    expect(notice.textContent).toBe(
      "Marina Car Park is closed for the rest of today. The booking below starts at its next opening: Mon, Jan 11, 12:00 AM GMT+1.",
    );
  });

  it("says it is closed now, in French too, when it opens later today", async () => {
    const hours = { open: "14:00", close: "20:00" };
    await scan(park({ open_24h: false, opening_hours: Array(7).fill(hours) }), "fr");
    const notice = await screen.findByTestId("closed-notice");
    expect(notice.textContent).toBe(
      "Marina Car Park est fermé en ce moment. La réservation ci-dessous commence à son ouverture\u00a0: dim. 10 janv., 14:00 UTC+1.",
    );
  });

  it("says nothing when the park is open", async () => {
    const { router } = await scan(park({}));
    expect(router.state.location.search).not.toContain("closed_until");
    expect(screen.queryByTestId("closed-notice")).toBeNull();
  });
});
