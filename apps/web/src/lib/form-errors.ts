import {
  EMAIL_TEXT,
  PASSWORD_MAX_TEXT,
  PASSWORD_MIN_TEXT,
  PLATE_TEXT,
  REQUIRED_TEXT,
} from "@parkwell/contract";
import type { TFunction } from "i18next";
import type { z } from "zod";
import { ApiError } from "./api";

/** The contract's English texts (word for word, docs/PRODUCT-RULES.md) and their catalogue keys. */
const KNOWN: Record<string, string> = {
  [REQUIRED_TEXT]: "validation.required",
  [EMAIL_TEXT]: "validation.email",
  [PASSWORD_MIN_TEXT]: "validation.passwordMin",
  [PASSWORD_MAX_TEXT]: "validation.passwordMax",
  [PLATE_TEXT]: "validation.plate",
  "Invalid response from server": "errors.invalidResponse",
  "Please enter a valid phone number": "validation.phone",
  "Please choose a country": "validation.country",
  "Please choose a vehicle type": "validation.vehicleType",
  "Please enter a valid image URL": "validation.photoUrl",
  "You already saved a vehicle with this plate number": "validation.plateTaken",
  "Your current password is incorrect": "validation.currentPassword",
};

/** A message in the page's language when we know it; otherwise the text as given. */
export function translateMessage(t: TFunction, message: string): string {
  const key = KNOWN[message];
  return key ? t(key, { ns: "auth" }) : message;
}

/** First message per top-level field. */
export function zodFields(error: z.ZodError, t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "form");
    out[name] ??= translateMessage(t, issue.message);
  }
  return out;
}

/**
 * Show the server's message when there is one, else the generic text. Errors whose code
 * the catalogue knows are shown in the page's language (the English entries are the server's
 * own words).
 */
export function errorText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    const key = `errors.${err.code}`;
    const translated = t(key, { ns: "auth", defaultValue: "" });
    return translated || translateMessage(t, err.message);
  }
  if (err instanceof Error && err.message) return translateMessage(t, err.message);
  return t("errors.generic", { ns: "auth" });
}

export function serverFields(t: TFunction, err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.fields) return {};
  return Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, translateMessage(t, v)]));
}
