// @vitest-environment happy-dom
import type { CompanyWallet, MyCompany, PublicCompanyInvitation } from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { readStorage, STORAGE_KEYS } from "../../lib/storage-keys";
import { FakeApi, renderWithApp } from "../../test/render";
import { JoinCompanyPage } from "./join-page";
import { MembersPage } from "./members-page";

const wallet: CompanyWallet = {
  company_id: 7,
  name: "Acme Lagos",
  billing: "wallet",
  currency: "NGN",
  time_zone: "Africa/Lagos",
  verified: true,
  disabled: false,
  credit_limit: 0,
  balances: [{ currency: "NGN", balance: 0, available: 0 }],
};

const company = (role: MyCompany["role"]): MyCompany => ({
  id: 7,
  name: "Acme Lagos",
  role,
  country_code: "NG",
  currency: "NGN",
  verified: true,
  disabled: false,
  billing: "wallet",
  cost_centre: "",
});

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, size: 50, pages: 1 });

const membersApi = (role: MyCompany["role"]) =>
  new FakeApi()
    .on("GET /business/companies/7", () => ({ json: company(role) }))
    .on("GET /business/companies/7/wallet", () => ({ json: wallet }))
    .on("GET /business/companies/7/members", () => ({
      json: page([
        {
          id: 1,
          name: "Funmi Ade",
          email: "funmi@acme.test",
          role: "owner",
          cost_centre: "",
          joined_at: "2026-11-01T09:00:00Z",
        },
        {
          id: 2,
          name: "Ada Obi",
          email: "ada@acme.test",
          role: "member",
          cost_centre: "Sales",
          // 23:30 UTC is already the 2nd in Lagos: the date is the company's.
          joined_at: "2026-11-01T23:30:00Z",
        },
      ]),
    }))
    .on("GET /business/companies/7/invitations", () => ({
      json: page([
        {
          id: "5b0f4f7e-2f7a-4d5e-9c7e-0b6a1d2c3e4f",
          email: "new@acme.test",
          role: "member",
          cost_centre: "",
          invited_by: "Funmi Ade",
          status: "pending",
          created_at: "2026-11-20T10:00:00Z",
          expires_at: "2026-11-27T10:00:00Z",
        },
      ]),
    }));

const at = (path: string, element: React.ReactNode) => (
  <Routes>
    <Route path={path} element={element} />
  </Routes>
);

