import { requestLanguage } from "../../lib/language";
/** Lifetimes of the links we mail. Verification: a day (common practice); reset: one hour. */
export const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 60 * 60;

export const MESSAGES = {
  registered: "Registration successful. Please check your email to verify your account.",
  resendSent: "If an account with this email needs verification, we have sent a new verification link.",
  forgotSent: "If an account exists for this email, we have sent a link to reset your password.",
  badLink: "This link is invalid or has expired. Please request a new one.",
  alreadyVerified: "This e-mail address is already verified. You can sign in.",
  passwordReset: "Your password has been reset. Please log in with your new password.",
  invalidCredentials: "Invalid email or password",
  unverified:
    "Please verify your email address before logging in. Check your inbox for the verification link.",
  disabled: "This account has been disabled. Please contact support.",
  loggedOut: "You have been logged out.",
  wrongCurrentPassword: "Your current password is incorrect",
  passwordChanged: "Your password has been changed. Your other sessions have been logged out.",
  socialUnavailable: "Social login is currently unavailable. Please try logging in with email and password.",
  socialExists: "An account with this email already exists. Please sign in with your original method.",
  socialLinking: "Account linking required. Please contact support.",
  socialFailed: "Social login failed. Please try again.",
  socialNoEmail: "Your Google or Apple account did not share an email address.",
  socialUnverified:
    "Your Google or Apple account has not verified this email address. Please verify it with them first, or sign up with email and password.",
  countryUnknown: "Please choose a country",
  tooManyLogins: "Too many login attempts. Please wait a moment and try again.",
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
} as const;

/** 'Ada Lovelace Byron' -> first 'Ada', last 'Lovelace Byron'; a single word leaves last empty. */
export function splitName(name: string | null | undefined, email: string): { first: string; last: string } {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { first: email.split("@")[0]!.slice(0, 100), last: "" };
  return { first: words[0]!.slice(0, 100), last: words.slice(1).join(" ").slice(0, 100) };
}

/** The language of a mail: the one asked for, else the browser's, else English. */
export function pickLanguage(asked: string | undefined, acceptLanguage: string | undefined): "en" | "fr" {
  if (asked === "fr" || asked === "en") return asked;
  return requestLanguage(acceptLanguage);
}
