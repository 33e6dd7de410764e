import { eq, sql } from "drizzle-orm";
import { socialLinks, users } from "../../db/schema/index";
import type { Tx } from "../../db/tx";

export type SocialLinksRow = typeof socialLinks.$inferSelect & { updatedByName: string | null };

/** Every row (DEFAULT and the countries that have links of their own), with who last set each. */
export async function allRows(db: Tx): Promise<SocialLinksRow[]> {
  return db
    .select({
      countryCode: socialLinks.countryCode,
      facebook: socialLinks.facebook,
      instagram: socialLinks.instagram,
      linkedin: socialLinks.linkedin,
      twitter: socialLinks.twitter,
      updatedAt: socialLinks.updatedAt,
      updatedBy: socialLinks.updatedBy,
      updatedByName: sql<
        string | null
      >`CASE WHEN ${users.id} IS NULL THEN NULL ELSE ${users.firstName} || ' ' || ${users.lastName} END`,
    })
    .from(socialLinks)
    .leftJoin(users, eq(users.id, socialLinks.updatedBy));
}

/** A row locked for its change (undefined: the code has none yet). */
export async function rowForUpdate(tx: Tx, countryCode: string) {
  const [row] = await tx
    .select()
    .from(socialLinks)
    .where(eq(socialLinks.countryCode, countryCode))
    .for("update");
  return row;
}

export async function upsertRow(tx: Tx, row: typeof socialLinks.$inferInsert): Promise<void> {
  const { countryCode: _, ...set } = row;
  await tx.insert(socialLinks).values(row).onConflictDoUpdate({ target: socialLinks.countryCode, set });
}
