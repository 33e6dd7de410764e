import fs from "node:fs";
import path from "node:path";
import i18next, { type Resource } from "i18next";
import { colonsWithoutNoBreakSpace, RECEIPT_KINDS, REPORT_STATUSES } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { WORDED_CODES } from "./form-errors";

const dir = path.resolve(import.meta.dirname, "../../../../packages/contract/locales");

/**
 * Every text of a catalogue as [key path, value]; the path's parts are joined with " > " since a
 * key of the `server` namespace is an English sentence, dots and all.
 */
function leaves(value: unknown, prefix = ""): [string, unknown][] {
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix} > ${k}` : k));
  }
  return [[prefix, value]];
}

const keys = (value: unknown): string[] => leaves(value).map(([k]) => k);

function load(language: string, file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(dir, language, file), "utf8"));
}

describe("translation catalogues", () => {
  const english = fs.readdirSync(path.join(dir, "en")).sort();
  const french = fs.readdirSync(path.join(dir, "fr")).sort();

  it("have the same namespaces in English and French", () => {
    expect(french).toEqual(english);
  });

  it.each(english)("%s has the same keys in both languages, none empty", (file) => {
    const en = load("en", file);
    const fr = load("fr", file);
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    for (const catalogue of [en, fr]) {
      const empty = leaves(catalogue).filter(([, v]) => typeof v !== "string" || v.trim() === "");
      expect(empty).toEqual([]);
    }
  });

  it("word every error code errorText asks them for, and only those", () => {
    const errors = (load("en", "auth.json") as { errors: Record<string, string> }).errors;
    expect([...WORDED_CODES].sort()).toEqual(Object.keys(errors).sort());
  });

  it.each(english)("%s writes no number the French way in English or the English way in French", (file) => {
    // Numbers a reader is shown come through {{values}} formatted for the language (format.ts):
    // a literal "1500.50" in French, or "1 500,50" in English, is the other language's writing.
    const texts = (language: string) => leaves(load(language, file)).map(([k, v]) => ({ k, v: String(v) }));
    expect(texts("fr").filter((t) => /\d\.\d/.test(t.v))).toEqual([]);
    expect(texts("en").filter((t) => /\d,\d{1,2}\b(?!\d)/.test(t.v))).toEqual([]);
  });

  it("word the top-up hint for each payment provider in both languages", async () => {
    // "Vous paierez avec paiement de démonstration" does not read: a provider that is no name has its own sentence.
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: {
        en: { wallet: load("en", "wallet.json") },
        fr: { wallet: load("fr", "wallet.json") },
      } as Resource,
    });
    const providers = Object.keys(
      (load("en", "wallet.json") as { providers: Record<string, string> }).providers,
    );
    const hints = ["en", "fr"].flatMap((lng) =>
      providers.map((p) =>
        i18n.t("wallet:dialog.hint", {
          lng,
          context: p,
          min: "1",
          max: "2",
          provider: i18n.t(`wallet:providers.${p}`, { lng }),
        }),
      ),
    );
    expect(hints.filter((h) => /(with|avec) (demo|paiement|card|carte)/.test(h))).toEqual([]);
  });

  it("count with the language's plural forms (i18next _one/_other on `count`)", async () => {
    // "1 places occupées": a number before a noun takes the noun's plural rule of the language.
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: {
        en: {
          r: load("en", "admin-reports.json"),
          p: load("en", "admin-parks.json"),
          e: load("en", "admin-events.json"),
        },
        fr: {
          r: load("fr", "admin-reports.json"),
          p: load("fr", "admin-parks.json"),
          e: load("fr", "admin-events.json"),
        },
      } as Resource,
    });
    const fr = i18n.getFixedT("fr");
    const en = i18n.getFixedT("en");
    expect(fr("r:dashboard.spacesHeld", { count: 1, held: "1", capacity: "10" })).toBe(
      "1 place occupée sur 10",
    );
    expect(fr("r:dashboard.spacesHeld", { count: 3, held: "3", capacity: "10" })).toBe(
      "3 places occupées sur 10",
    );
    expect(en("r:dashboard.spacesHeld", { count: 1, held: "1", capacity: "10" })).toBe("1 of 10 spaces held");
    expect(fr("r:dashboard.busiest", { count: 1, shown: "1", total: "4" })).not.toMatch(/\b1 parkings/);
    expect(en("r:dashboard.busiest", { count: 1, shown: "1", total: "4" })).not.toMatch(/\b1 busiest/);
    expect(fr("p:conflict.line", { count: 1, requested: "1", peak: "2", type: "Voiture" })).not.toMatch(
      /\b1 places/,
    );
    expect(en("p:conflict.line", { count: 1, requested: "1", peak: "2", type: "Car" })).not.toMatch(
      /\b1 spaces/,
    );
    const line = { park: "P", type: "Voiture", allocation: "1", free: "1", booked: "1" };
    expect(fr("e:conflict.line", line)).not.toMatch(/\b1 (demandées|libres|déjà)/);
  });

  it.each(french)("%s calls a monthly pass an abonnement mensuel, as the pass pages do", (file) => {
    // One French word for one thing: the pass's pages, e-mails and reports say "abonnement mensuel".
    const texts = leaves(load("fr", file)).map(([, v]) => String(v));
    expect(texts.filter((t) => /cartes? mensuelles?/i.test(t))).toEqual([]);
  });

  it("find a French colon without its no-break space, and pass a URL, a time and a placeholder", () => {
    expect(colonsWithoutNoBreakSpace("Rôle : {{role}}. Prix: 3")).toHaveLength(2);
    expect(
      colonsWithoutNoBreakSpace("Rôle\u00a0: ouvert de 07:00 à 22:30 (HH:MM), https://parkwell.test {{a:b}}"),
    ).toEqual([]);
  });

  it.each(french)("%s puts a no-break space before every colon", (file) => {
    const texts = leaves(load("fr", file)).map(([key, v]) => ({ key, text: String(v) }));
    expect(texts.filter((t) => colonsWithoutNoBreakSpace(t.text).length > 0).map((t) => t.key)).toEqual([]);
  });

  it("name every kind of receipt in both languages (the receipts' lists and pages show the word)", () => {
    for (const language of ["en", "fr"]) {
      const words = (load(language, "receipts.json") as { kinds: Record<string, string> }).kinds;
      expect(Object.keys(words).sort(), language).toEqual([...RECEIPT_KINDS].sort());
    }
  });

  it("name every status and ledger kind a report filters by, in both languages (the operators' moves included)", () => {
    const statuses = [...new Set(Object.values(REPORT_STATUSES).flat())];
    for (const language of ["en", "fr"]) {
      const words = (load(language, "admin-reports.json") as { status: Record<string, string> }).status;
      expect(
        statuses.filter((s) => !(s in words)),
        language,
      ).toEqual([]);
    }
  });
});
