/**
 * A driver's saved delivery addresses: their own only (another's is a 404, as a missing one), in
 * their own country.
 */
import type { Address, AddressBody } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import {
  countAddresses,
  deleteAddressRow,
  findUserCountry,
  insertAddress,
  listAddressRows,
  updateAddressRow,
} from "./addresses.repo";
import { presentAddress } from "./addresses.present";

export const ADDRESS_NOT_FOUND_MESSAGE = "Address not found";
export const ADDRESSES_MAX = 20;
export const ADDRESSES_FULL_MESSAGE = "You can save at most {max} addresses";

const notFound = () => AppError.notFound(ADDRESS_NOT_FOUND_MESSAGE, "address_not_found");

/**
 * The row's columns from a body: coordinates sent without `pin_confirmed` count as placed by the
 * driver (a client showing a default point says `pin_confirmed: false`).
 */
function columns<B extends Partial<AddressBody>>({ pin_confirmed, ...rest }: B) {
  const moved = rest.lat !== undefined || rest.lng !== undefined;
  return { ...rest, pinConfirmed: pin_confirmed ?? (moved ? true : undefined) };
}

async function userCountry(db: Db, userId: string) {
  const row = await findUserCountry(db, userId);
  if (!row) throw notFound();
  return row;
}

export async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  const rows = await listAddressRows(db, userId);
  return rows.map((r) => presentAddress(r.a, r.code));
}

export async function createAddress(db: Db, userId: string, body: AddressBody): Promise<Address> {
  const country = await userCountry(db, userId);
  if ((await countAddresses(db, userId)) >= ADDRESSES_MAX) {
    throw new AppError(409, "addresses_full", ADDRESSES_FULL_MESSAGE.replace("{max}", String(ADDRESSES_MAX)));
  }
  const row = await insertAddress(db, {
    ...columns(body),
    pinConfirmed: body.pin_confirmed ?? true,
    userId,
    countryId: country.id,
  });
  return presentAddress(row, country.code);
}

export async function updateAddress(
  db: Db,
  userId: string,
  id: number,
  body: Partial<AddressBody>,
): Promise<Address> {
  const country = await userCountry(db, userId);
  const patch = Object.fromEntries(Object.entries(columns(body)).filter(([, v]) => v !== undefined));
  const row = await updateAddressRow(db, userId, id, patch);
  if (!row) throw notFound();
  return presentAddress(row, country.code);
}

export async function deleteAddress(db: Db, userId: string, id: number): Promise<void> {
  if (!(await deleteAddressRow(db, userId, id))) throw notFound();
}
