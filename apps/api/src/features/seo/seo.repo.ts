/**
 * The sitemap's queries (decision 036): for each kind of public page read from a table, what the
 * public API shows (the same conditions as its list or page), counted, and read in id order by
 * keyset batches. A row's `updated` is its last change as W3C UTC text (null where the table keeps
 * none), written by the database so both engines give the same text.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";

export const TABLE_KINDS = ["parks", "events", "items", "posts"] as const;
export type TableKind = (typeof TABLE_KINDS)[number];

export interface SitemapRow {
  id: number;
  /** The park's slug, the event's code, the item's id; unused for posts. */
  key: string;
  updated: string | null;
  /** Posts only: the slug of each language version the post has. */
  slug_en: string | null;
  slug_fr: string | null;
}

const w3c = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

interface KindSql {
  from: SQL;
  where: (now: Date) => SQL;
  columns: SQL;
}

const KINDS: Record<TableKind, KindSql> = {
  // An active park of a served country (one with its fees row): the park page answers 404 for an
  // inactive park and for a park of a country it cannot price in. Parks keep no update time.
  parks: {
    from: sql`parks t`,
    where: () => sql`t.status = 'active' AND EXISTS (SELECT 1 FROM fees f WHERE f.country_id = t.country_id)`,
    columns: sql`t.slug AS key, NULL::text AS updated`,
  },
  // What the public events list shows: published, public, not ended on the clock.
  events: {
    from: sql`events t`,
    where: (now) =>
      sql`t.status = 'published' AND t.visibility = 'public' AND t.end_time > ${now.toISOString()}::timestamptz`,
    columns: sql`t.event_code AS key, ${w3c(sql`t.updated_at`)} AS updated`,
  },
  // What the marketplace lists and its item page shows: an active item of an active category.
  items: {
    from: sql`market_items t JOIN market_categories c ON c.id = t.category_id`,
    where: () => sql`t.status = 'active' AND c.status = 'active'`,
    columns: sql`t.id::text AS key, ${w3c(sql`t.updated_at`)} AS updated`,
  },
  // A post readers see (not a draft, its publish time come on the clock) with its versions' slugs;
  // it changed last when edited or, if later, when it came out.
  posts: {
    from: sql`blog_posts t`,
    where: (now) =>
      sql`t.status <> 'draft' AND t.publish_at <= ${now.toISOString()}::timestamptz
        AND EXISTS (SELECT 1 FROM blog_post_versions v WHERE v.post_id = t.id)`,
    columns: sql`t.id::text AS key, ${w3c(sql`greatest(t.updated_at, t.publish_at)`)} AS updated,
      (SELECT v.slug FROM blog_post_versions v WHERE v.post_id = t.id AND v.language = 'en') AS slug_en,
      (SELECT v.slug FROM blog_post_versions v WHERE v.post_id = t.id AND v.language = 'fr') AS slug_fr`,
  },
};

/** How many rows of a kind the sitemap lists. */
export async function countOf(db: Db, kind: TableKind, now: Date): Promise<number> {
  const k = KINDS[kind];
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${k.from} WHERE ${k.where(now)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The id of the row before the `skip`-th (0-based) in id order, where a file that starts at that
 * row picks up its keyset; null for the first row. An index scan over ids, once per file.
 */
export async function idBefore(db: Db, kind: TableKind, now: Date, skip: number): Promise<number | null> {
  if (skip <= 0) return null;
  const k = KINDS[kind];
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT t.id FROM ${k.from} WHERE ${k.where(now)} ORDER BY t.id LIMIT 1 OFFSET ${skip - 1}`,
  );
  return row ? Number(row.id) : null;
}

/** Up to `limit` rows of a kind after the id `after` (from the first with null), in id order. */
export async function rowsAfter(
  db: Db,
  kind: TableKind,
  now: Date,
  after: number | null,
  limit: number,
): Promise<SitemapRow[]> {
  const k = KINDS[kind];
  const rows = await queryRows<SitemapRow>(
    db,
    sql`SELECT t.id, ${k.columns} FROM ${k.from}
      WHERE ${k.where(now)} AND ${after === null ? sql`true` : sql`t.id > ${after}`}
      ORDER BY t.id LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    slug_en: r.slug_en ?? null,
    slug_fr: r.slug_fr ?? null,
  }));
}
