/**
 * The pages the company edits and the Terms acceptance (decision 035). A page's current text is
 * its latest published version; publishing adds a version (both languages, a note), never changes
 * one. A user is asked to accept the Terms when the current version is newer than the one they
 * accepted (or they accepted none: an account made before the Terms had versions, or through
 * Google or Apple).
 */
import type {
  AdminPageSummary,
  PageKey,
  PageVersion,
  PublicPage,
  PublishPageBody,
  TermsStatus,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { isUniqueViolation } from "../../lib/pg-error";
import * as repo from "./pages.repo";
import {
  PAGE_CHANGED_MEANWHILE,
  PAGE_NOT_PUBLISHED,
  TERMS_VERSION_OLD,
  TERMS_VERSION_UNKNOWN,
} from "../../lib/messages/pages";

const author = (row: repo.PageVersionRow) =>
  row.authorId && row.authorName ? { id: row.authorId, name: row.authorName } : null;

export async function publicPage(db: Db, key: PageKey, language: "en" | "fr"): Promise<PublicPage> {
  const row = await repo.currentVersion(db, key);
  if (!row) throw AppError.notFound(PAGE_NOT_PUBLISHED);
  return {
    key,
    language,
    version: row.version,
    published_at: row.createdAt.toISOString(),
    content: language === "fr" ? row.contentFr : row.contentEn,
  };
}

export async function pageSummaries(db: Db): Promise<AdminPageSummary[]> {
  const rows = await repo.currentVersions(db);
  return rows.map((row) => ({
    key: row.pageKey as PageKey,
    title: row.contentEn.title,
    version: row.version,
    published_at: row.createdAt.toISOString(),
    author: author(row),
    note: row.note,
  }));
}

export async function pageVersions(db: Db, key: PageKey): Promise<PageVersion[]> {
  const rows = await repo.versionsOf(db, key);
  if (rows.length === 0) throw AppError.notFound(PAGE_NOT_PUBLISHED);
  return rows.map((row) => ({
    version: row.version,
    published_at: row.createdAt.toISOString(),
    author: author(row),
    note: row.note,
    content: { en: row.contentEn, fr: row.contentFr },
  }));
}

/**
 * Adds the next version of a page inside the caller's transaction (the back office records its
 * audit row beside it). Two publications at once: the second gets 409, nothing is overwritten.
 */
export async function publishInTx(
  tx: Tx,
  key: PageKey,
  body: { content: PublishPageBody["content"]; note: string },
  authorId: string,
  at: Date,
): Promise<{ before: number | null; version: number }> {
  const current = await repo.currentVersion(tx, key);
  const version = (current?.version ?? 0) + 1;
  try {
    await repo.insertVersion(tx, {
      pageKey: key,
      version,
      contentEn: body.content.en as PageVersion["content"]["en"],
      contentFr: body.content.fr as PageVersion["content"]["fr"],
      note: body.note,
      authorId,
      createdAt: at,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, "page_changed", PAGE_CHANGED_MEANWHILE);
    throw err;
  }
  return { before: current?.version ?? null, version };
}

export async function termsStatus(db: Db, userId: string): Promise<TermsStatus> {
  const [current, accepted] = await Promise.all([
    repo.currentTermsVersion(db),
    repo.acceptedTerms(db, userId),
  ]);
  const acceptedVersion = accepted?.version ?? null;
  const pending = current !== null && (acceptedVersion === null || acceptedVersion < current.version);
  return {
    accepted_version: acceptedVersion,
    accepted_at: accepted?.at?.toISOString() ?? null,
    terms_to_accept: pending
      ? { version: current.version, published_at: current.createdAt.toISOString() }
      : null,
  };
}

/**
 * The user accepts Terms `version`: only the current one (an older one is refused, 409, so nobody
 * accepts a text they were not shown as current). Accepting it again changes nothing.
 */
export async function acceptTerms(
  db: Db,
  clock: Clock,
  userId: string,
  version: number,
): Promise<TermsStatus> {
  const current = await repo.currentTermsVersion(db);
  if (current === null || version > current.version) {
    throw AppError.validation({ version: TERMS_VERSION_UNKNOWN });
  }
  if (version < current.version) throw new AppError(409, "terms_outdated", TERMS_VERSION_OLD);
  await repo.recordAcceptance(db, userId, version, clock());
  return termsStatus(db, userId);
}

/** At registration (the box ticked): the current Terms version, in the account's transaction. */
export async function acceptCurrentTermsInTx(tx: Tx, userId: string, at: Date): Promise<void> {
  const current = await repo.currentTermsVersion(tx);
  if (current) await repo.recordAcceptance(tx, userId, current.version, at);
}
