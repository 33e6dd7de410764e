import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { fill, fillAll, mailTexts, PLACEHOLDER } from "./texts";

/**
 * The rule of docs/decisions/042-one-text-catalogue.md: the API's words live in the catalogue
 * (packages/contract/locales/<language>/{server,mail}.json), never in a table of its own code. A
 * table is an object with both an `en` and an `fr` whose values are written in the code (a text,
 * a list or an object of texts), or a choice on the language (`lang === "fr" ? ... : ...`)
 * between written sentences. Data is not a table: a row's `{ en: row.name_en, ... }`, a seed's
 * or a test's fixtures.
 */
const SRC = path.resolve(import.meta.dirname, "..");
const NOT_PRODUCT_CODE = /(\.test\.ts|test-kit\.ts|\.d\.ts)$|^(test|db\/seed)\//;

/** A text written in the code: a string or template literal with a word (not "fr-FR" or "en"). */
const isWords = (node: ts.Node): boolean =>
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) &&
  /[A-Za-zÀ-ÿ]{3}/.test(node.getText());

/**
 * Written words in `node`: a text, or one inside a list, an object, a function's result, a
 * choice; not a call's arguments (`describeHours(w, "en")` computes its words).
 */
function holdsWords(node: ts.Node): boolean {
  if (isWords(node)) return true;
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return false;
  return ts.forEachChild(node, (child) => holdsWords(child) || undefined) ?? false;
}

/** `file: line` of every inline text table in a TypeScript source. */
export function inlineTables(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (n: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const values = new Map(
        node.properties
          .filter(ts.isPropertyAssignment)
          .map((p) => [p.name.getText(), p.initializer] as const),
      );
      const en = values.get("en");
      const fr = values.get("fr");
      if (en && fr && (holdsWords(en) || holdsWords(fr))) found.push(at(node));
    } else if (ts.isConditionalExpression(node) && /===?\s*"(en|fr)"/.test(node.condition.getText())) {
      if (holdsWords(node.whenTrue) || holdsWords(node.whenFalse)) found.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function productSources(): string[] {
  return fs
    .readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !NOT_PRODUCT_CODE.test(f.split(path.sep).join("/")));
}

describe("the API's words are in the catalogue", () => {
  it("finds a table of its own in a source (the check can fail)", () => {
    const tables = [
      'const TEXTS = { en: { subject: "Your booking" }, fr: { subject: "Votre réservation" } };',
      'const t = lang === "fr" ? { subject: `Bonjour ${name}` } : { subject: `Hello ${name}` };',
      'const ROLES = { admin: { en: "an admin", fr: "administrateur" } };',
      "const G = { en: (n: string) => `Hello ${n},`, fr: (n: string) => `Bonjour ${n},` };",
    ];
    for (const table of tables) expect(inlineTables("x.ts", table), table).toHaveLength(1);
    const data = [
      "const name = { en: row.name_en, fr: row.name_fr };",
      'const locale = lang === "fr" ? "fr-FR" : "en-GB";',
      'const both = { en: describeHours(w, "en"), fr: describeHours(w, "fr") };',
      'const sep = language === "fr" ? "\\u00a0: " : ": ";',
    ];
    for (const line of data) expect(inlineTables("x.ts", line), line).toEqual([]);
  });

  it("holds no table of its own in apps/api/src (mails, replies and PDFs read the catalogue)", () => {
    const files = productSources();
    expect(files.length).toBeGreaterThan(200);
    const tables = files.flatMap((f) => inlineTables(f, fs.readFileSync(path.join(SRC, f), "utf8")));
    expect(tables).toEqual([]);
  });
});

describe("the mail namespace", () => {
  it("fills every {{value}}, once, and leaves an unknown one as it is", () => {
    expect(fill("{{a}} and {{a}}, {{b}}", { a: "x{{b}}", b: 2 })).toBe("x{{b}} and x{{b}}, 2");
    expect(fill("Hello {{name}}", {})).toBe("Hello {{name}}");
    expect(fillAll({ s: "{{n}}!", t: "-{{n}}" }, { n: 1 })).toEqual({ s: "1!", t: "-1" });
  });

  it("gives each French text the values its English one has (a value the French lacks would be lost)", () => {
    const texts = (v: unknown, at = ""): [string, string][] =>
      typeof v === "string"
        ? [[at, v]]
        : Object.entries(v as object).flatMap(([k, x]) => texts(x, at ? `${at}.${k}` : k));
    const names = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).sort();
    const fr = new Map(texts(mailTexts("fr")));
    // French writes a document's name with its capital where English lowers it for mid-sentence.
    const swapped = (n: string[]) => n.map((x) => (x === "documentLower" ? "document" : x));
    const differing = texts(mailTexts("en")).filter(
      ([at, en]) => JSON.stringify(swapped(names(en))) !== JSON.stringify(swapped(names(fr.get(at) ?? ""))),
    );
    expect(differing.map(([at]) => at)).toEqual([]);
  });
});
