/** The queries of a driver's saved delivery addresses: always scoped to their owner. */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { addresses, countries, users } from "../../db/schema/index";

export type AddressRow = typeof addresses.$inferSelect;
export type AddressColumns = Partial<Omit<typeof addresses.$inferInsert, "id" | "userId" | "countryId">>;

/** The id and code of the user's country, or undefined for no such user. */
export async function findUserCountry(db: Db, userId: string) {
  const [row] = await db
    .select({ id: countries.id, code: countries.code })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, userId));
  return row;
}

export async function listAddressRows(db: Db, userId: string) {
  return db
    .select({ a: addresses, code: countries.code })
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));
}

export async function countAddresses(db: Db, userId: string): Promise<number> {
  const existing = await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId));
  return existing.length;
}

export async function insertAddress(db: Db, values: typeof addresses.$inferInsert): Promise<AddressRow> {
  const [row] = await db.insert(addresses).values(values).returning();
  return row!;
}

/** The owner's address after the patch (read as is when the patch is empty), or undefined. */
export async function updateAddressRow(
  db: Db,
  userId: string,
  id: number,
  patch: AddressColumns,
): Promise<AddressRow | undefined> {
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
  return row;
}

/** Whether the owner's address was there to delete. */
export async function deleteAddressRow(db: Db, userId: string, id: number): Promise<boolean> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return deleted.length > 0;
}
