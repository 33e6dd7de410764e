// @vitest-environment happy-dom
import { formatZonedDateTime, type ReferralInvitation, type ReferralMe } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { clearSession, setToken } from "../../lib/session";
import { FakeApi, renderWithApp, type ApiCall } from "../../test/render";
import { AffiliatesRewards } from "./affiliates-rewards";
import { ReferralsPage } from "./referrals-page";
import { RegisterPage } from "./register-page";

afterEach(() => clearSession());

const invitation = (over: Partial<ReferralInvitation>): ReferralInvitation => ({
  id: "r1",
  name: "Bola T.",
  email: "b***@example.com",
  status: "registered",
  reason: null,
  // 23:30 UTC on the 26th is 00:30 on the 27th in Lagos.
  registered_at: "2026-11-26T23:30:00.000Z",
  rewarded_at: null,
  earned: null,
  ...over,
});

const me = (items: ReferralInvitation[], page = 1, pages = 1): ReferralMe => ({
  code: "K7M3Q9P",
  link: "/register?ref=K7M3Q9P",
  reward: { amount: 1000, currency: "NGN" },
  time_zone: "Africa/Lagos",
  earned: [{ amount: 1000, currency: "NGN" }],
  invitations: { items, total: items.length, page, size: 10, pages },
});

const ITEMS = [
  invitation({
    id: "r3",
    name: "Chidi E.",
    status: "rewarded",
    rewarded_at: "2026-11-27T10:00:00.000Z",
    earned: { amount: 1000, currency: "NGN" },
  }),
  invitation({ id: "r2", name: "Dayo A.", status: "refused", reason: "same_device" }),
  invitation({}),
];

function fakeMe(answer: (q: URLSearchParams) => ReferralMe = () => me(ITEMS)) {
  return new FakeApi().on("GET /referrals/me", (call: ApiCall) => ({ json: answer(call.query) }));
}

describe("the driver's referrals page", () => {
  for (const language of ["en", "fr"] as const) {
    it(`shows the link with its copy button, the code, the reward, the total and each invitation with its status and date on the country's clock (${language})`, async () => {
      setToken("t-1");
      const api = fakeMe();
      await renderWithApp(<ReferralsPage />, { api, route: "/referrals", language });
      const link = (await screen.findByLabelText(
        language === "en" ? "Your personal link" : "Votre lien personnel",
      )) as HTMLInputElement;
      expect(link.value).toBe(`${window.location.origin}/register?ref=K7M3Q9P`);
      expect(link.readOnly).toBe(true);
      expect(screen.getByText("K7M3Q9P")).toBeTruthy();
      expect(screen.getByTestId("referrals-earned").textContent).toMatch(/1[,\u202f\u00a0 ]?000/);
      expect(document.body.textContent).toContain(
        language === "en" ? "you and they each get" : "vous recevez chacun",
      );
      const rows = within(screen.getByRole("list")).getAllByRole("listitem");
      expect(rows).toHaveLength(3);
      const [rewarded, refused, registered] = rows as [HTMLElement, HTMLElement, HTMLElement];
      expect(rewarded.textContent).toContain("Chidi E.");
      expect(rewarded.textContent).toContain(language === "en" ? "Rewarded" : "Récompensé");
      expect(refused.textContent).toContain(
        language === "en"
          ? "Refused: registered on a device you use"
          : "Refusé\u00a0: inscrit sur un appareil que vous utilisez",
      );
      expect(registered.textContent).toContain(language === "en" ? "Registered" : "Inscrit");
      expect(registered.textContent).toContain("b***@example.com");
      // On Lagos's clock (UTC+1), with the month: the 27th, not UTC's 26th.
      const time = registered.querySelector("time")!.textContent!;
      expect(time).toBe(formatZonedDateTime("2026-11-26T23:30:00.000Z", language, "Africa/Lagos"));
      if (language === "en") expect(time).toMatch(/^Nov 27, 2026/);
      // The device id goes with the request (the same-device rule), and stays the same.
      const sent = api.callsTo("GET /referrals/me")[0]!.headers.get("x-device-id");
      expect(sent).toMatch(/^[0-9a-f-]{36}$/);
      expect(localStorage.getItem("parkwell_device_id")).toBe(sent);
    });
  }

  it("copies the whole link with its button, by keyboard", async () => {
    setToken("t-1");
    const written: string[] = [];
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    await renderWithApp(<ReferralsPage />, { api: fakeMe(), route: "/referrals" });
    const button = await screen.findByRole("button", { name: "Copy link" });
    button.focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(written).toEqual([`${window.location.origin}/register?ref=K7M3Q9P`]));
    expect(screen.getByText("Link copied.")).toBeTruthy();
  });

  it("pages the invitations with the one pagination", async () => {
    setToken("t-1");
    const api = fakeMe((q) => me([invitation({ id: `p${q.get("page")}` })], Number(q.get("page") ?? 1), 3));
    await renderWithApp(<ReferralsPage />, { api, route: "/referrals" });
    await screen.findByText("Page 1 of 3");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Page 2 of 3");
    expect(api.callsTo("GET /referrals/me").map((c) => c.query.get("page"))).toEqual(["1", "2"]);
  });

  it("says when nobody has registered yet and nothing was earned", async () => {
    setToken("t-1");
    const api = fakeMe(() => ({ ...me([]), earned: [] }));
    await renderWithApp(<ReferralsPage />, { api, route: "/referrals", language: "fr" });
    await screen.findByText("Personne ne s’est encore inscrit avec votre lien.");
    expect(screen.getByTestId("referrals-earned").textContent).toBe("Rien pour l’instant");
  });
});

