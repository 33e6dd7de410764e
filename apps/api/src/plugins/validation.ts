import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";

const NOT_ALLOWED = "Contains a character that is not allowed";

/** A UTF-16 surrogate without its other half: a JSON escape can write one ("\ud800"). */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A NUL character or an unpaired surrogate. */
const isBadText = (text: string) => text.includes("\u0000") || UNPAIRED_SURROGATE.test(text);

/**
 * The path of the first string or key a client may not send, e.g. `vehicle.plate`, or null:
 * one holding a NUL character (PostgreSQL refuses it in text) or an unpaired surrogate (no UTF-8
 * carries it: a json column refuses it, a text column would keep U+FFFD in its place). Walked
 * with a stack of its own, not by recursion, so no value is too deep for it.
 */
export function findBadText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, ""]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [inner, path] = next;
    if (typeof inner === "string") {
      if (isBadText(inner)) return path;
      continue;
    }
    if (inner === null || typeof inner !== "object") continue;
    const entries = Object.entries(inner);
    // Pushed last first: the first bad field in the body's order is the one named.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      stack.push([item, path ? `${path}.${key}` : key]);
    }
    for (const [key] of entries) if (isBadText(key)) return path ? `${path}.${key}` : key;
  }
  return null;
}

/**
 * The contract's zod validation, with one rule before it for every route and every part (path,
 * query, body, headers): no NUL character and no unpaired surrogate (`findBadText`). Either would
 * otherwise reach the database and come back as a 500; no product field has a use for them.
 */
export const validator: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const at = findBadText(data);
    if (at === null) return validate(data);
    const field = at || route.httpPart || "request";
    return {
      error: new AppError(422, "invalid_characters", `${field}: ${NOT_ALLOWED}`, { [field]: NOT_ALLOWED }),
    };
  };
};

/**
 * The deepest JSON body accepted, in arrays and objects: the deepest the contract reads is 5 (an
 * event's parks' prices), so 32 refuses no real body. Anything that walks a body (zod, the check
 * above, a service) then has a bound, and JSON.parse, slow on deep text, never sees it.
 */
export const MAX_BODY_DEPTH = 32;

/** Whether JSON text nests arrays and objects deeper than `max`: one pass, strings skipped. */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped, even a quote
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Fastify's JSON body parser (its errors, its prototype-poisoning checks, the body limit), after
 * one check of the text: nested no deeper than MAX_BODY_DEPTH, else 400 `body_too_deep`, whatever
 * the route, before anything parses or walks it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = body as string;
    if (nestedDeeperThan(text, MAX_BODY_DEPTH)) {
      done(new AppError(400, "body_too_deep", "The request body is nested too deeply"), undefined);
      return;
    }
    return parse(req, text, done);
  });
}
