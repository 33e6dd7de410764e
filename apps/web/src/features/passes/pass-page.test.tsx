// @vitest-environment happy-dom
import { formatZonedDateTime, PassDetailSchema, type PassDetail } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setCachedProfile, setToken } from "../../lib/session";
import { FakeApi, renderWithApp } from "../../test/render";
import { PassView } from "./pass-page";

const ZONE = "Africa/Lagos";
const breakdown = {
  hours: 0,
  days: 30,
  parking: 40_000,
  service_fee: 100,
  booking_fee: 2_000,
  tax: 157.5,
  tax_name: "VAT",
  taxes: [],
  total: 42_257.5,
};
const active: PassDetail = PassDetailSchema.parse({
  id: "p1",
  pass_code: "MP-7K3MQ2XA",
  space_label: null,
  status: "active",
  ended_reason: null,
  plan: {
    id: 1,
    name: { en: "Weekday commuter", fr: "Navetteur en semaine" },
    windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" })),
  },
  park: {
    id: 29,
    name: "Allen Avenue Car Park",
    slug: "allen-avenue-car-park-lagos",
    address: "177 Allen Avenue, Ikeja",
    time_zone: ZONE,
  },
  vehicle_type_id: 1,
  vehicle_type: "Car",
  plates: ["LAG123AA"],
  starts_at: "2026-11-26T14:12:00.000Z",
  paid_until: "2026-12-25T23:00:00.000Z",
  renews_at: "2026-12-25T23:00:00.000Z",
  cancel_at_period_end: false,
  term_months: 1,
  currency: "NGN",
  monthly_price: 40_000,
  created_at: "2026-11-26T14:12:00.000Z",
  qr: "eyJ2IjoxfQ.c2ln",
  cancel_effective_at: "2026-12-25T23:00:00.000Z",
  next_charge: {
    amount: 42_257.5,
    currency: "NGN",
    breakdown,
    period_start: "2026-12-25T23:00:00.000Z",
    period_end: "2027-01-25T23:00:00.000Z",
  },
  grace: null,
  paid_by_company: null,
  wallet: { apple: null, google: null },
  charges: [
    {
      period: 1,
      period_start: "2026-11-26T14:12:00.000Z",
      period_end: "2026-12-25T23:00:00.000Z",
      amount: 42_257.5,
      currency: "NGN",
      breakdown,
      charged_at: "2026-11-26T14:12:00.000Z",
    },
  ],
});
const route = `/passes/${active.pass_code}`;

