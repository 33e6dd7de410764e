import { sql, type SQL } from "drizzle-orm";
import type { InquiryKind, InquiryStatus } from "@parkwell/contract";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import { contactMessages, demoRequests } from "../../db/schema/index";
import { likePattern } from "../../lib/like";

export type NewContactMessage = typeof contactMessages.$inferInsert;
export type NewDemoRequest = typeof demoRequests.$inferInsert;

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

/** Both forms' submissions in one shape: what the back office lists. */
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
  message: string | null;
  language: string | null;
}

const BOTH = sql`(
  SELECT 'contact' AS kind, id, reference, name, email, phone, created_at, answered_at, answered_by,
    topic, NULL::text AS company, NULL::text AS country_code, NULL::text AS interest, NULL::int AS spaces,
    message, language::text AS language
  FROM contact_messages
  UNION ALL
  SELECT 'demo', id, reference, name, email, phone, created_at, answered_at, answered_by,
    NULL, company, country_code::text, interest, spaces, message, language::text
  FROM demo_requests) q`;

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
      OR coalesce(q.company, '') ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

export async function listInquiries(
  db: Tx,
  filter: InquiryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: InquiryRow[]; total: number }> {
  const w = where(filter);
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${BOTH} WHERE ${w}`);
  const rows = await queryRows<InquiryRow>(
    db,
    sql`SELECT ${COLUMNS} FROM ${BOTH} LEFT JOIN users u ON u.id = q.answered_by WHERE ${w}
      ORDER BY q.created_at DESC, q.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function findInquiry(db: Tx, kind: InquiryKind, id: string): Promise<InquiryRow | undefined> {
  const [row] = await queryRows<InquiryRow>(
    db,
    sql`SELECT ${COLUMNS} FROM ${BOTH} LEFT JOIN users u ON u.id = q.answered_by
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
  const table = kind === "contact" ? sql`contact_messages` : sql`demo_requests`;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE ${table} SET answered_at = ${answered?.at ?? null}, answered_by = ${answered?.by ?? null}
      WHERE id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}
