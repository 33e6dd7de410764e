import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WORDED_CODES } from "./form-errors";

const dir = path.resolve(import.meta.dirname, "../locales");

function keys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

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
      const empty = keys(catalogue).filter((k) => {
        const v = k.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], catalogue);
        return typeof v !== "string" || v.trim() === "";
      });
      expect(empty).toEqual([]);
    }
  });

  it("word every error code errorText asks them for, and only those", () => {
    const errors = (load("en", "auth.json") as { errors: Record<string, string> }).errors;
    expect([...WORDED_CODES].sort()).toEqual(Object.keys(errors).sort());
  });
});
