import type { PageKey } from "@parkwell/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pageVersions, users } from "../../db/schema/index";
import type { Tx } from "../../db/tx";

export type PageVersionRow = typeof pageVersions.$inferSelect & { authorName: string | null };

const columns = {
  pageKey: pageVersions.pageKey,
  version: pageVersions.version,
  contentEn: pageVersions.contentEn,
  contentFr: pageVersions.contentFr,
  note: pageVersions.note,
  authorId: pageVersions.authorId,
  createdAt: pageVersions.createdAt,
  authorName: sql<
    string | null
  >`CASE WHEN ${users.id} IS NULL THEN NULL ELSE ${users.firstName} || ' ' || ${users.lastName} END`,
};

/** The current (highest) version of a page, with its author's name. */
export async function currentVersion(db: Tx, key: PageKey): Promise<PageVersionRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(pageVersions)
    .leftJoin(users, eq(users.id, pageVersions.authorId))
    .where(eq(pageVersions.pageKey, key))
    .orderBy(desc(pageVersions.version))
    .limit(1);
  return row;
}

/** Every page's current version, one row each. */
export async function currentVersions(db: Db): Promise<PageVersionRow[]> {
  return db
    .selectDistinctOn([pageVersions.pageKey], columns)
    .from(pageVersions)
    .leftJoin(users, eq(users.id, pageVersions.authorId))
    .orderBy(pageVersions.pageKey, desc(pageVersions.version));
}

/** A page's versions, newest first. */
export async function versionsOf(db: Db, key: PageKey): Promise<PageVersionRow[]> {
  return db
    .select(columns)
    .from(pageVersions)
    .leftJoin(users, eq(users.id, pageVersions.authorId))
    .where(eq(pageVersions.pageKey, key))
    .orderBy(desc(pageVersions.version));
}

export async function insertVersion(tx: Tx, row: typeof pageVersions.$inferInsert): Promise<void> {
  await tx.insert(pageVersions).values(row);
}

/** The current Terms version number (null before any is published). */
export async function currentTermsVersion(db: Tx): Promise<{ version: number; createdAt: Date } | null> {
  const [row] = await db
    .select({ version: pageVersions.version, createdAt: pageVersions.createdAt })
    .from(pageVersions)
    .where(eq(pageVersions.pageKey, "terms"))
    .orderBy(desc(pageVersions.version))
    .limit(1);
  return row ?? null;
}

export async function acceptedTerms(
  db: Tx,
  userId: string,
): Promise<{ version: number | null; at: Date | null } | undefined> {
  const [row] = await db
    .select({ version: users.acceptedTermsVersion, at: users.acceptedTermsAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Records `version` as the user's accepted Terms unless they already accepted it (or a later
 * one): the first acceptance's time is kept.
 */
export async function recordAcceptance(tx: Tx, userId: string, version: number, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ acceptedTermsVersion: version, acceptedTermsAt: at })
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.acceptedTermsVersion} IS NULL OR ${users.acceptedTermsVersion} < ${version})`,
      ),
    );
}
