/** The receipts feature's work on the job queue (jobs/registration.ts): numbering. */
import type { Db } from "../../db/client";
import { scheduled } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import { numberReceipts } from "./receipts.service";

declare module "../../jobs/queue" {
  interface JobData {
    "receipts-number": Record<string, never>;
  }
}

export const RECEIPT_JOBS = [
  // Each minute: receipts committed without a number are numbered, every country's, in order of
  // issue (a read numbers them first anyway; this one numbers what nobody has read yet).
  registerJob("receipts-number", scheduled("* * * * *"), (_data, d: { db: Db }) => numberReceipts(d.db)),
];
