import { describe, expect, it } from "vitest";
import { pickLanguage } from "./storage-keys";

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
