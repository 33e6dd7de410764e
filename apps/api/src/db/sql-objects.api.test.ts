import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_ENGINE, type TestContext } from "../test/harness";
import { databaseSqlObjects, fileSqlObjects } from "./sql-objects";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe(`the SQL functions and triggers as files (${TEST_ENGINE})`, () => {
  it("db/sql/ holds the migrated database's every function and trigger, as it defines them", async () => {
    const database = await databaseSqlObjects(ctx.database.db);
    const files = fileSqlObjects();
    const byFile = new Map(files.map((f) => [f.file, f.text]));
    const stale = database.filter((o) => byFile.get(o.file) !== o.text).map((o) => o.file);
    const gone = files.filter((f) => !database.some((o) => o.file === f.file)).map((f) => f.file);
    // A migration changed them: `npm run db:functions` writes the files again.
    expect({ stale, gone }).toEqual({ stale: [], gone: [] });
    expect(database.map((o) => o.file)).toEqual(
      expect.arrayContaining([
        "functions/book_space.sql",
        "functions/booking_peak.sql",
        "functions/ledger_post.sql",
      ]),
    );
  });
});
