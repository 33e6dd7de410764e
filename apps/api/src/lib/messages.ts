/**
 * Every sentence the API sends, in English (word for word as the code writes it: the English
 * text is the key) and in French: the catalogue's `server` namespace,
 * packages/contract/locales/{en,fr}/server.json, grouped by area (`http` and `fields`: what every
 * part may send), read through lib/texts.ts (docs/decisions/042-one-text-catalogue.md). A value
 * inside a sentence is written `{{name}}` in both languages, as everywhere in the catalogue: the
 * English pattern finds the value in the sentence sent, the French one puts it back. Translation
 * happens once, as the reply is sent (plugins/errors.ts for errors and plugins/messages.ts for
 * success messages), with `translate`; services keep writing English.
 *
 * To add a sentence: write it in the code as usual, then add its entry, under the same key, to
 * both languages' server.json (messages.test.ts walks the source and fails on a sentence that has
 * none; catalogues.test.ts on a key one language lacks). French: vous, straight apostrophes,
 * a no-break space (\u00a0) before : and a plain space before ; ? ! and inside « », as the web
 * app's namespaces; the tests check the colons with colonsWithoutNoBreakSpace.
 */
import type { Language } from "./language";
import { moneyIn } from "./money";
import { escapeRegExp } from "./reg-exp";
import { PLACEHOLDER, SERVER_CATALOGUE } from "./texts";

/** A sentence in both languages. */
interface ServerText {
  en: string;
  fr: string;
}

/** The French of an English sentence of the `server` namespace; a missing one stops the API at start. */
function frenchOf(area: string, en: string): string {
  const fr = SERVER_CATALOGUE.fr[area]?.[en];
  if (fr === undefined) throw new Error(`server.json: no French for "${en}" (${area})`);
  return fr;
}

/** Every sentence of the catalogue's `server` namespace. */
export const SERVER_TEXTS: readonly ServerText[] = Object.entries(SERVER_CATALOGUE.en).flatMap(
  ([area, sentences]) => Object.keys(sentences).map((en) => ({ en, fr: frenchOf(area, en) })),
);

/** The `{{name}}`s of a sentence, in order. */
export function paramsOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
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
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? `(?<${part}>.+?)` : escapeRegExp(part)))
    .join("");
  templates.push({
    pattern: new RegExp(`^${source}$`, "s"),
    fr: text.fr,
    fixed: text.en.replace(PLACEHOLDER, "").length,
  });
}
// The most specific pattern first: "{{name}} must be at most {{max}} characters" before "{{name}} must be at most {{max}}".
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
    // An amount of money among the values is written as the language writes money, a number
    // with decimals as the language writes it ("3.7" is "3,7" in French).
    if (match)
      return t.fr.replace(PLACEHOLDER, (_, name: string) =>
        decimalIn(moneyIn(match.groups?.[name] ?? "", language), language),
      );
  }
  return text;
}

/**
 * A value that is a plain number with decimals ("3.7", "-0.25"), as English writes it, in
 * `language`; anything else (a whole number, which may be a year or a count; a code; money
 * already rewritten) as it is.
 */
function decimalIn(value: string, language: Language): string {
  if (!/^-?\d+\.\d+$/.test(value)) return value;
  const decimals = value.length - value.indexOf(".") - 1;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(Number(value));
}

/** An English sentence of the catalogue in both languages, as a row's bilingual text (`{ en, fr }`). */
export function inBothLanguages(en: string): Record<Language, string> {
  return { en, fr: translate(en, "fr") };
}
