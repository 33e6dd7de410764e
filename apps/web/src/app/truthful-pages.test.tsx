// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BookDemoPage } from "../features/contact/book-demo-page";
import { EvHostForm } from "../features/contact/ev-host-form";
import { HelpPage } from "../features/contact/help-page";
import { InfoPage } from "../features/info/info-page";
import { FakeApi, renderWithApp } from "../test/render";

/**
 * Features that are not built, with why: no page may promise one (in either language) until it
 * is. A sentence may still name it to say it is not open yet. The change that builds a feature
 * removes its entry here, and the pages may then say it.
 */
const NOT_BUILT = [
  {
    feature: "payouts to operators",
    why: "operators are not paid out through Parkwell yet: commission, settlement statements and payouts are a later change",
    en: /\bpayouts?\b|paid out/i,
    fr: /\bversements?\b|\bvirements?\b|versés? aux exploitants/i,
  },
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
      // /rent-out-ev-charger as its route shows it: the information, then the charger host's form.
      () => <InfoPage id={id}>{id === "rentOutEvCharger" && <EvHostForm />}</InfoPage>,
    ] as const,
);
const PAGES = [
  ...DESCRIBING,
  ["bookDemo", () => <BookDemoPage />] as const,
  ["help", () => <HelpPage />] as const,
];

describe("no page promises a feature that is not built", () => {
  for (const language of ["en", "fr"] as const) {
    it.each(PAGES)(`%s (${language})`, async (_, page) => {
      await renderWithApp(page(), { api: new FakeApi(), language });
      await screen.findByRole("heading", { level: 1 });
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
