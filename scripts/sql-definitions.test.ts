import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { definitionProblems, fileSqlObjects, SQL_MIGRATION_MARK } from "../apps/api/src/db/sql-source";
import {
  gitRecordReader,
  journalFiles,
  MIGRATIONS_DIR,
  readMainRecord,
  readRecord,
} from "./migrations-landed.mjs";

/** The journal's migrations that main has not recorded (the tree's record without git): the ones still to land. */
function unlandedMigrations() {
  const landed = readMainRecord(gitRecordReader(MIGRATIONS_DIR))?.record ?? readRecord(MIGRATIONS_DIR);
  return journalFiles(MIGRATIONS_DIR)
    .filter((file) => !landed.has(file))
    .map((file) => ({ file, text: fs.readFileSync(path.join(MIGRATIONS_DIR, file), "utf8") }));
}

const BOOK_SPACE = `CREATE OR REPLACE FUNCTION public.book_space(p integer)
 RETURNS integer
 LANGUAGE sql
AS $function$ SELECT p $function$;`;
const source = [{ file: "functions/book_space.sql", text: `-- header\n${BOOK_SPACE}\n` }];
const marked = (...statements: string[]) =>
  `${SQL_MIGRATION_MARK}\n${statements.join("\n--> statement-breakpoint\n")}\n`;

describe("one hand-written definition of each SQL function and trigger: its file in db/sql/", () => {
  it("no migration still to land defines a function or trigger but the ones `npm run db:sql` wrote from the files", () => {
    expect(definitionProblems(unlandedMigrations(), fileSqlObjects())).toEqual([]);
  });

  it("names a hand-written migration that defines a function or a trigger", () => {
    const migrations = [
      {
        file: "0049_a.sql",
        text: "ALTER TABLE parks ADD COLUMN x int;\n-- CREATE FUNCTION in prose is no definition\n",
      },
      { file: "0050_b.sql", text: BOOK_SPACE },
      { file: "0051_c.sql", text: "create trigger t after insert on parks execute function f();" },
    ];
    expect(definitionProblems(migrations, source)).toEqual([
      "0050_b.sql defines a function or trigger by hand: write it in apps/api/src/db/sql/ and run `npm run db:sql`, which writes its migration.",
      "0051_c.sql defines a function or trigger by hand: write it in apps/api/src/db/sql/ and run `npm run db:sql`, which writes its migration.",
    ]);
  });

  it("takes the command's migration when its last definition of each object is the file's", () => {
    const earlier = BOOK_SPACE.replace("SELECT p", "SELECT p + 1");
    const migrations = [
      { file: "0049_sql.sql", text: marked("DROP TRIGGER IF EXISTS t ON public.parks;", earlier) },
      { file: "0050_sql.sql", text: marked(BOOK_SPACE, "DROP FUNCTION IF EXISTS public.gone(integer);") },
    ];
    expect(definitionProblems(migrations, source)).toEqual([]);
    expect(definitionProblems(migrations.slice(0, 1), source)).toEqual([
      "0049_sql.sql defines function book_space as no file in apps/api/src/db/sql/ does: change the file, and run `npm run db:sql` again.",
    ]);
  });

  it("refuses a marked migration that holds anything the command does not write", () => {
    const migrations = [
      { file: "0049_sql.sql", text: marked(BOOK_SPACE, "ALTER TABLE parks ADD COLUMN x int;") },
    ];
    expect(definitionProblems(migrations, source)).toEqual([
      "0049_sql.sql is marked as written by `npm run db:sql` and holds a statement it does not write: ALTER TABLE parks ADD COLUMN x int;",
    ]);
  });
});
