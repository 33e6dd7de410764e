import { z } from "zod";
import { CHARGER_CONNECTORS } from "./charger-values";
import { COUNTRY_CODE_PATTERN, COUNTRY_CODES } from "./reference";

/** Text a person types: trimmed, required, bounded, with messages that name the field. */
function text(label: string, max: number, min = 1) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(min, { error: min === 1 ? `${label} is required` : `${label} must be at least ${min} characters` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((v) => (v ? v : undefined));
}

const email = z
  .string({ error: (iss) => (iss.input === undefined ? "email is required" : "email must be text") })
  .trim()
  .min(1, { error: "email is required" })
  .max(254, { error: "email must be at most 254 characters" })
  .pipe(z.email({ error: "Please enter a valid email" }));

const phone = z
  .string({ error: "phone must be text" })
  .trim()
  .max(32, { error: "phone must be at most 32 characters" })
  .regex(/^$|^\+?[0-9 ().-]{6,32}$/, { error: "phone must be a phone number (digits, spaces, + and -)" })
  .optional()
  .transform((v) => (v ? v : undefined));

/** The language the visitor wrote in, so the reply comes in it. */
const language = z.enum(["en", "fr"], { error: "language must be en or fr" });

export const CONTACT_TOPICS = ["booking", "payment", "account", "partnership", "other"] as const;

export const ContactRequestSchema = z
  .object({
    name: text("name", 120, 2),
    email,
    phone,
    topic: z.enum(CONTACT_TOPICS, { error: `topic must be one of ${CONTACT_TOPICS.join(", ")}` }),
    message: text("message", 5000, 10),
    language: language.optional(),
  })
  .meta({ id: "ContactRequest" });
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

export const DEMO_INTERESTS = [
  "business_accounts",
  "car_park_management",
  "ev_charging",
  "events",
  "other",
] as const;

/** What a demo request with a country code no served country has is told. */
export const countryCodeError = (served: readonly string[]) =>
  `country_code must be one of ${served.join(", ")}`;

/** A served country's code: two capital letters here; the API checks it against the countries it serves. */
const countryCode = z
  .string({ error: countryCodeError(COUNTRY_CODES) })
  .regex(COUNTRY_CODE_PATTERN, { error: countryCodeError(COUNTRY_CODES) });

export const DemoRequestSchema = z
  .object({
    name: text("name", 120, 2),
    email,
    phone,
    company: text("company", 160),
    // Two capital letters here; the API checks the code against the countries it serves.
    country_code: countryCode,
    interest: z.enum(DEMO_INTERESTS, { error: `interest must be one of ${DEMO_INTERESTS.join(", ")}` }),
    spaces: z
      .number({ error: "spaces must be a number" })
      .int({ error: "spaces must be a whole number" })
      .min(1, { error: "spaces must be at least 1" })
      .max(1_000_000, { error: "spaces must be at most 1000000" })
      .optional(),
    message: optionalText("message", 5000),
    language: language.optional(),
  })
  .meta({ id: "DemoRequest" });
export type DemoRequest = z.infer<typeof DemoRequestSchema>;

/** The kinds of site a charger host offers (/rent-out-ev-charger). */
export const EV_HOST_SITE_KINDS = ["car_park", "hotel", "mall", "office", "home", "other"] as const;
/**
 * What a host is told of a connector that is not one: the parks' own list (CHARGER_CONNECTORS,
 * decision 045), the one list a host's site and a park's chargers are described with.
 */
const CONNECTORS_TEXT = `connectors must be among ${CHARGER_CONNECTORS.join(", ")}`;

/**
 * A charger owner's site (/rent-out-ev-charger, POST /ev-host-requests): where it is, what kind of
 * site, how many spaces could take chargers, and the chargers already there (connectors and power
 * only when it has some).
 */
export const EvHostRequestSchema = z
  .object({
    name: text("name", 120, 2),
    email,
    phone,
    country_code: countryCode,
    city: text("city", 120),
    address: text("address", 300),
    site_kind: z.enum(EV_HOST_SITE_KINDS, {
      error: `site_kind must be one of ${EV_HOST_SITE_KINDS.join(", ")}`,
    }),
    spaces: z
      .number({ error: "spaces must be a number" })
      .int({ error: "spaces must be a whole number" })
      .min(1, { error: "spaces must be at least 1" })
      .max(100_000, { error: "spaces must be at most 100000" }),
    has_chargers: z.boolean({ error: "has_chargers must be true or false" }),
    connectors: z
      .array(z.enum(CHARGER_CONNECTORS, { error: CONNECTORS_TEXT }), {
        error: "connectors must be a list of connector types",
      })
      .max(CHARGER_CONNECTORS.length, { error: CONNECTORS_TEXT })
      .refine((list) => new Set(list).size === list.length, { error: "connectors must not repeat" })
      .optional(),
    power_kw: z
      .number({ error: "power_kw must be a number" })
      .gt(0, { error: "power_kw must be more than 0" })
      .max(1000, { error: "power_kw must be at most 1000" })
      .refine((kw) => Math.abs(kw * 10 - Math.round(kw * 10)) < 1e-9, {
        error: "power_kw must have at most one decimal",
        params: { key: "validation.oneDecimal" },
      })
      .optional(),
    message: optionalText("message", 5000),
    language: language.optional(),
  })
  // Run even when another field is wrong, so that a form shows every problem at once: the values
  // may then be unparsed, hence the checks of their types.
  .superRefine(
    (r, ctx) => {
      if (typeof r.has_chargers !== "boolean") return;
      const connectors = Array.isArray(r.connectors) ? r.connectors.length : 0;
      const power = r.power_kw !== undefined;
      const issue = (path: "connectors" | "power_kw", message: string, key: string) =>
        ctx.addIssue({ code: "custom", path: [path], message, params: { key: `validation.${key}` } });
      if (r.has_chargers) {
        if (connectors === 0)
          issue("connectors", "connectors are required when the site has chargers", "connectorsRequired");
        if (!power) issue("power_kw", "power_kw is required when the site has chargers", "powerRequired");
      } else {
        if (connectors > 0)
          issue("connectors", "connectors are only for a site that has chargers", "noChargers");
        if (power) issue("power_kw", "power_kw is only for a site that has chargers", "noChargers");
      }
    },
    { when: ({ value }) => typeof value === "object" && value !== null },
  )
  .meta({ id: "EvHostRequest" });
export type EvHostRequest = z.infer<typeof EvHostRequestSchema>;

/** What the server answers when it has stored a form: the reference a person can quote. */
export const InquiryReceiptSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    received_at: z.string(),
  })
  .meta({ id: "InquiryReceipt" });
export type InquiryReceipt = z.infer<typeof InquiryReceiptSchema>;
