/**
 * A driver's saved delivery addresses: their own only (another's is a 404, as a missing one), in
 * their own country.
 */
import type { Address, AddressBody } from "@parkwell/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { addresses, countries, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";

export const ADDRESS_NOT_FOUND_MESSAGE = "Address not found";
export const ADDRESSES_MAX = 20;
export const ADDRESSES_FULL_MESSAGE = "You can save at most {max} addresses";

const notFound = () => AppError.notFound(ADDRESS_NOT_FOUND_MESSAGE, "address_not_found");

type Row = typeof addresses.$inferSelect;
const present = (r: Row, countryCode: string): Address => ({
  id: r.id,
  label: r.label,
  address: r.address,
  city: r.city,
  lat: r.lat,
  lng: r.lng,
  phone: r.phone,
  pin_confirmed: r.pinConfirmed,
  country_code: countryCode.trim(),
});

/**
 * The row's columns from a body: coordinates sent without `pin_confirmed` count as placed by the
 * driver (a client showing a default point says `pin_confirmed: false`).
 */
function columns<B extends Partial<AddressBody>>({ pin_confirmed, ...rest }: B) {
  const moved = rest.lat !== undefined || rest.lng !== undefined;
  return { ...rest, pinConfirmed: pin_confirmed ?? (moved ? true : undefined) };
}

async function userCountry(db: Db, userId: string) {
  const [row] = await db
    .select({ id: countries.id, code: countries.code })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  return row;
}

export async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  const rows = await db
    .select({ a: addresses, code: countries.code })
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));
  return rows.map((r) => present(r.a, r.code));
}

export async function createAddress(db: Db, userId: string, body: AddressBody): Promise<Address> {
  const country = await userCountry(db, userId);
  const existing = await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId));
  if (existing.length >= ADDRESSES_MAX) {
    throw new AppError(409, "addresses_full", ADDRESSES_FULL_MESSAGE.replace("{max}", String(ADDRESSES_MAX)));
  }
  const [row] = await db
    .insert(addresses)
    .values({ ...columns(body), pinConfirmed: body.pin_confirmed ?? true, userId, countryId: country.id })
    .returning();
  return present(row!, country.code);
}

export async function updateAddress(
  db: Db,
  userId: string,
  id: number,
  body: Partial<AddressBody>,
): Promise<Address> {
  const country = await userCountry(db, userId);
  const patch = Object.fromEntries(Object.entries(columns(body)).filter(([, v]) => v !== undefined));
  const [row] =
    Object.keys(patch).length > 0
      ? await db
          .update(addresses)
          .set(patch)
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
          .returning()
      : await db
          .select()
          .from(addresses)
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw notFound();
  return present(row, country.code);
}

export async function deleteAddress(db: Db, userId: string, id: number): Promise<void> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (deleted.length === 0) throw notFound();
}