describe("a monthly pass's page", () => {
  it("in grace: says the renewal failed, what is missing and when it lapses, on the park's clock, with a top-up link", async () => {
    const grace = {
      ...active,
      status: "grace" as const,
      cancel_effective_at: "2026-12-26T08:00:00.000Z",
      grace: { lapses_at: "2026-12-28T23:00:00.000Z", missing: 12_257.5 },
    };
    const api = new FakeApi().on(`GET ${route}`, { json: grace });
    await renderWithApp(<PassView code={active.pass_code} />, { api, route, language: "fr" });
    const warning = await screen.findByTestId("pass-grace");
    expect(warning.textContent).toContain("Le renouvellement a échoué");
    expect(warning.textContent).toContain(formatZonedDateTime(grace.grace.lapses_at, "fr", ZONE));
    expect(warning.textContent).toMatch(/il manque 12\s257,50\s₦/);
    expect(
      within(warning).getByRole("link", { name: "Recharger mon portefeuille" }).getAttribute("href"),
    ).toBe("/wallet");
    expect(screen.getByTestId("pass-badge").textContent).toBe("Renouvellement échoué");
    expect(screen.getByText("Voiture")).toBeTruthy();
    // A cancel in grace ends the pass now: the page says so rather than a date.
    expect(screen.getByText(/une résiliation met fin à l'abonnement tout de suite/)).toBeTruthy();
  });

  it.each([
    {
      language: "en" as const,
      paidBy: "Paid by",
      title: "Acme Logistics did not pay this renewal",
      lacks: /Your wallet lacks ₦2,257\.50 to pay it/,
      button: "Renew from my wallet (₦42,257.50)",
      topUp: "Top up my wallet",
    },
    {
      language: "fr" as const,
      paidBy: "Payé par",
      title: "Acme Logistics n'a pas payé ce renouvellement",
      lacks: /Il manque 2\s257,50\s₦ dans votre portefeuille pour le payer/,
      button: /^Renouveler depuis mon portefeuille \(42\s257,50\s₦\)$/,
      topUp: "Recharger mon portefeuille",
    },
  ])(
    "a pass its company pays says so; in grace ($language) the company did not pay, and the driver renews it from the wallet with an Idempotency-Key",
    async ({ language, paidBy, title, lacks, button, topUp }) => {
      const company = { ...active, paid_by_company: "Acme Logistics" };
      const grace = {
        ...company,
        status: "grace" as const,
        cancel_effective_at: "2026-12-26T08:00:00.000Z",
        grace: { lapses_at: "2026-12-28T23:00:00.000Z", missing: 2_257.5 },
      };
      const renewed = { ...active, paid_until: "2027-01-25T23:00:00.000Z" };
      const api = new FakeApi()
        .on(`GET ${route}`, { json: grace })
        .on(`POST ${route}/renew`, { json: renewed })
        .on("GET /passes", { json: { items: [], total: 0, page: 1, size: 10, pages: 1 } });
      await renderWithApp(<PassView code={active.pass_code} />, { api, route, language });
      const warning = await screen.findByTestId("pass-company-grace");
      expect(warning.textContent).toContain(title);
      expect(warning.textContent).toMatch(lacks);
      expect(within(warning).getByRole("link", { name: topUp }).getAttribute("href")).toBe("/wallet");
      // The wallet's own grace notice is not shown: the company, not the wallet, failed to pay.
      expect(screen.queryByTestId("pass-grace")).toBeNull();
      expect(screen.getByText(paidBy)).toBeTruthy();
      expect(screen.getByTestId("pass-paid-by").textContent).toBe("Acme Logistics");
      await userEvent.click(within(warning).getByRole("button", { name: button }));
      await waitFor(() => expect(screen.queryByTestId("pass-company-grace")).toBeNull());
      const calls = api.callsTo(`POST ${route}/renew`);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
      // Renewed from the wallet: no company any more.
      expect(screen.queryByTestId("pass-paid-by")).toBeNull();
    },
  );

  it("cancels after a confirmation naming the day it takes effect and no refund, then says when it ends", async () => {
    const cancelled = {
      ...active,
      cancel_at_period_end: true,
      renews_at: null,
      cancel_effective_at: null,
      next_charge: null,
    };
    const api = new FakeApi()
      .on(`GET ${route}`, { json: active })
      .on(`POST ${route}/cancel`, { json: cancelled })
      .on("GET /passes", { json: { items: [], total: 0, page: 1, size: 10, pages: 1 } });
    await renderWithApp(<PassView code={active.pass_code} />, { api, route });
    const ends = formatZonedDateTime(active.paid_until, "en", ZONE);
    // The renewal's day on the park's clock (midnight in Lagos is still the 25th in UTC) and its price.
    expect((await screen.findByTestId("pass-next")).textContent).toMatch(/^Dec 26, 2026: ₦42,257\.50$/);
    await userEvent.click(screen.getByRole("button", { name: "Cancel the pass" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(`The pass will end on ${ends}`);
    expect(dialog.textContent).toContain("The term paid is not refunded");
    expect(api.callsTo(`POST ${route}/cancel`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel the pass" }));
    const endsLine = await screen.findByTestId("pass-ends");
    expect(endsLine.textContent).toContain(`ends on ${ends}`);
    // The button pressed is gone: the focus lands on the line that says what happened, not the page.
    await waitFor(() => expect(document.activeElement).toBe(endsLine));
    expect(api.callsTo(`POST ${route}/cancel`)).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Cancel the pass" })).toBeNull();
    expect(screen.getByTestId("pass-badge").textContent).toBe("Active, not renewing");
  });

  it("changes the plates with the filled boxes only, and refuses a bad plate before sending", async () => {
    const api = new FakeApi()
      .on(`GET ${route}`, { json: active })
      .on(`PUT ${route}/vehicles`, (call) => ({
        json: { ...active, plates: (call.body as { plates: string[] }).plates },
      }))
      .on("GET /passes", { json: { items: [], total: 0, page: 1, size: 10, pages: 1 } });
    await renderWithApp(<PassView code={active.pass_code} />, { api, route });
    await userEvent.click(await screen.findByRole("button", { name: "Change the plates" }));
    const second = screen.getByLabelText("Second plate number (optional)");
    await userEvent.type(second, "bad plate!");
    await userEvent.click(screen.getByRole("button", { name: "Save the plates" }));
    await waitFor(() => expect(second.getAttribute("aria-invalid")).toBe("true"));
    expect(api.callsTo(`PUT ${route}/vehicles`)).toHaveLength(0);
    await userEvent.clear(second);
    await userEvent.type(second, "abj 456 bb");
    await userEvent.click(screen.getByRole("button", { name: "Save the plates" }));
    expect(await screen.findByText(/Plates changed: LAG123AA, ABJ456BB/)).toBeTruthy();
    // The form is gone: the focus is back on the button that opened it.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Change the plates" })),
    );
    expect(api.callsTo(`PUT ${route}/vehicles`).map((c) => c.body)).toEqual([
      { plates: ["LAG123AA", "ABJ456BB"] },
    ]);
  });
});

describe("a monthly pass's page with no network (lib/offline-passes.ts)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T09:00:00.000Z"));
    setToken("token-u1");
    setCachedProfile({ id: "u1", email: "u1@example.com" });
  });
  afterEach(() => vi.useRealTimers());

  it("opens from the copy kept when it was seen, with its QR code and without its changes, until its paid term ends", async () => {
    const detail = `GET /passes/${active.pass_code}`;
    const online = await renderWithApp(<PassView code={active.pass_code} />, {
      api: new FakeApi().on(detail, { json: active }),
      route,
    });
    await screen.findByRole("img", { name: /QR/ });
    online.unmount();

    const offline = () =>
      new FakeApi().on(detail, () => {
        throw new TypeError("Failed to fetch");
      });
    const view = await renderWithApp(<PassView code={active.pass_code} />, { api: offline(), route });
    expect((await screen.findByTestId("saved-copy")).textContent).toContain(
      "You're offline: this is the copy saved on this device",
    );
    expect(await screen.findByRole("img", { name: /QR/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Cancel/ })).toBeNull();
    view.unmount();

    // Its paid term over, the copy no longer opens anything.
    vi.setSystemTime(new Date(Date.parse(active.paid_until) + 1));
    await renderWithApp(<PassView code={active.pass_code} />, { api: offline(), route });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.queryByTestId("saved-copy")).toBeNull();
  });
});
