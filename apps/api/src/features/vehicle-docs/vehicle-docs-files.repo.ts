/**
 * The queries of a vehicle document request's files (vehicle_doc_files): the list of a request,
 * how many of a kind it holds, a new row, and the retention purge's due keys and their clearing.
 * Queries only; the rules are in vehicle-docs-files.service.ts.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { VehicleDocFileKind } from "@parkwell/contract";
import type { Tx } from "../../db/tx";
import { vehicleDocFiles, vehicleDocRequests } from "../../db/schema/index";

export type FileRow = typeof vehicleDocFiles.$inferSelect;

/** A request's files, oldest first, one page of them, and how many it has. */
export async function filesPage(
  db: Tx,
  requestId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: FileRow[]; total: number }> {
  const rows = await db
    .select()
    .from(vehicleDocFiles)
    .where(eq(vehicleDocFiles.requestId, requestId))
    .orderBy(asc(vehicleDocFiles.createdAt), asc(vehicleDocFiles.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(vehicleDocFiles)
    .where(eq(vehicleDocFiles.requestId, requestId));
  return { rows, total: total?.n ?? 0 };
}

/** How many files of `kind` the request holds (purged ones included: they were sent). */
export async function countOfKind(tx: Tx, requestId: string, kind: VehicleDocFileKind): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(vehicleDocFiles)
    .where(and(eq(vehicleDocFiles.requestId, requestId), eq(vehicleDocFiles.kind, kind)));
  return row?.n ?? 0;
}

export async function insertFile(tx: Tx, values: typeof vehicleDocFiles.$inferInsert): Promise<FileRow> {
  const [row] = await tx.insert(vehicleDocFiles).values(values).returning();
  return row!;
}

/**
 * Up to `limit` keys of files not purged yet whose request was closed (delivered: its completion;
 * cancelled or refunded: its cancellation) at or before `cutoff`, oldest closing first.
 */
export async function dueKeys(db: Tx, cutoff: Date, limit: number): Promise<string[]> {
  const closedAt = sql`COALESCE(${vehicleDocRequests.completedAt}, ${vehicleDocRequests.cancelledAt})`;
  const rows = await db
    .select({ key: vehicleDocFiles.storageKey })
    .from(vehicleDocFiles)
    .innerJoin(vehicleDocRequests, eq(vehicleDocRequests.id, vehicleDocFiles.requestId))
    .where(
      and(
        isNull(vehicleDocFiles.purgedAt),
        isNotNull(vehicleDocFiles.storageKey),
        inArray(vehicleDocRequests.stage, ["delivered", "cancelled", "refunded"]),
        sql`${closedAt} <= ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(sql`${closedAt} ASC`, asc(vehicleDocFiles.id))
    .limit(limit);
  return rows.map((r) => r.key!);
}

/** Marks these files purged: their key cleared (the file is gone), the time kept. */
export async function markPurged(db: Tx, keys: string[], at: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(vehicleDocFiles)
    .set({ storageKey: null, purgedAt: at })
    .where(inArray(vehicleDocFiles.storageKey, keys));
}
