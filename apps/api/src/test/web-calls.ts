import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { API_ROOT } from "../config";

/**
 * The HTTP calls the web app makes, read from its sources as text (the API never imports the web
 * app): every call of its one client, `api(path, { method })` in lib/api.ts, of a local wrapper
 * that passes its own parameter on as the path (`const post = (path, body) => api(path, {...})`),
 * and every `fetch` of a written-out `/api/...` URL. A call whose path or method is not written
 * out where it is made cannot be checked against the OpenAPI document: it is reported as
 * unresolved, so that the test fails rather than skip it.
 */

export const WEB_SRC = path.join(API_ROOT, "../web/src");

export interface WebCall {
  method: string;
  /** The path as the server sees it, a template's placeholders as `{}`: `/api/v1/bookings/{}/status`. */
  path: string;
  /** `file:line`, for the failure message. */
  where: string;
}

export interface WebCalls {
  calls: WebCall[];
  unresolved: string[];
}

/** Every call in the web app's sources (tests left out: they may call made-up paths). */
export function webCalls(root = WEB_SRC): WebCalls {
  const files = fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .sort();
  const sources = files.map((f) => ({ file: f, text: fs.readFileSync(path.join(root, f), "utf8") }));
  const base = apiBase(sources.find((s) => s.file === path.join("lib", "api.ts"))?.text ?? "");
  const all: WebCalls = { calls: [], unresolved: [] };
  for (const { file, text } of sources) {
    const found = callsIn(file, text, base);
    all.calls.push(...found.calls);
    all.unresolved.push(...found.unresolved);
  }
  return all;
}

/** The client's base path, `export const API_BASE = "/api/v1"` in lib/api.ts. */
export function apiBase(source: string): string {
  const match = /export const API_BASE = "([^"]+)"/.exec(source);
  if (!match?.[1]) throw new Error("lib/api.ts no longer declares API_BASE as a string");
  return match[1];
}

/** The calls in one source file; `base` is prefixed to the paths given to `api`. */
export function callsIn(file: string, source: string, base: string): WebCalls {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, scriptKind(file));
  const result: WebCalls = { calls: [], unresolved: [] };
  const where = (node: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  /**
   * Wrappers of `api` in this file: their name, which argument is the path (after `prefix`), and
   * the method, written out in the wrapper or, when it passes its own options on, at each call.
   */
  const wrappers = new Map<string, Wrapper>();
  const calls: ts.CallExpression[] = [];
  const collect = (node: ts.Node) => {
    if (ts.isCallExpression(node)) calls.push(node);
    ts.forEachChild(node, collect);
  };
  collect(sf);

  for (const call of calls) {
    const callee = calleeName(call);
    if (callee === "api") {
      const target = call.arguments[0];
      const wrapper = target && wrapperOf(call, target);
      const options = wrapper && call.arguments[1] ? parameterIndex(call, call.arguments[1]) : -1;
      const method = options >= 0 ? { options } : methodOf(call.arguments[1]);
      const template = target && !wrapper ? pathTemplate(target) : undefined;
      if (method === null) result.unresolved.push(`${where(call)}: the method is not written out`);
      else if (wrapper) wrappers.set(wrapper.name, { index: wrapper.index, prefix: wrapper.prefix, method });
      else if (template !== undefined && typeof method === "string")
        result.calls.push({ method, path: base + template, where: where(call) });
      else result.unresolved.push(`${where(call)}: the path is not written out`);
    } else if (callee === "fetch") {
      const template = call.arguments[0] && pathTemplate(call.arguments[0]);
      // Only the app's own API: other fetches go to other hosts or take a URL built elsewhere.
      if (template?.startsWith("/api/")) {
        const method = methodOf(call.arguments[1]);
        if (method === null) result.unresolved.push(`${where(call)}: the method is not written out`);
        else result.calls.push({ method, path: template, where: where(call) });
      }
    }
  }
  for (const call of calls) {
    const wrapper = wrappers.get(calleeName(call) ?? "");
    if (!wrapper) continue;
    const target = call.arguments[wrapper.index];
    const template = target && pathTemplate(target);
    const method =
      typeof wrapper.method === "string" ? wrapper.method : methodOf(call.arguments[wrapper.method.options]);
    if (template === undefined) result.unresolved.push(`${where(call)}: the path is not written out`);
    else if (method === null) result.unresolved.push(`${where(call)}: the method is not written out`);
    else result.calls.push({ method, path: base + wrapper.prefix + template, where: where(call) });
  }
  return result;
}

