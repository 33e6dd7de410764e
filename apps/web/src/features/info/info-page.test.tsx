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
