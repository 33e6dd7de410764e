/**
 * Every sentence the API sends, in English (word for word as the code writes it: the English
 * text is the key) and in French. A value inside a sentence is written `{name}` in both
 * languages: the English pattern finds the value in the sentence sent, the French one puts it
 * back. Translation happens once, as the reply is sent (plugins/errors.ts for errors and
 * plugins/messages.ts for success messages), with `translate`; services keep writing English.
 *
 * The sentences live by area in messages/*.ts (common.ts: what every part may send). To add a
 * sentence: write it in the code as usual, then add its entry to its area's file (messages.test.ts
 * walks the source and fails on a sentence that has none). French: vous, straight apostrophes,
 * a no-break space (\u00a0) before : and a plain space before ; ? ! and inside « », as the web app's
 * catalogues (apps/web/src/locales/fr); the tests check the colons with colonsWithoutNoBreakSpace.
 */
import type { Language } from "./language";
import { moneyIn } from "./money";
import { escapeRegExp } from "./reg-exp";
import { ACCOUNTS, VEHICLES } from "./messages/accounts";
import { ADMIN, ADMIN_PARKS, ADMIN_PEOPLE, ADMIN_REPORTS } from "./messages/admin";
import { BOOKINGS, windowRefusals } from "./messages/bookings";
import { FIELDS, HTTP, ZOD_DEFAULTS, type ServerText } from "./messages/common";
import { ADMIN_EVENTS, EVENTS } from "./messages/events";
import { FILES } from "./messages/files";
import { GATE } from "./messages/gate";
import { ADMIN_MARKETPLACE, MARKETPLACE } from "./messages/marketplace";
import { PARKS } from "./messages/parks";
import { ADMIN_PLANS, PASSES } from "./messages/passes";
import { RECEIPTS } from "./messages/receipts";
import { COMPANY_MONEY } from "./messages/company-money";
import { COMPANY_PAY } from "./messages/company-pay";
import { COMPANIES } from "./messages/companies";
import { PAGES } from "./messages/pages";
import { REVIEWS } from "./messages/reviews";
import { BLOG } from "./messages/blog";
import { VEHICLE_DOCS } from "./messages/vehicle-docs";
import { WALLET } from "./messages/wallet";

export const SERVER_TEXTS: readonly ServerText[] = [
  ...HTTP,
  ...FIELDS,
  ...ZOD_DEFAULTS,
  ...ACCOUNTS,
  ...VEHICLES,
  ...PARKS,
  ...BOOKINGS,
  ...WALLET,
  ...ADMIN,
  ...ADMIN_PARKS,
  ...ADMIN_PEOPLE,
  ...GATE,
  ...ADMIN_REPORTS,
  ...EVENTS,
  ...ADMIN_EVENTS,
  ...ADMIN_PLANS,
  ...PASSES,
  ...ADMIN_MARKETPLACE,
  ...MARKETPLACE,
  ...RECEIPTS,
  ...COMPANY_MONEY,
  ...COMPANY_PAY,
  ...COMPANIES,
  ...FILES,
  ...VEHICLE_DOCS,
  ...REVIEWS,
  ...BLOG,
  ...PAGES,
  ...windowRefusals(),
];

const PARAM = /\{(\w+)\}/g;

/** The `{name}`s of a sentence, in order. */
export function paramsOf(text: string): string[] {
  return [...text.matchAll(PARAM)].map((m) => m[1]!);
}

interface Template {
  pattern: RegExp;
  fr: string;
  /** Letters outside the values: the longer, the more specific the pattern. */
  fixed: number;
}

const exact = new Map<string, string>();
const templates: Template[] = [];
for (const text of SERVER_TEXTS) {
  if (paramsOf(text.en).length === 0) {
    exact.set(text.en, text.fr);
    continue;
  }
  const source = text.en
    .split(PARAM)
    .map((part, i) => (i % 2 === 1 ? `(?<${part}>.+?)` : escapeRegExp(part)))
    .join("");
  templates.push({
    pattern: new RegExp(`^${source}$`, "s"),
    fr: text.fr,
    fixed: text.en.replace(PARAM, "").length,
  });
}
// The most specific pattern first: "{name} must be at most {max} characters" before "{name} must be at most {max}".
templates.sort((a, b) => b.fixed - a.fixed);

/**
 * `text` in `language`: the catalogue's French for an English sentence it knows (exactly, or by
 * a pattern with values), else `text` as it is. English is always the text itself.
 */
export function translate(text: string, language: Language): string {
  if (language === "en") return text;
  const known = exact.get(text);
  if (known !== undefined) return known;
  for (const t of templates) {
    const match = t.pattern.exec(text);
    // An amount of money among the values is written as the language writes money.
    if (match) return t.fr.replace(PARAM, (_, name: string) => moneyIn(match.groups?.[name] ?? "", language));
  }
  return text;
}
