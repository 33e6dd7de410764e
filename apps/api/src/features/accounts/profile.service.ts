import type { Profile, ProfileUpdateSchema } from "@parkwell/contract";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { MESSAGES } from "./accounts.domain";
import { servedCountries } from "../reference/served-countries";
import * as repo from "./accounts.repo";
import { presentProfile } from "./profile.present";

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw AppError.notFound("Account not found");
  return profileOf(db, user);
}

/** Applies only the allow-listed fields the schema let through (no role, no e-mail). */
export async function updateProfile(
  db: Db,
  clock: Clock,
  userId: string,
  body: z.output<typeof ProfileUpdateSchema>,
): Promise<Profile> {
  if (body.country_id !== undefined && !(await servedCountries(db).byId(body.country_id))) {
    throw AppError.validation({ country_id: MESSAGES.countryUnknown });
  }
  const set = {
    ...(body.first_name !== undefined ? { firstName: body.first_name } : {}),
    ...(body.last_name !== undefined ? { lastName: body.last_name } : {}),
    ...(body.phone !== undefined ? { phone: body.phone } : {}),
    ...(body.country_id !== undefined ? { countryId: body.country_id } : {}),
    ...(body.photo_url !== undefined ? { photoUrl: body.photo_url } : {}),
    ...(body.booking_reminders !== undefined ? { bookingReminders: body.booking_reminders } : {}),
    ...(body.language !== undefined ? { language: body.language } : {}),
    ...(body.company_name !== undefined ? { companyName: body.company_name } : {}),
    ...(body.company_address !== undefined ? { companyAddress: body.company_address } : {}),
    ...(body.company_tax_id !== undefined ? { companyTaxId: body.company_tax_id } : {}),
    updatedAt: clock(),
  };
  const user = await repo.updateUser(db, userId, set);
  if (!user) throw AppError.notFound("Account not found");
  return profileOf(db, user);
}

/** The profile a client sees of a user, with their country. */
export async function profileOf(db: Db, user: repo.UserRow): Promise<Profile> {
  const country = await servedCountries(db).byId(user.countryId);
  if (!country) throw new AppError(500, "country_missing", "Something went wrong");
  return presentProfile(user, country);
}
