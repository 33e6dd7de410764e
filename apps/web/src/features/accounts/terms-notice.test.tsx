// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { clearSession, setToken } from "../../lib/session";
import { FakeApi, renderWithApp } from "../../test/render";
import { RegisterPage } from "./register-page";
import { TermsNotice } from "./terms-notice";

afterEach(() => clearSession());

const asked = {
  accepted_version: 1,
  accepted_at: "2026-11-01T10:00:00.000Z",
  terms_to_accept: { version: 2, published_at: "2026-11-05T12:00:00.000Z" },
};
const done = { accepted_version: 2, accepted_at: "2026-11-05T13:00:00.000Z", terms_to_accept: null };

describe("the changed Terms notice", () => {
  it("asks a signed-in user to accept the new version, with the keyboard, and goes away", async () => {
    setToken("t-1");
    const api = new FakeApi()
      .on("GET /terms/status", { json: asked })
      .on("POST /terms/accept", { json: done });
    await renderWithApp(<TermsNotice />, { api });
    const region = await screen.findByRole("region", { name: "Our Terms have changed" });
    expect(region.textContent).toContain("version 2");
    expect(screen.getByRole("link", { name: "Read the new Terms" }).getAttribute("href")).toBe("/terms");
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "I accept the new Terms" }));
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("region")).toBeNull());
    expect(api.callsTo("POST /terms/accept")[0]!.body).toEqual({ version: 2 });
  });

  it("says nothing when the Terms are already accepted", async () => {
    setToken("t-2");
    const api = new FakeApi().on("GET /terms/status", { json: done });
    const page = (
      <>
        <h1>A page</h1>
        <TermsNotice />
      </>
    );
    await renderWithApp(page, { api });
    await waitFor(() => expect(api.callsTo("GET /terms/status")).toHaveLength(1));
    expect(screen.queryByTestId("terms-notice")).toBeNull();
  });

  it("asks in French", async () => {
    setToken("t-3");
    await renderWithApp(<TermsNotice />, {
      api: new FakeApi().on("GET /terms/status", { json: asked }),
      language: "fr",
    });
    await screen.findByRole("region", { name: "Nos Conditions ont changé" });
    expect(screen.getByRole("button", { name: "J'accepte les nouvelles Conditions" })).toBeTruthy();
  });
});

describe("registration's Terms box", () => {
  it("refuses with the specification's sentence until ticked, then sends accept_terms", async () => {
    const api = new FakeApi().on("POST /auth/register", { status: 201, json: { message: "ok" } });
    await renderWithApp(<RegisterPage />, { api });
    await userEvent.type(screen.getByLabelText("First name"), "Ada");
    await userEvent.type(screen.getByLabelText("Last name"), "Obi");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "correct horse battery");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please Accept our all Terms and Privacy!");
    expect(api.callsTo("POST /auth/register")).toHaveLength(0);
    await userEvent.click(
      screen.getByRole("checkbox", { name: /I accept the Terms and the Privacy Policy/ }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(api.callsTo("POST /auth/register")).toHaveLength(1));
    expect(api.callsTo("POST /auth/register")[0]!.body).toMatchObject({
      accept_terms: true,
      email: "ada@example.com",
    });
  });
});
