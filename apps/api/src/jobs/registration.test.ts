import type { Job } from "pg-boss";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import type { MailMessage } from "../lib/mailer";
import { composeMail, type MailJob } from "./mail-job";
import { createJobs, scheduled, type BoundJob } from "./queue";
import { registerJob } from "./registration";

const message = (subject: string): MailMessage => ({ to: "a@b.co", subject, text: subject, html: subject });

/** A mail job of some type, as the queue would hand it over (the types are the features' own). */
const mailJob = (type: string, key = "k") => ({ key, type }) as unknown as MailJob;

describe("a feature's registrations", () => {
  it("hand each job its data and the dependencies the app gave", async () => {
    const seen: unknown[] = [];
    const registration = registerJob(
      "jobs-housekeeping",
      scheduled("17 3 * * *"),
      async (data, deps: { n: number }) => seen.push({ data, n: deps.n }),
    );
    const bound = registration.withDeps({ n: 7 });
    expect(bound.name).toBe("jobs-housekeeping");
    expect(bound.queue.cron).toBe("17 3 * * *");
    await bound.run({}, {} as Job<unknown>);
    expect(seen).toEqual([{ data: {}, n: 7 }]);
  });

  it("send each mail job to its own type's composer, and refuse a type registered twice or never", async () => {
    const compose = composeMail([
      { type: "booking" as never, compose: async () => message("booking") },
      { type: "pass" as never, compose: async () => message("pass") },
    ]);
    expect((await compose(mailJob("pass")))?.subject).toBe("pass");
    expect((await compose(mailJob("booking")))?.subject).toBe("booking");
    expect(() => compose(mailJob("order"))).toThrow(/no composer for the mail type order/);
    expect(() =>
      composeMail([
        { type: "pass" as never, compose: async () => null },
        { type: "pass" as never, compose: async () => null },
      ]),
    ).toThrow(/registered twice/);
  });

  it("are handed to the queue once, each queue by one registration", async () => {
    // pg-boss connects only when started: a queue object is enough to hand it its handlers.
    const database = { raw: { engine: "postgres", pool: { query: async () => ({ rows: [] }) } } };
    const jobs = createJobs(database as unknown as Database, { error: () => undefined });
    await expect(jobs.ready()).rejects.toThrow(/jobs.handle\(\) was not called/);
    const job = (name: "mail" | "jobs-housekeeping"): BoundJob => ({
      name,
      queue: scheduled("* * * * *"),
      run: async () => undefined,
    });
    expect(() => jobs.handle([job("mail"), job("jobs-housekeeping"), job("mail")])).toThrow(
      /the queue mail is registered twice/,
    );
  });
});
