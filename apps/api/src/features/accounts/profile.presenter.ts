import type { Profile } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { findCountry, type UserRow } from "./accounts.repo";

/** The profile a client sees: never the raw row (no password hash, no firebase uid). */
export async function presentProfile(db: Db, user: UserRow): Promise<Profile> {
  const country = await findCountry(db, user.countryId);
  if (!country) throw new AppError(500, "country_missing", "Something went wrong");
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    country_id: user.countryId,
    country,
    photo_url: user.photoUrl,
    email_verified: user.emailVerifiedAt !== null,
    language: user.language === "fr" ? "fr" : "en",
    booking_reminders: user.bookingReminders,
    role: user.role,
    auth_provider: user.authProvider,
    created_at: user.createdAt.toISOString(),
  };
}
