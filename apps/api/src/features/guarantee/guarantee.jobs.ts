/** The space guarantee's work on the job queue: the refund of offers left open when their window starts. */
import { scheduled } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import { refundDueOffers, type GuaranteeDeps } from "./guarantee.service";

declare module "../../jobs/queue" {
  interface JobData {
    "guarantee-refund": Record<string, never>;
  }
}

export const GUARANTEE_JOBS = [
  // Each minute: an offer still open when its booking's window starts is refunded in full.
  registerJob("guarantee-refund", scheduled("* * * * *"), (_data, d: GuaranteeDeps) => refundDueOffers(d)),
];
