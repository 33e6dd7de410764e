import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every confirmation in the web app, walked in its source: a dialog's confirm button names the
 * action ("Void the sale", "Annuler la vente"), never a bare "Confirm", and never reads like the
 * button that dismisses it (French "Annuler" is both "cancel" and "void"). The labels are resolved
 * in both languages' catalogues, every branch of a conditional and every key a template can name.
 */
const SRC = join(import.meta.dirname, "../..");
const LOCALES = join(SRC, "../../../packages/contract/locales");
const LANGUAGES = ["en", "fr"] as const;
/** Words that confirm without saying what. */
const GENERIC = new Set(["confirm", "confirmer", "ok", "yes", "oui"]);
/** The back office's wrapper fills in its own labels (features/admin/ui/confirm-dialog.tsx). */
const ADMIN_WRAPPER = { cancel: "admin:confirm.cancel", confirm: "admin:confirm.confirm" };

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const catalogues = new Map<string, Record<string, unknown>>();
function catalogue(language: string, ns: string): Record<string, unknown> {
  const key = `${language}/${ns}`;
  if (!catalogues.has(key)) {
    catalogues.set(key, JSON.parse(readFileSync(join(LOCALES, language, `${ns}.json`), "utf8")));
  }
  return catalogues.get(key)!;
}

/** The texts a key (or a key prefix ending in ".", from a template) names in one language. */
function texts(language: string, key: string, defaultNs: string): string[] {
  const [ns, path] = key.includes(":") ? key.split(":", 2) : [defaultNs, key];
  let node: unknown = catalogue(language, ns!);
  const parts = path!.split(".");
  const prefix = parts.at(-1) === "";
  for (const part of prefix ? parts.slice(0, -1) : parts) {
    node = (node as Record<string, unknown> | undefined)?.[part];
  }
  if (prefix && node && typeof node === "object") {
    return Object.values(node).filter((v): v is string => typeof v === "string");
  }
  if (typeof node !== "string") throw new Error(`No text ${language}/${ns}:${path}`);
  return [node];
}

/** The namespace `t` reads by default where `node` is: the enclosing useTranslation's first. */
function namespaceAt(node: ts.Node): string {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (!ts.isFunctionLike(at)) continue;
    let found: string | null = null;
    at.forEachChild(function visit(child) {
      if (found) return;
      if (
        ts.isCallExpression(child) &&
        ts.isIdentifier(child.expression) &&
        child.expression.text === "useTranslation"
      ) {
        const arg = child.arguments[0];
        if (arg && ts.isStringLiteral(arg)) found = arg.text;
        else if (arg && ts.isArrayLiteralExpression(arg) && ts.isStringLiteral(arg.elements[0]!)) {
          found = arg.elements[0].text;
        } else found = "common";
        return;
      }
      if (!ts.isFunctionLike(child)) child.forEachChild(visit);
    });
    if (found) return found;
  }
  return "common";
}

/** The keys passed to t(…) in an expression: literals, each branch of a conditional, template prefixes. */
function keysIn(expression: ts.Node): string[] {
  const keys: string[] = [];
  (function visit(node: ts.Node) {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "t") {
      const arg = node.arguments[0]!;
      const literals: string[] = [];
      (function collect(n: ts.Node) {
        if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) literals.push(n.text);
        else if (ts.isTemplateExpression(n)) literals.push(n.head.text);
        else n.forEachChild(collect);
      })(arg);
      keys.push(...literals);
      return;
    }
    node.forEachChild(visit);
  })(expression);
  return keys;
}

interface Dialog {
  where: string;
  ns: string;
  confirm: string[];
  cancel: string[];
}

function dialogs(): { found: Dialog[]; nativeConfirms: string[] } {
  const found: Dialog[] = [];
  const nativeConfirms: string[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const admin = text.includes('from "../ui/confirm-dialog"') || text.includes('from "./confirm-dialog"');
    source.forEachChild(function visit(node) {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === "window" &&
        node.expression.name.text === "confirm"
      ) {
        nativeConfirms.push(
          `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.pos).line + 1}`,
        );
      }
      if (
        (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
        node.tagName.getText() === "ConfirmDialog" &&
        !file.endsWith("admin/ui/confirm-dialog.tsx")
      ) {
        const attribute = (name: string) =>
          node.attributes.properties.find((p) => ts.isJsxAttribute(p) && p.name.getText() === name) as
            ts.JsxAttribute | undefined;
        const keys = (name: string, fallback: string | null) => {
          const init = attribute(name)?.initializer;
          const got = init ? keysIn(init) : [];
          return got.length > 0 ? got : fallback ? [fallback] : [];
        };
        found.push({
          where: `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
          ns: namespaceAt(node),
          confirm: keys("confirmLabel", admin ? ADMIN_WRAPPER.confirm : null),
          cancel: keys("cancelLabel", admin ? ADMIN_WRAPPER.cancel : null),
        });
      }
      node.forEachChild(visit);
    });
  }
  return { found, nativeConfirms };
}

describe("every confirmation names its action", () => {
  const { found, nativeConfirms } = dialogs();

  it("finds the app's confirm dialogs", () => {
    // The walk itself works: the drive-up sale's void and close, the booking-review delete, …
    expect(found.length).toBeGreaterThan(15);
    expect(found.some((d) => d.where.startsWith("features/admin/gate/pos-page.tsx"))).toBe(true);
  });

  it("uses no browser confirm (its buttons read OK and Cancel, in the browser's language)", () => {
    expect(nativeConfirms).toEqual([]);
  });

  for (const language of LANGUAGES) {
    it(`in ${language}, no confirm button is a bare "Confirm" or reads like its dismiss button`, () => {
      const faults: string[] = [];
      for (const dialog of found) {
        expect(dialog.confirm.length, `${dialog.where}: confirm label`).toBeGreaterThan(0);
        expect(dialog.cancel.length, `${dialog.where}: cancel label`).toBeGreaterThan(0);
        const confirms = dialog.confirm.flatMap((k) => texts(language, k, dialog.ns));
        const cancels = dialog.cancel.flatMap((k) => texts(language, k, dialog.ns));
        for (const confirm of confirms) {
          const word = confirm.trim().toLowerCase();
          if (GENERIC.has(word)) faults.push(`${dialog.where}: "${confirm}" does not name the action`);
          for (const cancel of cancels) {
            if (word === cancel.trim().toLowerCase()) {
              faults.push(`${dialog.where}: confirm and dismiss both read "${confirm}"`);
            }
          }
        }
      }
      expect(faults).toEqual([]);
    });
  }
});
