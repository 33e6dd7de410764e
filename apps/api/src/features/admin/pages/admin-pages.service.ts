/**
 * The back office's Pages (decision 035): the company's pages and their versions, and publishing a
 * new version, audited in the same transaction. Parkwell's own texts: an operator's staff cannot
 * publish them whatever their role's permissions say.
 */
import type { PageKey, PageVersion, PublishPageBody } from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import * as pages from "../../pages/pages.service";
import { PAGES_ARE_PARKWELL } from "../../../lib/messages/pages";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";

export async function listPages(db: Db) {
  return { items: await pages.pageSummaries(db) };
}

export async function listVersions(db: Db, key: PageKey) {
  return { items: await pages.pageVersions(db, key) };
}

export async function publishPage(
  db: Db,
  clock: Clock,
  staff: StaffAccess,
  actor: AuditActor,
  key: PageKey,
  body: { content: PublishPageBody["content"]; note: string },
): Promise<PageVersion> {
  if (staff.operator !== null) throw new AppError(403, "forbidden", PAGES_ARE_PARKWELL);
  await db.transaction(async (tx) => {
    const done = await pages.publishInTx(tx, key, body, staff.userId, clock());
    await recordAudit(tx, actor, {
      action: "page.publish",
      entity: "page",
      entityId: key,
      operatorId: null,
      before: { version: done.before },
      after: { version: done.version, note: body.note },
    });
  });
  const [latest] = await pages.pageVersions(db, key);
  return latest!;
}
