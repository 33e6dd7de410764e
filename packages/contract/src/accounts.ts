import { z } from "zod";
import { idNumber } from "./common";

/** Texts of docs/PRODUCT-RULES.md, word for word: the API and the web forms show the same ones. */
export const REQUIRED_TEXT = "This field is required!";
export const EMAIL_TEXT = "Please enter a valid email";
export const PASSWORD_MIN_TEXT = "Password must be at least 8 characters";
export const PASSWORD_MIN = 8;
/** The sentence of the specification, word for word, when the Terms box is not ticked (decision 035). */
export const ACCEPT_TERMS_TEXT = "Please Accept our all Terms and Privacy!";
/** ASVS 6.2.9 asks for at least 64; long passphrases and password managers fit. */
export const PASSWORD_MAX = 256;
export const PASSWORD_MAX_TEXT = `Password must be at most ${PASSWORD_MAX} characters`;

const required = (max: number) =>
  z
    .string({ error: REQUIRED_TEXT })
    .trim()
    .min(1, { error: REQUIRED_TEXT })
    .max(max, { error: `Must be at most ${max} characters` });

export const EmailSchema = z
  .string({ error: REQUIRED_TEXT })
  .trim()
  .min(1, { error: REQUIRED_TEXT })
  .max(254, { error: EMAIL_TEXT })
  .pipe(z.email({ error: EMAIL_TEXT }))
  .transform((s) => s.toLowerCase());

/** No trimming, no case folding, no composition rules (ASVS 6.2.5, 6.2.8). */
export const PasswordSchema = z
  .string({ error: REQUIRED_TEXT })
  .min(1, { error: REQUIRED_TEXT })
  .min(PASSWORD_MIN, { error: PASSWORD_MIN_TEXT })
  .max(PASSWORD_MAX, { error: PASSWORD_MAX_TEXT });

export const PhoneSchema = z
  .string()
  .trim()
  .max(30, { error: "Please enter a valid phone number" })
  .regex(/^\+?[0-9 ()-]{0,29}$/, { error: "Please enter a valid phone number" })
  .transform((s) => (s === "" ? null : s));

export const LanguageSchema = z.enum(["en", "fr"], { error: "language must be en or fr" });
const countryId = idNumber("country_id", "Please choose a country");

/**
 * The Terms and Privacy box (decision 035): ticked, or the specification's sentence. Wherever an
 * account is made or joins something on a form (registration, a company's invitation link), the
 * current Terms version is recorded as accepted with it.
 */
export const AcceptTermsSchema = z.literal(true, { error: ACCEPT_TERMS_TEXT });

export const RegisterSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  first_name: required(100),
  last_name: required(100),
  phone: PhoneSchema.nullish(),
  country_id: countryId.nullish(),
  language: LanguageSchema.optional(),
  /** The Terms and Privacy box (decision 035): the current Terms version is recorded as accepted. */
  accept_terms: AcceptTermsSchema,
  /** A driver's referral code, from the link `/register?ref=CODE`; one that is no code is ignored. */
  referral_code: z.string().trim().max(32).nullish(),
  /** The web app's id of this device (a random id it keeps): a referral from the inviter's device is refused. */
  device_id: z.string().trim().max(100).nullish(),
});
export type RegisterBody = z.input<typeof RegisterSchema>;

export const LoginSchema = z.object({
  identifier: EmailSchema,
  password: z.string({ error: REQUIRED_TEXT }).min(1, { error: REQUIRED_TEXT }).max(PASSWORD_MAX),
});
export const TokenBodySchema = z.object({
  token: z.string({ error: REQUIRED_TEXT }).trim().min(1, { error: REQUIRED_TEXT }).max(200),
});
export const EmailBodySchema = z.object({ email: EmailSchema, language: LanguageSchema.optional() });
export const ResetPasswordSchema = TokenBodySchema.extend({ password: PasswordSchema });

export const SOCIAL_PROVIDERS = ["google", "apple"] as const;
export const SocialLoginSchema = z.object({
  id_token: z.string({ error: REQUIRED_TEXT }).min(1, { error: REQUIRED_TEXT }).max(8192),
  email: z.string().max(254).nullish(),
  name: z.string().max(200).nullish(),
  photo_url: z.string().max(2048).nullish(),
  firebase_uid: z.string({ error: REQUIRED_TEXT }).min(1, { error: REQUIRED_TEXT }).max(128),
  provider: z.enum(SOCIAL_PROVIDERS, { error: "provider must be google or apple" }),
  /** As at registration: the code of the link the new driver came by, and this device's id (a new account only). */
  referral_code: z.string().trim().max(32).nullish(),
  device_id: z.string().trim().max(100).nullish(),
});

export const ProfileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    country_id: z.number().int(),
    country: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
    photo_url: z.string().nullable(),
    email_verified: z.boolean(),
    language: LanguageSchema,
    /** E-mail reminders before a booking starts and before it ends. */
    booking_reminders: z.boolean(),
    /** Printed as the buyer on the driver's receipts, when given (null: none). */
    company_name: z.string().nullable(),
    company_address: z.string().nullable(),
    company_tax_id: z.string().nullable(),
    role: z.string(),
    auth_provider: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof ProfileSchema>;

/** An optional text of the buyer's receipt details: trimmed, empty means none (null). */
const receiptText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .transform((v) => (v === "" ? null : v))
    .nullish();

/** Only these fields can change through PATCH; anything else in the body is dropped (ASVS 15.3.3). */
export const ProfileUpdateSchema = z.object({
  first_name: required(100).optional(),
  last_name: required(100).optional(),
  phone: PhoneSchema.nullish(),
  country_id: countryId.optional(),
  photo_url: z
    .url({ protocol: /^https?$/, error: "Please enter a valid image URL" })
    .max(2048)
    .nullish(),
  booking_reminders: z.boolean({ error: "booking_reminders must be true or false" }).optional(),
  /** The language every e-mail to the account is written in (the web's language switch sets it). */
  language: LanguageSchema.optional(),
  /** For receipts: an empty text clears the field. */
  company_name: receiptText("company_name", 200),
  company_address: receiptText("company_address", 500),
  company_tax_id: receiptText("company_tax_id", 50),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

export const MessageSchema = z.object({ message: z.string() });
export const AuthResponseSchema = z
  .object({ access_token: z.string(), token_type: z.literal("bearer"), user: ProfileSchema })
  .meta({ id: "AuthResponse" });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;
export const SocialLoginResponseSchema = AuthResponseSchema.extend({ is_new_user: z.boolean() });
export type SocialLoginResponse = z.infer<typeof SocialLoginResponseSchema>;

/** What the web app needs to offer Google/Apple sign-in; `enabled` false when not configured. */
export const AuthConfigSchema = z.object({
  social: z.object({
    enabled: z.boolean(),
    api_key: z.string().nullable(),
    auth_domain: z.string().nullable(),
    project_id: z.string().nullable(),
  }),
});
export type AuthConfig = z.infer<typeof AuthConfigSchema>;

/** A signed-in password change re-checks the current password (ASVS 7.5.1). */
export const ChangePasswordSchema = z.object({
  current_password: z.string({ error: REQUIRED_TEXT }).min(1, { error: REQUIRED_TEXT }).max(PASSWORD_MAX),
  new_password: PasswordSchema,
});
export type ChangePasswordBody = z.input<typeof ChangePasswordSchema>;
