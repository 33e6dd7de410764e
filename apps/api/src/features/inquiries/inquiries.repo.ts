import { sql, type SQL } from "drizzle-orm";
import type { InquiryKind, InquiryStatus } from "@parkwell/contract";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import { contactMessages, demoRequests, evHostRequests } from "../../db/schema/index";
import { likePattern } from "../../lib/like";

export type NewContactMessage = typeof contactMessages.$inferInsert;
export type NewDemoRequest = typeof demoRequests.$inferInsert;
export type NewEvHostRequest = typeof evHostRequests.$inferInsert;

export async function insertContactMessage(db: Tx, row: NewContactMessage) {
  const [saved] = await db.insert(contactMessages).values(row).returning({
    id: contactMessages.id,
    reference: contactMessages.reference,
    createdAt: contactMessages.createdAt,
  });
  return saved!;
}

export async function insertDemoRequest(db: Tx, row: NewDemoRequest) {
  const [saved] = await db
    .insert(demoRequests)
    .values(row)
    .returning({ id: demoRequests.id, reference: demoRequests.reference, createdAt: demoRequests.createdAt });
  return saved!;
}

export async function insertEvHostRequest(db: Tx, row: NewEvHostRequest) {
  const [saved] = await db.insert(evHostRequests).values(row).returning({
    id: evHostRequests.id,
    reference: evHostRequests.reference,
    createdAt: evHostRequests.createdAt,
  });
  return saved!;
}

/** The forms' submissions in one shape: what the back office lists. */
export interface InquiryRow {
  id: string;
  kind: InquiryKind;
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  created_at: Date | string;
  answered_at: Date | string | null;
  answered_by: string | null;
  answerer_name: string | null;
  answerer_email: string | null;
  topic: string | null;
  company: string | null;
  country_code: string | null;
  interest: string | null;
  spaces: number | null;
  city: string | null;
  address: string | null;
  site_kind: string | null;
  has_chargers: boolean | null;
  connectors: string[] | null;
  power_kw: number | null;
  message: string | null;
  language: string | null;
}

const ALL = sql`(
  SELECT 'contact' AS kind, id, reference, name, email, phone, created_at, answered_at, answered_by,
    topic, NULL::text AS company, NULL::text AS country_code, NULL::text AS interest, NULL::int AS spaces,
    NULL::text AS city, NULL::text AS address, NULL::text AS site_kind, NULL::boolean AS has_chargers,
    NULL::text[] AS connectors, NULL::float8 AS power_kw, message, language::text AS language
  FROM contact_messages
  UNION ALL
  SELECT 'demo', id, reference, name, email, phone, created_at, answered_at, answered_by,
    NULL, company, country_code::text, interest, spaces, NULL, NULL, NULL, NULL, NULL, NULL,
    message, language::text
  FROM demo_requests
  UNION ALL
  SELECT 'ev_host', id, reference, name, email, phone, created_at, answered_at, answered_by,
    NULL, NULL, country_code::text, NULL, spaces, city, address, site_kind, has_chargers, connectors,
    power_kw::float8, message, language::text
  FROM ev_host_requests) q`;

/** Each kind's table, where its status is set. */
const TABLES: Record<InquiryKind, SQL> = {
  contact: sql`contact_messages`,
  demo: sql`demo_requests`,
  ev_host: sql`ev_host_requests`,
};

const COLUMNS = sql`q.*, nullif(trim(u.first_name || ' ' || u.last_name), '') AS answerer_name,
  u.email AS answerer_email`;

export interface InquiryFilter {
  kind?: InquiryKind | undefined;
  status?: InquiryStatus | undefined;
  search?: string | undefined;
}

function where(filter: InquiryFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.kind) parts.push(sql`q.kind = ${filter.kind}`);
  if (filter.status === "new") parts.push(sql`q.answered_at IS NULL`);
  if (filter.status === "answered") parts.push(sql`q.answered_at IS NOT NULL`);
  if (filter.search) {
    const like = likePattern(filter.search);
    parts.push(sql`(q.name ILIKE ${like} OR q.email ILIKE ${like} OR q.reference ILIKE ${like}
      OR coalesce(q.company, '') ILIKE ${like} OR coalesce(q.city, '') ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

export async function listInquiries(
  db: Tx,
  filter: InquiryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: InquiryRow[]; total: number }> {
  const w = where(filter);
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${ALL} WHERE ${w}`);
  const rows = await queryRows<InquiryRow>(
    db,
    sql`SELECT ${COLUMNS} FROM ${ALL} LEFT JOIN users u ON u.id = q.answered_by WHERE ${w}
      ORDER BY q.created_at DESC, q.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function findInquiry(db: Tx, kind: InquiryKind, id: string): Promise<InquiryRow | undefined> {
  const [row] = await queryRows<InquiryRow>(
    db,
    sql`SELECT ${COLUMNS} FROM ${ALL} LEFT JOIN users u ON u.id = q.answered_by
      WHERE q.kind = ${kind} AND q.id = ${id}`,
  );
  return row;
}

/** Marks answered (by whom, when) or new again; answers whether a row changed. */
export async function setAnswered(
  tx: Tx,
  kind: InquiryKind,
  id: string,
  answered: { at: Date; by: string } | null,
): Promise<boolean> {
  const table = TABLES[kind];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE ${table} SET answered_at = ${answered?.at ?? null}, answered_by = ${answered?.by ?? null}
      WHERE id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}
