import { describe, expect, it } from "vitest";
import { pickLanguage, splitName } from "./accounts.domain";
import { accountMail } from "./account-mail";

describe("account rules", () => {
  it("splits a display name into first and last names", () => {
    expect(splitName("Ada Lovelace Byron", "a@x.io")).toEqual({ first: "Ada", last: "Lovelace Byron" });
    expect(splitName("  Cher ", "a@x.io")).toEqual({ first: "Cher", last: "" });
    expect(splitName(null, "kemi.ade@x.io")).toEqual({ first: "kemi.ade", last: "" });
  });

  it("picks the mail language from the request, then the browser, else English", () => {
    expect(pickLanguage("fr", "en-US")).toBe("fr");
    expect(pickLanguage(undefined, "fr-CA,fr;q=0.9")).toBe("fr");
    expect(pickLanguage(undefined, "de-DE,fr;q=0.5")).toBe("en");
    expect(pickLanguage(undefined, undefined)).toBe("en");
  });

  it("escapes names in the HTML of a mail and keeps the link in both parts", () => {
    const m = accountMail(
      "reset",
      "en",
      "a@x.io",
      "<b>Eve</b>",
      "https://p.test/forgot-password?mode=reset&token=abc",
    );
    expect(m.html).not.toContain("<b>Eve</b>");
    expect(m.html).toContain("mode=reset&amp;token=abc");
    expect(m.text).toContain("https://p.test/forgot-password?mode=reset&token=abc");
    expect(accountMail("verify", "fr", "a@x.io", "Awa", "https://p.test/verify?token=t").subject).toBe(
      "Vérifiez votre adresse e-mail Parkwell",
    );
  });
});
