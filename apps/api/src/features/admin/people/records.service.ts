/**
 * The back office's records: the inquiries sent from the public forms (marked answered), the
 * audit log, and the jobs that failed for good (dead letters, redriven by an admin).
 */
import type { z } from "zod";
import type {
  AuditEntry,
  AuditQuerySchema,
  DeadLetter,
  Inquiry,
  InquiryKind,
  InquiryListQuerySchema,
  InquiryStatus,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Jobs } from "../../../jobs/queue";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import * as inquiries from "../../inquiries/inquiries.service";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import * as audit from "./audit-log.repo";
import { isUuid } from "./staff.domain";
import { iso } from "../../../lib/iso";
import { listPage, offsetOf } from "../../../lib/pagination";

export const DEAD_LETTER_NOT_FOUND = "Failed job not found";
export const REDRIVEN = "The job was put back on its queue";

export function listInquiries(db: Db, query: z.output<typeof InquiryListQuerySchema>) {
  return inquiries.listInquiries(
    db,
    { kind: query.kind, status: query.status, search: query.search },
    { page: query.page, size: query.size },
  );
}

export function getInquiry(db: Db, kind: InquiryKind, id: string): Promise<Inquiry> {
  return inquiries.getInquiry(db, kind, id);
}

export async function setInquiryStatus(
  d: { db: Db; clock: Clock },
  actor: AuditActor,
  kind: InquiryKind,
  id: string,
  status: InquiryStatus,
): Promise<Inquiry> {
  return d.db.transaction(async (tx) => {
    const { before, after } = await inquiries.setInquiryStatus(
      tx,
      kind,
      id,
      status === "answered" ? { at: d.clock(), by: actor.userId } : null,
    );
    if (before.status !== after.status) {
      await recordAudit(tx, actor, {
        action: status === "answered" ? "inquiry.answer" : "inquiry.reopen",
        entity: "inquiry",
        entityId: `${kind}:${id}`,
        operatorId: null,
        before: { status: before.status },
        after: { status: after.status },
      });
    }
    return after;
  });
}

/** End of a day given as a date alone, else the instant given. */
function bound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  if (value.length === 10) return new Date(`${value}T${end ? "23:59:59.999" : "00:00:00.000"}Z`);
  return new Date(value);
}

/**
 * The audit log, newest first. An admin reads all of it; anyone else granted audit.view only the
 * entries about their own operator.
 */
export async function listAudit(db: Db, access: StaffAccess, query: z.output<typeof AuditQuerySchema>) {
  const operatorId = access.role === "admin" ? undefined : (access.operator?.id ?? -1);
  const actor = query.actor;
  const { rows, total } = await audit.listAudit(
    db,
    {
      operatorId,
      entity: query.entity,
      action: query.action,
      actorId: actor && isUuid(actor) ? actor : undefined,
      actorText: actor && !isUuid(actor) ? actor : undefined,
      from: bound(query.from, false),
      to: bound(query.to, true),
    },
    { limit: query.size, offset: offsetOf(query) },
  );
  const items: AuditEntry[] = rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    operator_id: r.operator_id,
    actor: r.actor_id ? { id: r.actor_id, name: r.actor_name ?? "", email: r.actor_email ?? "" } : null,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    at: iso(r.at),
  }));
  return listPage(items, total, query);
}

export async function listDeadLetters(jobs: Jobs, query: { page: number; size: number }) {
  const { items, total } = await jobs.deadLetters({
    limit: query.size,
    offset: offsetOf(query),
  });
  const out: DeadLetter[] = items.map((j) => ({
    id: j.id,
    queue: j.queue,
    data: j.data ?? null,
    error: j.error,
    retries: j.retries,
    queued_at: j.queuedAt ? j.queuedAt.toISOString() : null,
    failed_at: j.failedAt.toISOString(),
  }));
  return listPage(out, total, query);
}

/** Puts a dead letter back on its queue, and writes who did it to the audit log. */
export async function redriveDeadLetter(
  d: { db: Db; jobs: Jobs },
  actor: AuditActor,
  id: string,
): Promise<{ message: string }> {
  await d.db.transaction(async (tx) => {
    if (!(await d.jobs.redrive(tx, id))) throw new AppError(404, "not_found", DEAD_LETTER_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: "job.redrive",
      entity: "job",
      entityId: id,
      operatorId: null,
      after: { redriven: true },
    });
  });
  return { message: REDRIVEN };
}
