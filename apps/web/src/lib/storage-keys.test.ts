import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pickLanguage, STORAGE_KEYS } from "./storage-keys";

describe("pickLanguage", () => {
  it("follows the browser on a first visit when it reads English or French", () => {
    expect(pickLanguage(null, ["fr-FR", "fr", "en-US"])).toBe("fr");
    expect(pickLanguage(null, ["de-DE", "fr-CA"])).toBe("fr");
    expect(pickLanguage(null, ["en-GB"])).toBe("en");
    expect(pickLanguage(null, ["de-DE", "es"])).toBe("en");
    expect(pickLanguage(null, [])).toBe("en");
  });

  it("keeps the stored choice over the browser's language", () => {
    expect(pickLanguage("en", ["fr-FR"])).toBe("en");
    expect(pickLanguage("fr", ["en-US"])).toBe("fr");
    expect(pickLanguage("xx", ["fr-FR"])).toBe("fr");
  });
});

describe("STORAGE_KEYS", () => {
  it("are the keys docs/PRODUCT-RULES.md's Storage keys section names, each of them", () => {
    const rules = readFileSync(
      path.resolve(import.meta.dirname, "../../../../docs/PRODUCT-RULES.md"),
      "utf8",
    );
    const section = rules.slice(
      rules.indexOf("## Storage keys"),
      rules.indexOf("\n## ", rules.indexOf("## Storage keys") + 1),
    );
    const named = new Set([...section.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
    expect(Object.values(STORAGE_KEYS).filter((key) => !named.has(key))).toEqual([]);
  });
});
