// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { storeLanguage } from "./i18n";
import { cookieValue } from "../ssr/language";

afterEach(() => {
  document.cookie = "language=; path=/; max-age=0";
  window.localStorage.clear();
});

describe("the stored language (the language menu's setLanguage stores through storeLanguage)", () => {
  it("is the language key and the language cookie the server reads", () => {
    storeLanguage("fr");
    expect(window.localStorage.getItem("language")).toBe("fr");
    expect(cookieValue(document.cookie, "language")).toBe("fr");
    storeLanguage("en");
    expect(cookieValue(document.cookie, "language")).toBe("en");
  });
});
