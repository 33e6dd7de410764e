/**
 * The one text catalogue, read by the API: `packages/contract/locales/<language>/<namespace>.json`,
 * the same files the web app loads (docs/decisions/042-one-text-catalogue.md). The API reads two
 * namespaces of its own: `server` (the sentences it replies with, the English sentence as the
 * key, lib/messages.ts) and `mail` (every e-mail's words, by feature, and a wallet pass's:
 * `walletPass`), and may read the web's
 * namespaces for a word both say (a receipt's kind). A value is written `{{name}}` everywhere,
 * as i18next writes it on the web, and filled by `fill`.
 */
import enBookings from "../../../../packages/contract/locales/en/bookings.json";
import frBookings from "../../../../packages/contract/locales/fr/bookings.json";
import enMail from "../../../../packages/contract/locales/en/mail.json";
import frMail from "../../../../packages/contract/locales/fr/mail.json";
import enParks from "../../../../packages/contract/locales/en/parks.json";
import frParks from "../../../../packages/contract/locales/fr/parks.json";
import enReceipts from "../../../../packages/contract/locales/en/receipts.json";
import frReceipts from "../../../../packages/contract/locales/fr/receipts.json";
import enServer from "../../../../packages/contract/locales/en/server.json";
import frServer from "../../../../packages/contract/locales/fr/server.json";
import type { Language } from "./language";

/** The `server` namespace: area → English sentence → the sentence in the language. */
export type ServerCatalogue = Record<string, Record<string, string>>;

export const SERVER_CATALOGUE: Record<Language, ServerCatalogue> = { en: enServer, fr: frServer };

/** The `mail` namespace, typed by its English file (both languages have the same keys: catalogues.test.ts). */
export type MailCatalogue = typeof enMail;

const MAIL: Record<Language, MailCatalogue> = { en: enMail, fr: frMail };

/** One feature's e-mail words in `language` (`mailTexts("fr").payments`). */
export function mailTexts(language: Language): MailCatalogue {
  return MAIL[language];
}

/**
 * A receipt's own words, the web app's `receipts` namespace's `doc` (the receipt's page): the
 * PDF of a receipt, and a company's statement, say them as the page does, from the same entry.
 */
export function receiptWords(language: Language): typeof enReceipts.doc {
  return (language === "fr" ? frReceipts : enReceipts).doc;
}

/**
 * A charger's words, as the web's pages say them (apps/web/src/lib/charger-text.ts): the `parks`
 * namespace's power and price ("{{kw}} kW", "{{price}} per kWh") and the booking page's "EV
 * charger" row ("{{kind}} — {{price}}, paid at the charger"), from the same entries.
 */
export function chargerWords(language: Language) {
  const parks = language === "fr" ? frParks : enParks;
  const summary = (language === "fr" ? frBookings : enBookings).summary;
  return {
    kw: parks.chargerKw,
    per: parks.chargerPer,
    held: summary.charger,
    heldLine: summary.chargerLine,
    heldLineHour: summary.chargerLineHour,
  };
}

/** A value's place in a text: `{{name}}`, as i18next's interpolation on the web. */
export const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * `text` with each `{{name}}` replaced by `values[name]` (every occurrence); a name without a
 * value is left as it is, so a missing value shows in a test rather than as an empty gap.
 */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/** Each of a mail text's strings with its `{{values}}` filled (`fill` on every one). */
export function fillAll<T extends Record<string, string>>(t: T, values: Record<string, string | number>): T {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fill(v, values)])) as T;
}
