import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";

const NOT_ALLOWED = "Contains a character that is not allowed";

/** The path of the first string holding a NUL character, e.g. `vehicle.plate`, or null. */
export function findNul(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes("\u0000")) return path ? `${path}.${key}` : key;
    const found = findNul(inner, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The contract's zod validation, with one rule before it for every route and every part (path,
 * query, body, headers): no NUL character. PostgreSQL refuses it in text, so it would otherwise
 * reach the database and come back as a 500; no product field has a use for it.
 */
export const validator: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const at = findNul(data);
    if (at === null) return validate(data);
    const field = at || route.httpPart || "request";
    return {
      error: new AppError(422, "invalid_characters", `${field}: ${NOT_ALLOWED}`, { [field]: NOT_ALLOWED }),
    };
  };
};