describe("the members page", () => {
  it("lists members on the company's clock, invites in the chosen language, withdraws an invitation", async () => {
    const api = membersApi("admin")
      .on("POST /business/companies/7/invitations", () => ({
        status: 201,
        json: { message: "Invitation envoyée à zed@acme.test", invitation: {} },
      }))
      .on("DELETE /business/companies/7/invitations/5b0f4f7e-2f7a-4d5e-9c7e-0b6a1d2c3e4f", () => ({
        json: { message: "Invitation retirée" },
      }));
    await renderWithApp(at("/business/:id/members", <MembersPage />), {
      api,
      route: "/business/7/members",
      language: "fr",
    });
    expect(await screen.findByText("Ada Obi")).toBeTruthy();
    expect(screen.getByText(/membre depuis le .*2 nov/)).toBeTruthy();
    // An admin invites members only, and manages members, not the owner.
    expect(screen.queryByRole("option", { name: "Administrateur" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Retirer Funmi Ade" })).toBeNull();
    expect(screen.getByRole("button", { name: "Retirer Ada Obi" })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Envoyer l'invitation" }));
    expect(await screen.findByText("Ce champ est obligatoire !")).toBeTruthy();
    expect(api.callsTo("POST /business/companies/7/invitations")).toHaveLength(0);

    await user.type(screen.getByLabelText(/Adresse e-mail/), "zed@acme.test");
    await user.type(screen.getByLabelText(/Centre de coût/), "Ventes");
    await user.click(screen.getByRole("button", { name: "Envoyer l'invitation" }));
    expect(await screen.findByText("Invitation envoyée à zed@acme.test")).toBeTruthy();
    expect(api.callsTo("POST /business/companies/7/invitations")[0]!.body).toEqual({
      email: "zed@acme.test",
      role: "member",
      cost_centre: "Ventes",
      language: "fr",
    });

    await user.click(screen.getByRole("button", { name: "Retirer l'invitation envoyée à new@acme.test" }));
    await waitFor(() =>
      expect(
        api.callsTo("DELETE /business/companies/7/invitations/5b0f4f7e-2f7a-4d5e-9c7e-0b6a1d2c3e4f"),
      ).toHaveLength(1),
    );
  });

  it("removes a member after asking, and an owner may invite an admin", async () => {
    const api = membersApi("owner").on("DELETE /business/companies/7/members/2", () => ({
      json: { message: "The member was removed from the company" },
    }));
    await renderWithApp(at("/business/:id/members", <MembersPage />), { api, route: "/business/7/members" });
    expect(await screen.findByRole("option", { name: "Admin" })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Remove Ada Obi" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toMatch(/stops paying/);
    expect(api.callsTo("DELETE /business/companies/7/members/2")).toHaveLength(0);
    await user.click(screen.getAllByRole("button", { name: "Remove" }).at(-1)!);
    await waitFor(() => expect(api.callsTo("DELETE /business/companies/7/members/2")).toHaveLength(1));
  });
});

describe("joining from an invitation link", () => {
  const invitation = (over: Partial<PublicCompanyInvitation> = {}): PublicCompanyInvitation => ({
    company: "Acme Lagos",
    email: "new@acme.test",
    role: "member",
    invited_by: "Funmi Ade",
    expires_at: "2026-11-27T10:00:00Z",
    account_exists: false,
    ...over,
  });
  /** What joining answers: the new member signed in (token `token`) and the company joined. */
  const joined = (token: string, userId: string) => ({
    access_token: token,
    token_type: "bearer",
    user: { id: userId, email: "new@acme.test", first_name: "Zed", last_name: "Ade" },
    company: { id: 7, name: "Acme Lagos" },
  });

  it("an existing account gives its password and ticks the Terms box, in English", async () => {
    const api = new FakeApi()
      .on("GET /business/invitations/tok-3", () => ({ json: invitation({ account_exists: true }) }))
      .on("POST /business/invitations/tok-3/accept", () => ({ json: joined("t-3", "u3") }));
    await renderWithApp(at("/business-invite", <JoinCompanyPage />), {
      api,
      route: "/business-invite?token=tok-3",
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Your Parkwell password/), "drive-safely-2026");
    await user.click(screen.getByRole("button", { name: "Join the company" }));
    expect(await screen.findByText("Please Accept our all Terms and Privacy!")).toBeTruthy();
    expect(api.callsTo("POST /business/invitations/tok-3/accept")).toHaveLength(0);
    await user.click(screen.getByRole("checkbox", { name: /I accept the Terms and the Privacy Policy/ }));
    await user.click(screen.getByRole("button", { name: "Join the company" }));
    await waitFor(() => expect(readStorage(STORAGE_KEYS.token)).toBe("t-3"));
    expect(api.callsTo("POST /business/invitations/tok-3/accept")[0]!.body).toEqual({
      password: "drive-safely-2026",
      accept_terms: true,
    });
  });

  it("registers a new address with a name and a password, in French", async () => {
    const api = new FakeApi()
      .on("GET /business/invitations/tok-1", () => ({ json: invitation() }))
      .on("POST /business/invitations/tok-1/accept", () => ({ json: joined("t-1", "u1") }));
    await renderWithApp(at("/business-invite", <JoinCompanyPage />), {
      api,
      route: "/business-invite?token=tok-1",
      language: "fr",
    });
    expect(
      await screen.findByText(
        "Funmi Ade vous invite à rejoindre le compte professionnel de Acme Lagos sur Parkwell en tant que membre.",
      ),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Prénom/), "Zed");
    await user.type(screen.getByLabelText(/^Nom/), "Ade");
    await user.type(screen.getByLabelText(/Choisissez un mot de passe/), "a-long-enough-password-2026");
    // The Terms box is part of joining: unticked, the form says so at the box and sends nothing.
    const terms = screen.getByRole("checkbox", { name: /J'accepte les Conditions/ });
    expect(screen.getByRole("link", { name: "Conditions" }).getAttribute("href")).toBe("/terms");
    await user.click(screen.getByRole("button", { name: "Rejoindre l'entreprise" }));
    expect(
      await screen.findByText("Veuillez accepter nos Conditions et notre Politique de confidentialité !"),
    ).toBeTruthy();
    expect(terms.getAttribute("aria-invalid")).toBe("true");
    expect(api.callsTo("POST /business/invitations/tok-1/accept")).toHaveLength(0);
    await user.click(terms);
    await user.click(screen.getByRole("button", { name: "Rejoindre l'entreprise" }));
    // Signed in as the new account (the page then loads /business afresh).
    await waitFor(() => expect(readStorage(STORAGE_KEYS.token)).toBe("t-1"));
    expect(api.callsTo("POST /business/invitations/tok-1/accept")[0]!.body).toEqual({
      first_name: "Zed",
      last_name: "Ade",
      password: "a-long-enough-password-2026",
      accept_terms: true,
    });
  });

  it("says a link that no longer works", async () => {
    const api = new FakeApi().on("GET /business/invitations/tok-2", () => ({
      status: 410,
      json: { code: "invitation_expired", message: "This invitation has expired. Please ask for a new one." },
    }));
    await renderWithApp(at("/business-invite", <JoinCompanyPage />), {
      api,
      route: "/business-invite?token=tok-2",
    });
    expect((await screen.findByRole("alert")).textContent).toMatch(/expired/);
  });
});
