import { EXTERNAL_LINKS } from "../../lib/links";

/**
 * The information pages: which catalogue holds each page's text and where its call-to-action
 * buttons go. The words live in locales/<lang>/<ns>.json under the page's key, as
 * `{ title, lead, sections: [{ title, body, items? }], ctas?: { <name>: label } }`.
 */
export interface InfoPageConfig {
  ns: "company" | "business" | "legal";
  key: string;
  /** Button name (in the catalogue's `ctas`) -> destination: a route, a partner-site URL, or `#id` on the page. */
  ctas?: Record<string, string>;
  /** The page describes a feature that is not open yet: a note with `<key>.today` says what exists. */
  notYet?: boolean;
}

export const INFO_PAGES = {
  about: { ns: "company", key: "about", ctas: { find: "/parks-list", careers: "/careers" } },
  getStarted: {
    ns: "company",
    key: "getStarted",
    ctas: { find: "/parks-list", owners: EXTERNAL_LINKS.partnerSite, business: "/business-accounts" },
  },
  howItWorks: { ns: "company", key: "howItWorks", ctas: { find: "/parks-list" } },
  // Drivers invite drivers (docs/PRODUCT-RULES.md#referrals); the route adds the rewards per country.
  affiliates: { ns: "company", key: "affiliates", ctas: { mine: "/referrals", contact: "/help" } },
  careers: { ns: "company", key: "careers", ctas: { contact: "/help" } },
  mediaCoverage: { ns: "company", key: "mediaCoverage", ctas: { contact: "/help" } },
  businessAccounts: {
    ns: "business",
    key: "businessAccounts",
    ctas: { open: "/business/new", demo: "/book-demo" },
  },
  carParkManagement: {
    ns: "business",
    key: "carParkManagement",
    ctas: { demo: "/book-demo", list: EXTERNAL_LINKS.partnerSite },
  },
  evCharging: {
    ns: "business",
    key: "evCharging",
    ctas: { find: "/parks-list?amenities=ev_charging", host: "/rent-out-ev-charger" },
    notYet: true,
  },
  rentOutEvCharger: {
    ns: "business",
    key: "rentOutEvCharger",
    // The form below the sections (the route adds it: ev-host-form.tsx).
    ctas: { offer: "#ev-host-form", list: EXTERNAL_LINKS.partnerSite },
    notYet: true,
  },
  terms: { ns: "legal", key: "terms" },
  privacy: { ns: "legal", key: "privacy" },
  // What a driver gets when the car park closes for their window (decision 058).
  spaceGuarantee: {
    ns: "legal",
    key: "spaceGuarantee",
    ctas: { find: "/parks-list", policy: "/cancellation-policy" },
  },
} satisfies Record<string, InfoPageConfig>;

export type InfoPageId = keyof typeof INFO_PAGES;
