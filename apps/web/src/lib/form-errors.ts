import type { TFunction } from "i18next";
import type { z } from "zod";
import { ApiError } from "./api";

/**
 * Form error texts: a zod issue becomes a catalogue key (the `auth` namespace's `validation.*`)
 * by its code, never by its English message. The code says what kind of problem it is; the
 * field decides the few texts docs/PRODUCT-RULES.md words for one field ("Please enter a valid
 * email", "Password must be at least 8 characters", ...).
 */
export interface FieldMessage {
  key: string;
  values?: Record<string, unknown>;
}

type Code = z.core.$ZodIssue["code"];

/** The texts a field has of its own, per issue code; anything else falls to the code's text. */
const FIELD_TEXTS: Record<string, Partial<Record<Code, string>>> = {
  email: { invalid_format: "email", too_big: "email" },
  password: { too_small: "passwordMin", too_big: "passwordMax" },
  new_password: { too_small: "passwordMin", too_big: "passwordMax" },
  phone: { invalid_format: "phone", too_big: "phone" },
  plate_number: { invalid_format: "plate", too_big: "plate" },
  flight_number: { too_big: "flightNumber" },
  event_code: { invalid_format: "eventCode", too_big: "eventCode" },
  photo_url: { invalid_format: "photoUrl", too_big: "photoUrl" },
  country_id: { invalid_type: "country" },
  // The registration's Terms box (decision 035): the specification's sentence, unticked or absent.
  accept_terms: { invalid_value: "acceptTerms", invalid_type: "acceptTerms" },
  vehicle_type_id: { invalid_type: "vehicleType" },
  // A day's opening and closing times (a park's opening hours).
  open: { invalid_format: "time" },
  close: { invalid_format: "time" },
};

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** One issue as a key; `given` is what the field held (an empty field is "required" whatever the rule). */
function issueMessage(issue: z.core.$ZodIssue, given: unknown): FieldMessage {
  // A nested field is named by its own key (rates.0.hourly: "hourly").
  const field = String(issue.path.findLast((p) => typeof p === "string") ?? "");
  const own = FIELD_TEXTS[field]?.[issue.code];
  if (field === "accept_terms") return { key: "validation.acceptTerms" };
  if (blank(given) && issue.code !== "custom") return { key: "validation.required" };
  switch (issue.code) {
    case "invalid_type":
      return { key: `validation.${own ?? "invalid"}` };
    case "too_small": {
      const text = issue.origin === "string";
      if (text && Number(issue.minimum) <= 1) return { key: "validation.required" };
      if (own) return { key: `validation.${own}` };
      if (!text && issue.inclusive === false)
        return { key: "validation.moreThan", values: { min: issue.minimum } };
      return { key: text ? "validation.minLength" : "validation.minValue", values: { min: issue.minimum } };
    }
    case "too_big":
      if (own) return { key: `validation.${own}` };
      return {
        key: issue.origin === "string" ? "validation.maxLength" : "validation.maxValue",
        values: { max: issue.maximum },
      };
    case "invalid_format":
      if (own) return { key: `validation.${own}` };
      return { key: issue.format === "email" ? "validation.email" : "validation.invalid" };
    case "invalid_value":
      return { key: "validation.choose" };
    case "custom":
      // A form's own rule names its text: params { key, values }.
      if (typeof issue.params?.key === "string")
        return { key: issue.params.key, values: issue.params.values as Record<string, unknown> | undefined };
      return { key: "validation.invalid" };
    default:
      return { key: "validation.invalid" };
  }
}

/** The value at a dotted path ("days.2.close") of nested objects and arrays. */
export function valueAt(values: unknown, name: string): unknown {
  let value = values;
  for (const part of name.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The first problem of each field of the body (`values`), as keys: by default at each top-level
 * field; with `fieldOf`, at the form's field (dotted: "rows.2.hourly") an issue's path is on. An
 * empty field is "required": what the form's field holds (`form`), else the body's field.
 */
export function issueMessages(
  issues: readonly z.core.$ZodIssue[],
  values: unknown,
  fieldOf?: (path: readonly PropertyKey[]) => string,
  form?: unknown,
): Record<string, FieldMessage> {
  const out: Record<string, FieldMessage> = {};
  for (const issue of issues) {
    const top = String(issue.path[0] ?? "form");
    const field = fieldOf ? fieldOf(issue.path) : top;
    const held = form === undefined ? undefined : valueAt(form, field);
    out[field] ??= issueMessage(issue, held !== undefined ? held : valueAt(values, top));
  }
  return out;
}

/** A key's text in the page's language (the keys live in the `auth` namespace). */
export function fieldText(t: TFunction, message: FieldMessage): string {
  return t(message.key, { ns: "auth", ...message.values });
}

/**
 * The error codes the `auth` catalogue words itself (its `errors`; catalogues.test.ts checks the
 * list), and `generic`, its text for a failure that is not an ApiError.
 */
export const WORDED_CODES: ReadonlySet<ApiError["code"] | "generic"> = new Set<ApiError["code"] | "generic">([
  "generic",
  "invalid_response",
  "invalid_credentials",
  "email_not_verified",
  "too_many_attempts",
  "invalid_link",
  "account_disabled",
  "network_error",
  "unauthenticated",
  "invalid_token",
]);

/**
 * A failed request as one line: the catalogue's text for the error's code when there is one,
 * else the server's message (the server writes it in the page's language), else the generic text.
 */
export function errorText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError)
    return (WORDED_CODES.has(err.code) && t(`errors.${err.code}`, { ns: "auth" })) || err.message;
  return t("errors.generic", { ns: "auth" });
}

/** The server's messages per field (422 `fields`), already in the page's language. */
export function serverFields(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.fields ? err.fields : {};
}

/**
 * What a form says beside its button after a refused request (null: nothing to say). A server
 * message is never dropped: nothing more when each of the server's field messages is shown at one
 * of the form's `shown` fields; else the message of the first field the form does not show; else
 * (no field messages, as a 409 "This vehicle already has a booking in this window") the request's
 * one line (errorText: the server's message, else the generic text).
 */
export function formAlertText(t: TFunction, err: unknown, shown: readonly string[]): string | null {
  if (!err) return null;
  const fields = Object.entries(serverFields(err));
  const elsewhere = fields.find(([name]) => !shown.includes(name));
  if (elsewhere) return elsewhere[1];
  return fields.length > 0 ? null : errorText(t, err);
}
