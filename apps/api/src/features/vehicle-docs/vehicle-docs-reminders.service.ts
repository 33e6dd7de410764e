/**
 * The papers' expiry reminders (decision 031): 30 days and 7 days before each recorded expiry
 * date, counted in calendar days on Nigeria's clock, one e-mail each, and a push to the devices
 * that chose it (decision 066). The scheduled job `vehicle-docs-remind` claims the due reminders
 * and queues their mail and push jobs in one transaction, so
 * a run twice, or two processes at once, queue each reminder once.
 */
import { dayOnClock } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { queueReminder } from "../../jobs/push-job";
import type { Jobs } from "../../jobs/queue";
import type { Clock } from "../../lib/clock";
import { servedCountries } from "../reference/served-countries";
import { claimDueExpiryReminders } from "./vehicle-docs-reminders.repo";
import { vehicleDocsCountry } from "./vehicle-docs.service";

/** Today (YYYY-MM-DD) on the renewal country's (Nigeria's) clock at `at`: the papers' days count from it. */
export async function nigeriaToday(db: Db, at: Date): Promise<string> {
  const country = await vehicleDocsCountry(servedCountries(db));
  return dayOnClock(at, country?.timezone ?? "Africa/Lagos");
}

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /** A paper recorded to expire on `expiresOn` is `lead` days away or less (decision 031). */
    vehicle_doc_expiry: { expiryId: number; lead: 30 | 7; expiresOn: string };
  }
}

/** Claims the reminders due now and queues one mail job for each; answers how many. */
export async function queueExpiryReminders(d: { db: Db; clock: Clock; jobs: Jobs }): Promise<number> {
  const now = d.clock();
  const today = await nigeriaToday(d.db, now);
  return d.db.transaction(async (tx) => {
    const due = await claimDueExpiryReminders(tx, today, now);
    for (const r of due) {
      await queueReminder(d.jobs, tx, {
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
