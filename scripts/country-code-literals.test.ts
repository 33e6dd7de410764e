// Which countries offer a product line, and which country a form starts in, are data (the
// countries rows, decision 018's addendum of 2026-11-28): no source file of the API or the web app
// writes a served country's code. Tests, seeds and test helpers name countries freely; the few
// legitimate places are listed below, each with its reason.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "../packages/contract/src/country-codes";

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE_ROOTS = ["apps/api/src", "apps/web/src"];

/** The files that may write a country's code, and why. */
export const ALLOWED: Readonly<Record<string, string>> = {
  "apps/web/src/lib/country-detection.ts":
    "the built-in countries and their launch services: the first paint before GET /countries answers",
};

/** Test code: tests, seeds, fixtures and test kits name countries on purpose. */
function isTestCode(file: string): boolean {
  return (
    /\.test\.tsx?$/.test(file) ||
    /(^|\/)(test|testing|seed)\//.test(file) ||
    /(^|[./])test-kit\.tsx?$/.test(file) ||
    /-fixtures\.tsx?$/.test(file) ||
    // Generated from the API's OpenAPI document (its examples), checked by `openapi:types -- --check`.
    file.endsWith(".d.ts")
  );
}

function sourceFiles(dir: string): string[] {
  return fs
    .globSync("**/*.{ts,tsx}", { cwd: path.join(ROOT, dir) })
    .map((f) => `${dir}/${f.split(path.sep).join("/")}`)
    .filter((f) => !f.includes("node_modules") && !isTestCode(f) && !(f in ALLOWED));
}

const codes = COUNTRY_CODES.join("|");
/** A code as a string ("NG", 'CA', `SN`) or as a key read off a per-country table (CENTERS.US). */
const LITERAL = new RegExp(`(["'\`])(?:${codes})\\1|\\.(?:${codes})\\b(?!\\s*\\()`);

/** Each line of a file that writes a country's code, as "file:line: text"; comments aside. */
export function countryCodeLiterals(file: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
    if (LITERAL.test(code)) found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe("no country code in the API's and the web app's source (decision 018)", () => {
  it("finds a code written as a string or as a table's key, and not in a comment", () => {
    expect(countryCodeLiterals("a.ts", `if (country.code === "NG") go();`)).toHaveLength(1);
    expect(countryCodeLiterals("a.ts", `const c = CENTERS.US;`)).toHaveLength(1);
    expect(countryCodeLiterals("a.ts", `// for "NG" only`)).toEqual([]);
    expect(countryCodeLiterals("a.ts", ` * The default ("CA").`)).toEqual([]);
    expect(countryCodeLiterals("a.ts", `const ng = "NGN";`)).toEqual([]);
  });

  it("lists no code outside tests, seeds and the allowed files", () => {
    const files = SOURCE_ROOTS.flatMap(sourceFiles);
    // The scan reads the real trees (an empty list would pass for nothing).
    expect(files).toContain("apps/web/src/app/header.tsx");
    expect(files).toContain("apps/api/src/features/vehicle-docs/vehicle-docs.service.ts");
    const found = files.flatMap((f) => countryCodeLiterals(f, fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(found).toEqual([]);
  });

  it("allows only files that exist", () => {
    for (const file of Object.keys(ALLOWED)) expect(fs.existsSync(path.join(ROOT, file))).toBe(true);
  });
});
