// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { CancellationPage } from "./cancellation-page";
import { InfoPage } from "./info-page";

const page = (lang: string, title: string) => ({
  key: "terms",
  language: lang,
  version: 3,
  published_at: "2026-11-05T12:00:00.000Z",
  content: {
    title,
    lead: "Lead",
    sections: [{ title: "Refunds", body: "One.\n\nTwo.", items: ["<b>x</b>"] }],
  },
});

describe("the pages the company edits", () => {
  it("show the API's current text in the language shown; HTML in it stays text", async () => {
    const api = new FakeApi().on("GET /pages/terms", (call) => ({
      json: page(call.query.get("lang")!, call.query.get("lang") === "fr" ? "Conditions v3" : "Terms v3"),
    }));
    await renderWithApp(<InfoPage id="terms" />, { api, language: "fr" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Conditions v3");
    expect(screen.getByText("Two.")).toBeTruthy();
    expect(screen.getByText("<b>x</b>").tagName).toBe("LI");
    expect(api.callsTo("GET /pages/terms")[0]!.query.get("lang")).toBe("fr");
  });

  it("fall back to the built-in text when the API cannot answer", async () => {
    const api = new FakeApi().on("GET /pages/cancellation", {
      status: 503,
      json: { message: "down", code: "x" },
    });
    await renderWithApp(<CancellationPage />, { api });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Cancellation Policy");
    expect(screen.getByRole("table")).toBeTruthy();
  });

  it("a page nobody edits (careers) never asks the API", async () => {
    const api = new FakeApi();
    await renderWithApp(<InfoPage id="careers" />, { api });
    expect(api.calls).toHaveLength(0);
  });
});

/**
 * What these pages must not promise until it works (docs/PRODUCT-RULES.md, pages about a feature
 * not open yet): booking a charger (or paying per charging session), monthly invoicing on credit,
 * a booking for a whole delegation, a payment per booking (operators are paid each month).
 */
const PROMISES = {
  en: [
    /charging session/i,
    /drivers book it/i,
    /invoiced once a month|monthly invoicing/i,
    /get paid for every booking/i,
    /delegation/i,
  ],
  fr: [
    /session de recharge/i,
    /la réserver/i,
    /facturé une fois par mois|facturation mensuelle/i,
    /payé à chaque réservation/i,
    /délégation/i,
  ],
} as const;

describe("the pages for owners and businesses say only what works today", () => {
  for (const language of ["en", "fr"] as const) {
    it.each(["carParkManagement", "rentOutEvCharger", "businessAccounts", "getStarted"] as const)(
      `%s promises nothing that is not open (${language})`,
      async (id) => {
        await renderWithApp(<InfoPage id={id} />, { api: new FakeApi(), language });
        const main = document.querySelector("article")!.cloneNode(true) as HTMLElement;
        // The note that says what is coming may name it: the rest of the page may not.
        main.querySelector("[data-testid='not-yet']")?.remove();
        const text = main.textContent ?? "";
        expect(PROMISES[language].filter((promise) => promise.test(text))).toEqual([]);
      },
    );

    it.each(["rentOutEvCharger"] as const)(
      `%s says first what works today and what is coming (${language})`,
      async (id) => {
        await renderWithApp(<InfoPage id={id} />, { api: new FakeApi(), language });
        const note = screen.getByTestId("not-yet");
        expect(note.textContent).toMatch(
          language === "en" ? /^Not open yet\. Today / : /^Pas encore ouvert\. Aujourd'hui/,
        );
        // Before the sections: the first thing read after the title.
        const firstSection = document.querySelector("article section h2")!;
        expect(note.compareDocumentPosition(firstSection) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      },
    );
  }
});