interface Wrapper {
  index: number;
  /** Written before the wrapper's path (`api(\`/admin${path}\`)`: "/admin"). */
  prefix: string;
  method: string | { options: number };
}

function scriptKind(file: string): ts.ScriptKind {
  return file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

function calleeName(call: ts.CallExpression): string | undefined {
  return ts.isIdentifier(call.expression) ? call.expression.text : undefined;
}

/**
 * A written-out path: a string, whose `{name}` segments (the client fills them from `params`)
 * become `{}`, or a template whose substitutions become `{}`. The query string is left out (the
 * document lists it as parameters). Undefined for anything else.
 */
function pathTemplate(node: ts.Expression): string | undefined {
  let text: string;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    text = node.text.replace(/\{[^}]+\}/g, "{}");
  else if (ts.isTemplateExpression(node))
    text = node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join("");
  else return undefined;
  return text.split("?")[0];
}

/** The request's method: GET without options or without `method`; null when it is not a literal. */
function methodOf(options: ts.Expression | undefined): string | null {
  if (!options) return "GET";
  if (!ts.isObjectLiteralExpression(options)) return null;
  let method: string | null = "GET";
  for (const property of options.properties) {
    if (ts.isSpreadAssignment(property)) return null;
    if (property.name && ts.isIdentifier(property.name) && property.name.text === "method") {
      method =
        ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer)
          ? property.initializer.text
          : null;
    }
  }
  return method;
}

/**
 * When `api`'s path is a parameter of the function around the call, and that function is named
 * (`const post = (path, body) => api(path, ...)` or `function post(path) {...}`): its name and
 * the parameter's position.
 */
function wrapperOf(
  call: ts.CallExpression,
  target: ts.Expression,
): { name: string; index: number; prefix: string } | null {
  // The path is the parameter itself, or a written-out prefix and a parameter named for a path
  // (`/admin${path}`), not one segment of a path (`/user/vehicles/${id}` is a call of its own).
  let prefix = "";
  let param: ts.Expression = target;
  if (ts.isTemplateExpression(target) && target.templateSpans.length === 1) {
    const span = target.templateSpans[0]!;
    if (span.literal.text !== "" || !ts.isIdentifier(span.expression) || !/path/i.test(span.expression.text))
      return null;
    prefix = target.head.text;
    param = span.expression;
  }
  const index = parameterIndex(call, param);
  if (index === -1) return null;
  const fn = enclosingFunction(call)!;
  if (ts.isFunctionDeclaration(fn) && fn.name) return { name: fn.name.text, index, prefix };
  const holder = fn.parent;
  if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) {
    return { name: holder.name.text, index, prefix };
  }
  return null;
}

function enclosingFunction(node: ts.Node): ts.SignatureDeclaration | undefined {
  let fn: ts.Node | undefined = node.parent;
  while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
  return fn && ts.isFunctionLike(fn) ? fn : undefined;
}

/**
 * The position of `node` among the parameters of the function around `call`, or -1. A rest
 * parameter taken apart as `...[options]` counts as `options` at its position.
 */
function parameterIndex(call: ts.CallExpression, node: ts.Expression): number {
  if (!ts.isIdentifier(node)) return -1;
  const fn = enclosingFunction(call);
  if (!fn) return -1;
  const named = (name: ts.BindingName): boolean => {
    if (ts.isIdentifier(name)) return name.text === node.text;
    if (!ts.isArrayBindingPattern(name)) return false;
    const first = name.elements[0];
    return (
      first !== undefined &&
      ts.isBindingElement(first) &&
      ts.isIdentifier(first.name) &&
      first.name.text === node.text
    );
  };
  return fn.parameters.findIndex(
    (p) => named(p.name) && (ts.isIdentifier(p.name) || p.dotDotDotToken !== undefined),
  );
}

/** Whether a web call's path is one of the document's: `{}` matches a `{param}` segment only. */
export function matchesDocumentPath(call: string, documented: string): boolean {
  const a = call.split("/");
  const b = documented.split("/");
  return (
    a.length === b.length &&
    a.every((segment, i) => {
      const other = b[i] ?? "";
      if (/^\{[^}]+\}$/.test(other)) return segment !== "";
      return segment === other;
    })
  );
}
