/**
 * The papers' expiry reminders (decision 031): 30 days and 7 days before each recorded expiry
 * date, counted in calendar days on Nigeria's clock, one e-mail each. The scheduled job
 * `vehicle-docs-remind` claims the due reminders and queues their mail jobs in one transaction, so
 * a run twice, or two processes at once, queue each reminder once.
 */
import { dayOnClock } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Jobs } from "../../jobs/queue";
import type { Clock } from "../../lib/clock";
import { servedCountries } from "../reference/served-countries";
import { claimDueExpiryReminders } from "./vehicle-docs-reminders.repo";

const NIGERIA = "NG";

/** Today (YYYY-MM-DD) on Nigeria's clock at `at`: the day the papers' days are counted from. */
export async function nigeriaToday(db: Db, at: Date): Promise<string> {
  const country = await servedCountries(db).facts({ code: NIGERIA });
  return dayOnClock(at, country?.timeZone ?? "Africa/Lagos");
}

/** Claims the reminders due now and queues one mail job for each; answers how many. */
export async function queueExpiryReminders(d: { db: Db; clock: Clock; jobs: Jobs }): Promise<number> {
  const now = d.clock();
  const today = await nigeriaToday(d.db, now);
  return d.db.transaction(async (tx) => {
    const due = await claimDueExpiryReminders(tx, today, now);
    for (const r of due) {
      await d.jobs.send(tx, "mail", {
        key: `vehicle_doc_expiry:${r.id}:${r.expiresOn}:${r.lead}`,
        type: "vehicle_doc_expiry",
        expiryId: r.id,
        lead: r.lead,
        expiresOn: r.expiresOn,
      });
    }
    return due.length;
  });
}
