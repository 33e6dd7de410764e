import { sql } from "drizzle-orm";
import type { Tx } from "../../db/tx";
import { auditLog } from "../../db/schema/index";
import type { AuditActor } from "../../lib/staff-access";

export type { AuditActor };

export interface AuditEntry {
  /** `<entity>.<verb>`: "park.update", "checkin.create". */
  action: string;
  entity: string;
  entityId: string | number;
  /** The operator whose data changed; null for Parkwell-wide changes. */
  operatorId: number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit entry in the caller's transaction: every back-office change calls this beside
 * the change itself, so the log holds exactly what was committed.
 */
export async function recordAudit(tx: Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.userId,
    operatorId: entry.operatorId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before === undefined ? null : sql`${JSON.stringify(entry.before)}::jsonb`,
    after: entry.after === undefined ? null : sql`${JSON.stringify(entry.after)}::jsonb`,
    ip: actor.ip ?? null,
  });
}
