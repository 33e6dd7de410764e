/**
 * The pure rules of a park written through the back office: its identifiers (slug and park code,
 * made once and never changed: QR signs and shared links carry them), the search text (the same
 * normalisation as the seed and the search term), and its texts per language.
 */
import type { Language } from "../../../lib/language";
import { readableCode } from "../../../lib/readable-code";
import { normalizeSearchText, slugify } from "../../../lib/search-text";

interface Texts {
  description: string;
  entry_instructions: string;
}

/** A park code as the seed writes them: the country code and 5 readable characters ("NGK7Q2M"). */
export function parkCodeCandidate(countryCode: string, bytes?: Uint8Array): string {
  return readableCode(countryCode, 5, bytes);
}

/** "Marina Garage" in Lagos -> "marina-garage-lagos", then "-2", "-3"... past those taken. */
export function freeSlug(name: string, city: string, taken: ReadonlySet<string>): string {
  const base = slugify(`${name} ${city}`) || "park";
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function slugBase(name: string, city: string): string {
  return slugify(`${name} ${city}`) || "park";
}

/** What the search matches a park on: "name address city state", normalised as the seed does. */
export function searchTextOf(p: {
  name: string;
  address: string;
  city: string;
  state: string | null;
}): string {
  return normalizeSearchText(`${p.name} ${p.address} ${p.city} ${p.state ?? ""}`);
}

const empty: Texts = { description: "", entry_instructions: "" };

/**
 * The stored form of a park's texts: its own language's in the row, the other language as a
 * translation when it has some text (a half-filled translation is kept: the park page shows a
 * translation only when it has both texts).
 */
export function storedTexts(
  language: Language,
  texts: Partial<Record<Language, Partial<Texts> | undefined>>,
): { description: string; entryInstructions: string; translations: Partial<Record<Language, Texts>> } {
  const own = { ...empty, ...texts[language] };
  const otherLanguage: Language = language === "en" ? "fr" : "en";
  const other = { ...empty, ...texts[otherLanguage] };
  const translations: Partial<Record<Language, Texts>> = {};
  if (other.description || other.entry_instructions) translations[otherLanguage] = other;
  return { description: own.description, entryInstructions: own.entry_instructions, translations };
}

/** A park's texts in both languages, as the form edits them. */
export function textsOf(p: {
  textLanguage: Language;
  description: string;
  entryInstructions: string;
  translations: Partial<Record<Language, Texts>>;
}): Record<Language, Texts> {
  const own = { description: p.description, entry_instructions: p.entryInstructions };
  const otherLanguage: Language = p.textLanguage === "en" ? "fr" : "en";
  const other = { ...empty, ...p.translations[otherLanguage] };
  return p.textLanguage === "en" ? { en: own, fr: other } : { en: other, fr: own };
}

/** The fields of a park that differ between two versions, for the audit log. */
export function changed<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
