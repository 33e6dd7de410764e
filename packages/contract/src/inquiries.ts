import { z } from "zod";
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

export const DemoRequestSchema = z
  .object({
    name: text("name", 120, 2),
    email,
    phone,
    company: text("company", 160),
    // Two capital letters here; the API checks the code against the countries it serves.
    country_code: z
      .string({ error: countryCodeError(COUNTRY_CODES) })
      .regex(COUNTRY_CODE_PATTERN, { error: countryCodeError(COUNTRY_CODES) }),
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

/** What the server answers when it has stored a form: the reference a person can quote. */
export const InquiryReceiptSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    received_at: z.string(),
  })
  .meta({ id: "InquiryReceipt" });
export type InquiryReceipt = z.infer<typeof InquiryReceiptSchema>;
