// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BookDemoPage } from "../features/contact/book-demo-page";
import { EvHostForm } from "../features/contact/ev-host-form";
import { HelpPage } from "../features/contact/help-page";
import { InfoPage } from "../features/info/info-page";
import { ChargingParks } from "../features/parks/components/charging-parks";
import { FakeApi, renderWithApp } from "../test/render";

/**
 * Features that are not built, with why: no page may promise one (in either language) until it
 * is. A sentence may still name it to say it is not open yet. The change that builds a feature
 * removes its entry here, and the pages may then say it.
 */
const NOT_BUILT = [
  {
    feature: "approvals of a company's bookings",
    why: "a company's policy and limits accept or refuse a purchase at once: nobody approves a booking",
    en: /\bapprov/i,
    fr: /\bvalidations?\b|\bapprobations?\b|\bapprouv/i,
  },
  {
    feature: "monthly invoices",
    why: "a company pays from its account (on credit in invoice mode) and gets a statement each month, not an invoice",
    en: /monthly invoices?|invoiced once a month|monthly invoicing/i,
    fr: /factures? mensuelles?|facturé une fois par mois|facturation mensuelle/i,
  },
  {
    feature: "paying for charging priced per kWh through Parkwell",
    why: "a booking holds one of a park's chargers for its window; a group priced per hour is charged with the booking, but one priced per kWh is paid at the charger, at the operator's price: Parkwell cannot meter the energy (decision 048)",
    en: /pay (for )?(the )?(charging|energy) (through|on|with) Parkwell|charging is (included|paid with your booking)|(per|a) kWh[^.]*(paid with|included in) (the|your) booking/i,
    fr: /payez la recharge (sur|par|avec) Parkwell|recharge (est )?(incluse|payée avec votre réservation)|(par|au) kWh[^.]*(payée? avec|comprise? dans) (la|votre) réservation/i,
  },
  {
    feature: "a commission for publishers",
    why: "drivers invite drivers for a wallet credit (referrals); there is no commission, banner nor tracking for publishers: partnerships are answered by the team",
    en: /banners|commission/i,
    fr: /bannières|commission/i,
  },
] as const;

/** A sentence that says its feature is not open yet may name it. */
const SAYS_NOT_YET = { en: /not open yet|in a later release/i, fr: /pas encore|prochaine version/i } as const;

// Every information page that describes the product (the legal pages and careers do not), and the
// demo and help pages. /about and /help are shown from the API: here from their catalogue text,
// which is also the API's first version (apps/api/src/db/seed/pages.test.ts holds the two equal).
const DESCRIBING = [
  ...(["about", "getStarted", "howItWorks", "affiliates", "mediaCoverage"] as const),
  ...(["businessAccounts", "carParkManagement", "evCharging", "rentOutEvCharger"] as const),
].map(
  (id) =>
    [
      id,
      // /rent-out-ev-charger as its route shows it: the information, then the charger host's form;
      // /electric-vehicle-charging, the information, then the country's parks with chargers.
      () => (
        <InfoPage id={id}>
          {id === "rentOutEvCharger" && <EvHostForm />}
          {id === "evCharging" && <ChargingParks />}
        </InfoPage>
      ),
    ] as const,
);
const PAGES = [
  ...DESCRIBING,
  ["bookDemo", () => <BookDemoPage />] as const,
  ["help", () => <HelpPage />] as const,
];

/** The API's parks with chargers (GET /ev-charging/parks), for /electric-vehicle-charging. */
const chargingApi = (items = CHARGING_PARKS) =>
  new FakeApi().on("GET /ev-charging/parks", (call) => ({
    json: {
      items: call.query.get("country") === "NG" ? items : [],
      total: call.query.get("country") === "NG" ? items.length : 0,
      page: 1,
      size: 20,
      pages: 1,
    },
  }));
const CHARGING_PARKS = [
  {
    id: 7,
    slug: "marina-charging-garage",
    name: "Marina Charging Garage",
    city: "Lagos",
    address: "3 Marina",
    chargers: [
      { connector: "ccs2", power_kw: 60, count: 2, price_unit: "kwh", price: 380, currency: "NGN" },
      { connector: "type2", power_kw: 7.4, count: 1, price_unit: "hour", price: 1500.5, currency: "NGN" },
    ],
  },
];

