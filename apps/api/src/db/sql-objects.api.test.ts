import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_ENGINE, type TestContext } from "../test/harness";
import { databaseSqlObjects } from "./sql-objects";
import { fileSqlObjects } from "./sql-source";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe(`the SQL functions and triggers' source (${TEST_ENGINE})`, () => {
  it("every file under db/sql/ is in the migrations, as the migrated database renders it, and nothing else is", async () => {
    const database = await databaseSqlObjects(ctx.database.db);
    const files = fileSqlObjects();
    const byFile = new Map(database.map((o) => [o.file, o.text]));
    const notMigrated = files.filter((f) => byFile.get(f.file) !== f.text).map((f) => f.file);
    const withoutFile = database.filter((o) => !files.some((f) => f.file === o.file)).map((o) => o.file);
    expect(
      { notMigrated, withoutFile },
      "db/sql/ is the source: `npm run db:sql` writes the migration that brings the database to it",
    ).toEqual({ notMigrated: [], withoutFile: [] });
    expect(database.map((o) => o.file)).toEqual(
      expect.arrayContaining([
        "functions/book_space.sql",
        "functions/booking_peak.sql",
        "functions/ledger_post.sql",
      ]),
    );
  });
});