describe("the /affiliates page's amounts", () => {
  it.each(["en", "fr"] as const)("lists each country's reward from the API (%s)", async (language) => {
    const api = new FakeApi().on("GET /referrals/rewards", {
      json: {
        items: [
          { country_code: "NG", country_name: "Nigeria", amount: 1000, currency: "NGN" },
          { country_code: "SN", country_name: "Senegal", amount: 2000, currency: "XOF" },
        ],
      },
    });
    await renderWithApp(
      <>
        <h1>Affiliates</h1>
        <AffiliatesRewards />
      </>,
      { api, language },
    );
    const heading = await screen.findByRole("heading", {
      name: language === "en" ? "What each of you gets" : "Ce que chacun reçoit",
    });
    const items = within(heading.closest("section")!).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toMatch(
      language === "en" ? /^Nigeria: ₦1,000(\.00)? each$/ : /^Nigeria\u00a0: .*chacun$/,
    );
    expect(items[1]!.textContent).toContain("Senegal");
  });
});

describe("registering through a driver's link", () => {
  it("keeps the code from the link to the register POST, with the device id, then forgets it", async () => {
    const api = new FakeApi().on("POST /auth/register", { status: 201, json: { message: "ok" } });
    await renderWithApp(<RegisterPage />, { api, route: "/register?ref=k7m3q9p" });
    expect(screen.getByTestId("referral-note").textContent).toContain("K7M3Q9P");
    expect(localStorage.getItem("parkwell_referral_code")).toBe("K7M3Q9P");
    await userEvent.type(screen.getByLabelText("First name"), "Ada");
    await userEvent.type(screen.getByLabelText("Last name"), "Obi");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "correct horse battery");
    await userEvent.click(
      screen.getByRole("checkbox", { name: /I accept the Terms and the Privacy Policy/ }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(api.callsTo("POST /auth/register")).toHaveLength(1));
    const body = api.callsTo("POST /auth/register")[0]!.body as Record<string, unknown>;
    expect(body.referral_code).toBe("K7M3Q9P");
    expect(body.device_id).toMatch(/^[0-9a-f-]{36}$/);
    await screen.findByText("Check your email");
    expect(localStorage.getItem("parkwell_referral_code")).toBeNull();
  });

  it("finds the code kept from an earlier visit when the page is opened without it", async () => {
    localStorage.setItem("parkwell_referral_code", "K7M3Q9P");
    const api = new FakeApi();
    await renderWithApp(<RegisterPage />, { api, route: "/register" });
    expect(screen.getByTestId("referral-note").textContent).toContain("K7M3Q9P");
  });

  it("has no note without a code", async () => {
    await renderWithApp(<RegisterPage />, { api: new FakeApi(), route: "/register?ref=nope" });
    expect(screen.queryByTestId("referral-note")).toBeNull();
  });
});
