import type { Profile } from "@parkwell/contract";
import type { ServedCountry } from "../reference/served-countries";
import type { UserRow } from "./accounts.repo";

export type CountryRef = Pick<ServedCountry, "id" | "code" | "name">;

/** The profile a client sees: never the raw row (no password hash, no firebase uid). */
export function presentProfile(user: UserRow, country: CountryRef): Profile {
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
    company_name: user.companyName,
    company_address: user.companyAddress,
    company_tax_id: user.companyTaxId,
    role: user.role,
    auth_provider: user.authProvider,
    created_at: user.createdAt.toISOString(),
  };
}
