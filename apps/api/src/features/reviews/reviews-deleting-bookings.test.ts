// Decision 033: a booking's deletion takes its review with it (the foreign key's cascade) without a
// word to the park's kept rating, so a path that deletes bookings deletes their reviews first
// through deleteReviewsOfBookingsInTx. This reads the API's source: the code that deletes bookings
// is the one the decision names (the demo reset's), and that path takes the reviews out first.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../..");

/** The API's source files (tests aside) that delete rows of `bookings`. */
function filesDeletingBookings(): string[] {
  return fs
    .readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".d.ts"))
    .filter((f) => {
      const text = fs.readFileSync(path.join(SRC, f), "utf8");
      return /DELETE\s+FROM\s+bookings\b/i.test(text) || /\.delete\(\s*bookings\s*\)/.test(text);
    })
    .sort();
}

describe("deleting bookings (decision 033)", () => {
  it("happens in the demo reset only, which deletes their reviews from the ratings first", () => {
    expect(filesDeletingBookings()).toEqual([path.join("features", "demo", "demo.repo.ts")]);
    const reset = fs.readFileSync(path.join(SRC, "features/demo/demo.service.ts"), "utf8");
    const reviewsGone = reset.indexOf("deleteReviewsOfBookingsInTx(tx,");
    const bookingsGone = reset.indexOf("repo.deleteBookings(tx,");
    expect(reviewsGone).toBeGreaterThan(-1);
    expect(bookingsGone).toBeGreaterThan(reviewsGone);
  });
});
