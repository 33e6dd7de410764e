import { describe, expect, it } from "vitest";
import { PAYMENT_JOBS } from "./payments.jobs";

describe("the payments' jobs", () => {
  it("look for wallets under their reload's threshold every minute, as the wallet page promises (decision 069)", () => {
    const reloads = PAYMENT_JOBS.find((job) => job.name === "auto-reloads");
    expect(reloads?.queue.cron).toBe("* * * * *");
  });
});
