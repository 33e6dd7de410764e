// @vitest-environment happy-dom
import {
  COMPANY_PAY_SWITCHES,
  CompanyPolicySchema,
  switchField,
  type CompanyPolicy,
  type CompanyWallet,
} from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { PolicyPage } from "./policy-page";

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));

const policy = (over: Partial<CompanyPolicy> = {}): CompanyPolicy =>
  CompanyPolicySchema.parse({
    company_id: 7,
    countries: ["NG"],
    park_types: null,
    hours: null,
    extensions_allowed: true,
    marketplace_allowed: false,
    passes_allowed: false,
    vehicle_docs_allowed: false,
    limits: [{ currency: "NGN", per_booking: 20_000, per_member_month: null }],
    editable: true,
    ...over,
  });

const wallet: CompanyWallet = {
  company_id: 7,
  name: "Acme Lagos",
  billing: "wallet",
  currency: "NGN",
  time_zone: "Africa/Lagos",
  verified: true,
  disabled: false,
  credit_limit: 0,
  balances: [{ currency: "NGN", balance: 5000, available: 5000 }],
};

const policyApi = (stored: CompanyPolicy) =>
  new FakeApi()
    .on("GET /business/companies/7/policy", () => ({ json: stored }))
    .on("GET /business/companies/7/wallet", () => ({ json: wallet }));

const open = (api: FakeApi, language?: "en" | "fr") =>
  renderWithApp(
    <Routes>
      <Route path="/business/:id/policy" element={<PolicyPage />} />
    </Routes>,
    { api, route: "/business/7/policy", ...(language ? { language } : {}) },
  );

