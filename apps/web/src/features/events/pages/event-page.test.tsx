// @vitest-environment happy-dom
import { formatMoney } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { PublicOriginProvider } from "../../../lib/seo/public-origin";
import { bellCentreEvent, ORIGIN } from "../../../lib/seo/testing/fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { EventPage } from "./event-page";

const jsonLdOf = (container: HTMLElement) =>
  [...container.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ""),
  );

const renderEvent = (event: typeof bellCentreEvent) =>
  renderWithApp(
    <PublicOriginProvider origin={ORIGIN}>
      <Routes>
        <Route path="/event/:eventCode" element={<EventPage />} />
      </Routes>
    </PublicOriginProvider>,
    {
      api: new FakeApi().on(`GET /events/${event.event_code}`, { json: event }),
      route: `/event/${event.event_code}`,
      language: "fr",
    },
  );

describe("the event page's head", () => {
  it("names the event and carries it as an Event on the venue's clock", async () => {
    const { container } = await renderEvent(bellCentreEvent);
    await screen.findByRole("heading", { level: 1, name: bellCentreEvent.name });
    expect(document.title).toBe("Stationnement pour Canadiens vs Maple Leafs | Parkwell");
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute("content")).toBe("website");
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(jsonLdOf(container)).toEqual([
      expect.objectContaining({
        "@type": "Event",
        url: `${ORIGIN}/event/EV-HABSX`,
        startDate: "2026-12-05T19:00:00-05:00",
        location: expect.objectContaining({ name: "Bell Centre" }),
      }),
    ]);
  });

  it("keeps a private event out of search engines", async () => {
    const { container } = await renderEvent({ ...bellCentreEvent, visibility: "private" });
    await screen.findByRole("heading", { level: 1, name: bellCentreEvent.name });
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(jsonLdOf(container)).toEqual([]);
  });
});

describe("the event page's prices", () => {
  it("shows each park's price as the checkout charges it, fees included, and says so", async () => {
    await renderEvent(bellCentreEvent);
    const price = bellCentreEvent.parks[0]!.prices[0]!;
    const amount = await screen.findByTestId("event-price-amount");
    expect(price.price.amount).toBeGreaterThan(price.flat_price.amount);
    expect(amount.textContent).toBe(`${formatMoney(price.price.amount, "CAD", "fr")} frais compris`);
  });
});

describe("the event page's description", () => {
  const about = () => screen.findByText(/Hockey night|Soirée de hockey/);

  it("on a French page, marks an English description with lang and says it is in English", async () => {
    await renderEvent(bellCentreEvent);
    const text = await about();
    expect(text.getAttribute("lang")).toBe("en");
    expect(screen.getByTestId("text-language-note").textContent).toBe("Texte en anglais");
  });

  it("says nothing of a description in the page's language", async () => {
    await renderEvent({
      ...bellCentreEvent,
      description: "Soirée de hockey au Centre Bell.",
      text_language: "fr",
    });
    const text = await about();
    expect(text.getAttribute("lang")).toBeNull();
    expect(screen.queryByTestId("text-language-note")).toBeNull();
  });

  it("on an English page, says a French description is in French", async () => {
    await renderWithApp(
      <PublicOriginProvider origin={ORIGIN}>
        <Routes>
          <Route path="/event/:eventCode" element={<EventPage />} />
        </Routes>
      </PublicOriginProvider>,
      {
        api: new FakeApi().on(`GET /events/${bellCentreEvent.event_code}`, {
          json: { ...bellCentreEvent, description: "Soirée de hockey au Centre Bell.", text_language: "fr" },
        }),
        route: `/event/${bellCentreEvent.event_code}`,
      },
    );
    expect((await about()).getAttribute("lang")).toBe("fr");
    expect(screen.getByTestId("text-language-note").textContent).toBe("Text in French");
  });
});
