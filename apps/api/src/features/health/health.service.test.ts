import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { appliedMigrations } from "./health.service";

/** A database whose every query waits, as one behind a full pool's queue does. */
const waiting = { db: { execute: () => new Promise(() => {}) } } as unknown as Pick<Database, "db">;
const answering = (n: number) =>
  ({ db: { execute: () => Promise.resolve({ rows: [{ n }] }) } }) as unknown as Pick<Database, "db">;

describe("the health check's database round trip", () => {
  it("answers the applied migrations when the database answers", async () => {
    expect(await appliedMigrations(answering(7), () => {})).toBe(7);
  });

  it("gives up at its bound instead of waiting behind a busy pool", async () => {
    const errors: unknown[] = [];
    const t0 = performance.now();
    expect(await appliedMigrations(waiting, (err) => errors.push(err), 50)).toBe(0);
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(String(errors[0])).toContain("did not answer within 50 ms");
  });
});