describe("no page promises a feature that is not built", () => {
  for (const language of ["en", "fr"] as const) {
    it.each(PAGES)(`%s (${language})`, async (_, page) => {
      await renderWithApp(page(), { api: chargingApi(), language });
      await screen.findByRole("heading", { level: 1 });
      if (_ === "evCharging") await screen.findByRole("link", { name: "Marina Charging Garage" });
      const blocks = [...document.querySelectorAll("article :is(h1, h2, p, li, label, option)")];
      const sentences = blocks.flatMap((b) => (b.textContent ?? "").split(/(?<=[.!?])\s+/));
      const promised = sentences.flatMap((sentence) =>
        SAYS_NOT_YET[language].test(sentence)
          ? []
          : NOT_BUILT.filter((f) => f[language].test(sentence)).map(
              (f) => `${f.feature} (${f.why}): ${sentence}`,
            ),
      );
      expect(promised).toEqual([]);
    });
  }
});

describe("/rent-out-ev-charger", () => {
  it.each([
    ["en", "What happens next", "Tell us about your site", /commits you to nothing/],
    ["fr", "Et ensuite ?", "Parlez-nous de votre site", /ne vous engage à rien/],
  ] as const)(
    "says what sending its form does, above the form, and its first button leads to it (%s)",
    async (language, next, title, commits) => {
      const [, page] = DESCRIBING.find(([id]) => id === "rentOutEvCharger")!;
      await renderWithApp(page(), { api: new FakeApi(), language });
      const heading = screen.getByRole("heading", { name: next });
      const form = screen.getByRole("form", { name: title });
      expect(heading.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(heading.nextElementSibling?.textContent).toMatch(commits);
      const [first] = screen.getAllByRole("link", { name: title });
      expect(first?.getAttribute("href")).toBe(`#${form.id}`);
      expect(first?.className).toContain("button--accent");
    },
  );
});

describe("/electric-vehicle-charging", () => {
  it.each([
    [
      "en",
      /Parks with chargers in Nigeria/,
      "1 park lists its chargers.",
      /CCS2 · 60 kW · 2 chargers · .*380.* per kWh/,
      /Type 2 · 7\.4 kW · 1 charger · .*1,500\.50.* per hour/,
      /book a parking space there with one of its chargers held for your whole window/,
    ],
    [
      "fr",
      /Parkings avec bornes\s*: Nigeria/,
      "1 parking indique ses bornes.",
      /CCS2 · 60\skW · 2 bornes · .*380.* le kWh/,
      /Type 2 · 7,4\skW · 1 borne · .*1\s500,50.* l'heure/,
      /y réserver une place avec une de ses bornes gardée pour tout votre créneau/,
    ],
  ] as const)(
    "lists the country's parks with chargers from the API, linked, and says what a driver can do today (%s)",
    async (language, title, count, fast, slow, today) => {
      const api = chargingApi();
      const [, page] = DESCRIBING.find(([id]) => id === "evCharging")!;
      await renderWithApp(page(), { api, language });
      const list = await screen.findByRole("region", { name: title });
      const link = await within(list).findByRole("link", { name: "Marina Charging Garage" });
      expect(link.getAttribute("href")).toBe("/park/marina-charging-garage");
      expect(within(list).getByText(count)).toBeTruthy();
      expect(within(list).getByText(fast)).toBeTruthy();
      expect(within(list).getByText(slow)).toBeTruthy();
      expect(api.callsTo("GET /ev-charging/parks")[0]!.query.get("country")).toBe("NG");
      expect(screen.getByTestId("not-yet").textContent).toMatch(today);
    },
  );

  it("says plainly when the country has no park with chargers", async () => {
    const [, page] = DESCRIBING.find(([id]) => id === "evCharging")!;
    await renderWithApp(page(), { api: chargingApi([]), language: "en" });
    expect(await screen.findByText(/No park in this country lists chargers yet/)).toBeTruthy();
  });
});
