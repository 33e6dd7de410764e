/**
 * `npm run db:sql`'s work: what a freshly migrated database lacks of the files under db/sql/, as
 * the statements of the next migration, tried on that database before anything is written; then
 * the migration itself, named and journaled as drizzle-kit names a custom one (its snapshot is the
 * previous one's: a function is not in drizzle's schema).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "./client";
import { databaseSqlObjects, sqlChanges, type DatabaseSqlObject } from "./sql-objects";
import { SQL_MIGRATION_MARK, STATEMENT_BREAKPOINT, type SqlObject } from "./sql-source";

/** The next migration's statements (none when nothing changed), and the files as the database renders them. */
export interface SqlMigrationPlan {
  statements: string[];
  summary: string[];
  rendered: SqlObject[];
}

/** Runs statements on the in-memory database in a transaction, then reads its objects and rolls back. */
async function tryStatements(database: Database, statements: string[]): Promise<DatabaseSqlObject[]> {
  if (database.raw.engine !== "pglite") throw new Error("db:sql works on an in-memory PGlite database");
  const client = database.raw.client;
  await client.exec("BEGIN");
  try {
    for (const statement of statements) {
      await client.exec(statement).catch((error: unknown) => {
        throw new Error(
          `${statement.split("\n")[0]}: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }
    return await databaseSqlObjects(database.db);
  } finally {
    await client.exec("ROLLBACK");
  }
}

const names = (objects: SqlObject[]) => objects.map((o) => o.file).join(", ") || "nothing";

/**
 * What `database` (migrated) needs to equal `source`. The files' statements are run on it first:
 * what it then renders is what the files and the migration hold, so that the next comparison
 * (sql-objects.api.test.ts) is of equal texts; a file that would leave another object (a new
 * argument list beside the old) is refused with what to do.
 */
export async function planSqlMigration(database: Database, source: SqlObject[]): Promise<SqlMigrationPlan> {
  const before = await databaseSqlObjects(database.db);
  const wanted = sqlChanges(before, source);
  if (wanted.statements.length === 0) return { statements: [], summary: [], rendered: before };
  const rendered = await tryStatements(database, wanted.statements);
  const extra = rendered.filter((o) => !source.some((s) => s.file === o.file));
  const missing = source.filter((s) => !rendered.some((o) => o.file === s.file));
  if (extra.length > 0 || missing.length > 0) {
    throw new Error(
      `after the files' statements the database also has ${names(extra)} and lacks ${names(missing)}: ` +
        "a function whose arguments change is a new one; delete the old one's file, or name the file as its overload",
    );
  }
  const final = sqlChanges(before, rendered);
  const check = await tryStatements(database, final.statements);
  if (check.some((o, i) => o.text !== rendered[i]?.text) || check.length !== rendered.length) {
    throw new Error("the migration's statements do not give the files' rendering");
  }
  return { statements: final.statements, summary: final.summary, rendered };
}

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

const snapshotFile = (dir: string, idx: number) =>
  path.join(dir, "meta", `${String(idx).padStart(4, "0")}_snapshot.json`);

/** Writes `statements` as the next migration in `dir` with its journal entry and snapshot; answers its file. */
export function writeSqlMigration(dir: string, name: string, statements: string[], now = Date.now()): string {
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as Journal;
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`${journalFile} has no migration to follow`);
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, "0")}_${name}`;
  // drizzle runs a migration whose `when` is after the last one a database ran.
  journal.entries.push({
    idx,
    version: last.version,
    when: Math.max(now, last.when + 1),
    tag,
    breakpoints: true,
  });
  const previous = JSON.parse(fs.readFileSync(snapshotFile(dir, last.idx), "utf8")) as { id: string };
  const snapshot = { ...previous, id: randomUUID(), prevId: previous.id };
  const text = `${SQL_MIGRATION_MARK}\n${statements.join(`\n${STATEMENT_BREAKPOINT}\n`)}\n`;
  fs.writeFileSync(path.join(dir, `${tag}.sql`), text);
  fs.writeFileSync(snapshotFile(dir, idx), JSON.stringify(snapshot, null, 2));
  fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return `${tag}.sql`;
}

/** A migration name from what changed: sql_ and the first objects' names, as drizzle-kit's names go. */
export function sqlMigrationName(summary: string[]): string {
  const objects = summary.map((line) => /\/(?:\w+\.)?(\w+)\.sql/.exec(line)?.[1] ?? "object");
  return `sql_${[...new Set(objects)].join("_")}`.slice(0, 48).replace(/_+$/, "");
}
