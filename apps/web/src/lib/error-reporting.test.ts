import { describe, expect, it } from "vitest";
import { isResourceLoadError, shouldReport } from "./error-reporting";

describe("shouldReport", () => {
  it("drops ResizeObserver loop noise and rejections that are not Errors", () => {
    expect(shouldReport(new Error("ResizeObserver loop limit exceeded"))).toBe(false);
    expect(shouldReport(new Error("ResizeObserver loop completed with undelivered notifications."))).toBe(
      false,
    );
    expect(shouldReport("a string")).toBe(false);
    expect(shouldReport({ message: "plain object" })).toBe(false);
    expect(shouldReport(undefined)).toBe(false);
    expect(shouldReport(new TypeError("x is undefined"))).toBe(true);
  });
});

describe("isResourceLoadError", () => {
  it("recognises failed downloads of lazily loaded code in Chromium, Firefox and Safari", () => {
    expect(
      isResourceLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js")),
    ).toBe(true);
    expect(isResourceLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isResourceLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isResourceLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isResourceLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});