describe("the company policy page's days and hours", () => {
  it("sends the windows the owner chose, the rest of the policy as it was", async () => {
    const api = policyApi(policy()).on("PUT /business/companies/7/policy", (req) => ({
      json: policy({ hours: (req.body as CompanyPolicy).hours }),
    }));
    await open(api);
    expect(await screen.findByText("The company pays for bookings at any time.")).toBeTruthy();
    expect((screen.getByRole("radio", { name: "At any time" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole("textbox", { name: "From (HH:MM)" })).toBeNull();

    await userEvent.click(screen.getByRole("radio", { name: "Custom hours" }));
    const ends = screen.getAllByRole("textbox", { name: "To (HH:MM)" });
    expect(ends).toHaveLength(5);
    await userEvent.clear(ends[0]!);
    await userEvent.type(ends[0]!, "13:00");
    await userEvent.click(screen.getByRole("button", { name: "Add a window" }));
    await userEvent.selectOptions(screen.getAllByRole("combobox", { name: "Day" })[5]!, "6");
    await userEvent.type(screen.getAllByRole("textbox", { name: "From (HH:MM)" })[5]!, "09:00");
    await userEvent.type(screen.getAllByRole("textbox", { name: "To (HH:MM)" })[5]!, "13:00");
    await userEvent.click(screen.getByRole("button", { name: "Remove window 2" }));
    expect(
      await screen.findByText(
        "The company pays for bookings: Mon 07:00-13:00, Wed to Fri 07:00-19:00 and Sat 09:00-13:00",
      ),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Save the policy" }));
    await waitFor(() => expect(api.callsTo("PUT /business/companies/7/policy")).toHaveLength(1));
    expect(api.callsTo("PUT /business/companies/7/policy")[0]!.body).toEqual({
      countries: ["NG"],
      park_types: null,
      hours: [
        { weekday: 1, start: "07:00", end: "13:00" },
        ...weekdays.slice(2),
        { weekday: 6, start: "09:00", end: "13:00" },
      ],
      extensions_allowed: true,
      marketplace_allowed: false,
      passes_allowed: false,
      vehicle_docs_allowed: false,
      limits: [{ currency: "NGN", per_booking: 20_000, per_member_month: null }],
    });
    expect(await screen.findByText("Policy saved")).toBeTruthy();
  });

  it("sends null for « à toute heure » (any time), in French", async () => {
    const api = policyApi(policy({ hours: weekdays })).on("PUT /business/companies/7/policy", () => ({
      json: policy(),
    }));
    await open(api, "fr");
    expect(
      await screen.findByText("L'entreprise paie les réservations : en semaine 07:00-19:00"),
    ).toBeTruthy();
    expect((screen.getByRole("radio", { name: "En semaine 07:00-19:00" }) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.click(screen.getByRole("radio", { name: "À toute heure" }));
    expect(screen.getByText("L'entreprise paie les réservations à toute heure.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer les règles" }));
    await waitFor(() => expect(api.callsTo("PUT /business/companies/7/policy")).toHaveLength(1));
    expect(api.callsTo("PUT /business/companies/7/policy")[0]!.body).toMatchObject({ hours: null });
  });

  it("shows the server's refusal of the windows at the hours, and a bad time before anything is sent", async () => {
    const api = policyApi(policy({ hours: [{ weekday: 1, start: "07:00", end: "19:00" }] })).on(
      "PUT /business/companies/7/policy",
      () => ({
        status: 422,
        json: {
          code: "validation_error",
          message: "Two windows of the hours overlap",
          fields: { hours: "Two windows of the hours overlap" },
        },
      }),
    );
    await open(api);
    expect(((await screen.findByRole("radio", { name: "Custom hours" })) as HTMLInputElement).checked).toBe(
      true,
    );
    const end = screen.getByRole("textbox", { name: "To (HH:MM)" });
    await userEvent.clear(end);
    await userEvent.type(end, "25:00");
    await userEvent.click(screen.getByRole("button", { name: "Save the policy" }));
    await waitFor(() => expect(end.getAttribute("aria-invalid")).toBe("true"));
    expect(api.callsTo("PUT /business/companies/7/policy")).toHaveLength(0);

    await userEvent.clear(end);
    await userEvent.type(end, "12:00");
    await userEvent.click(screen.getByRole("button", { name: "Save the policy" }));
    await waitFor(() => expect(api.callsTo("PUT /business/companies/7/policy")).toHaveLength(1));
    const hours = screen.getByRole("heading", { name: "Days and hours" }).closest("section")!;
    expect((await within(hours).findByRole("alert")).textContent).toBe("Two windows of the hours overlap");
    // Shown at the hours only, not again in the form's alert.
    expect(screen.getAllByText("Two windows of the hours overlap")).toHaveLength(1);
  });

  it("shows a member the hours without a way to change them", async () => {
    await open(policyApi(policy({ hours: weekdays, editable: false })));
    expect(await screen.findByText("The company pays for bookings: weekdays 07:00-19:00")).toBeTruthy();
    expect((screen.getByRole("radio", { name: "At any time" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Add a window" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save the policy" })).toBeNull();
  });
});

describe("the company policy page's countries", () => {
  it("picks the served countries by name in the page's language, with the keyboard, in French", async () => {
    const api = policyApi(policy({ countries: ["NG"] })).on("PUT /business/companies/7/policy", () => ({
      json: policy(),
    }));
    await open(api, "fr");
    const group = await screen.findByRole("group", { name: "Pays" });
    const names = within(group)
      .getAllByRole("checkbox")
      .map((box) => box.closest("label")!.textContent);
    expect(names).toEqual(["Nigeria", "Canada", "Sénégal", "États-Unis"]);
    expect((within(group).getByRole("checkbox", { name: "Nigeria" }) as HTMLInputElement).checked).toBe(true);
    const user = userEvent.setup();
    within(group).getByRole("checkbox", { name: "Sénégal" }).focus();
    await user.keyboard(" ");
    await user.click(screen.getByRole("button", { name: "Enregistrer les règles" }));
    await waitFor(() => expect(api.callsTo("PUT /business/companies/7/policy")).toHaveLength(1));
    expect(api.callsTo("PUT /business/companies/7/policy")[0]!.body).toMatchObject({
      countries: ["NG", "SN"],
    });
  });
});

describe("the company policy page's switches", () => {
  it("shows a checkbox per switch, as stored, and sends each switch as ticked", async () => {
    const api = policyApi(policy({ marketplace_allowed: true, passes_allowed: true })).on(
      "PUT /business/companies/7/policy",
      (req) => ({ json: policy(req.body as Partial<CompanyPolicy>) }),
    );
    await open(api);
    const box = async (name: string) => (await screen.findByRole("checkbox", { name })) as HTMLInputElement;
    expect((await box("Pays for extensions and renewals")).checked).toBe(true);
    expect((await box("Pays for marketplace orders")).checked).toBe(true);
    expect((await box("Pays for monthly passes")).checked).toBe(true);
    expect((await box("Pays for vehicle documents")).checked).toBe(false);
    await userEvent.click(await box("Pays for extensions and renewals"));
    await userEvent.click(await box("Pays for vehicle documents"));
    await userEvent.click(screen.getByRole("button", { name: "Save the policy" }));
    await waitFor(() => expect(api.callsTo("PUT /business/companies/7/policy")).toHaveLength(1));
    expect(api.callsTo("PUT /business/companies/7/policy")[0]!.body).toMatchObject({
      extensions_allowed: false,
      marketplace_allowed: true,
      passes_allowed: true,
      vehicle_docs_allowed: true,
    });
  });

  it("names every switch of the contract, each in its own words, in English and in French", async () => {
    const labels: Record<string, string[]> = {};
    for (const language of ["en", "fr"] as const) {
      const { unmount } = await open(policyApi(policy()), language);
      await screen.findAllByRole("checkbox");
      labels[language] = COMPANY_PAY_SWITCHES.map(
        (s) =>
          document.querySelector(`input[name="${switchField(s.name)}"]`)?.closest("label")?.textContent ?? "",
      );
      unmount();
    }
    // A switch without its label shows i18next's key, nothing, or (in French) the English words.
    for (const language of ["en", "fr"]) {
      expect(
        labels[language]!.filter((text) => text === "" || text.includes("policy.")),
        language,
      ).toEqual([]);
      expect(new Set(labels[language]).size, language).toBe(COMPANY_PAY_SWITCHES.length);
    }
    expect(labels.fr!.filter((text) => labels.en!.includes(text))).toEqual([]);
  });
});

describe("the countries picker's layout", () => {
  it("gives its hint a whole row, so the countries line up in the columns under it", () => {
    // happy-dom lays nothing out: the rule itself.
    const css = readFileSync(join(import.meta.dirname, "dashboard.css"), "utf8");
    expect(css).toMatch(/\.business-checks > \.field__hint,[^{]*\{\s*grid-column:\s*1 \/ -1;/);
  });
});
