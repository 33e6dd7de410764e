import type { z } from "zod";

export interface FieldMessage {
  key: string;
  values?: Record<string, unknown>;
}

/**
 * Runs the contract's schema in the browser (the same rules the server applies) and turns each
 * field's first problem into a catalogue key, so the message appears in the visitor's language.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.infer<S>; errors?: undefined } | { data?: undefined; errors: Record<string, FieldMessage> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: Record<string, FieldMessage> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (errors[field]) continue;
    const given = (values as Record<string, unknown> | null)?.[field];
    errors[field] = toMessage(
      field,
      issue,
      given == null || (typeof given === "string" && given.trim() === ""),
    );
  }
  return { errors };
}

function toMessage(field: string, issue: z.core.$ZodIssue, missing: boolean): FieldMessage {
  switch (issue.code) {
    case "too_small":
      return issue.origin === "string" && (missing || Number(issue.minimum) <= 1)
        ? { key: "errors.required" }
        : {
            key: issue.origin === "string" ? "errors.minLength" : "errors.minValue",
            values: { min: issue.minimum },
          };
    case "too_big":
      return {
        key: issue.origin === "string" ? "errors.maxLength" : "errors.maxValue",
        values: { max: issue.maximum },
      };
    case "invalid_format":
      return { key: field === "email" ? "errors.email" : "errors.phone" };
    case "invalid_value":
      return { key: "errors.choose" };
    case "invalid_type":
      return missing ? { key: "errors.required" } : { key: "errors.invalid" };
    default:
      return { key: "errors.invalid" };
  }
}
