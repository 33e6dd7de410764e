import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sqlMigrationName, writeSqlMigration } from "./sql-migration";
import { sqlChanges, type DatabaseSqlObject } from "./sql-objects";
import { SQL_MIGRATION_MARK, sourceText } from "./sql-source";

const fn = (name: string, returns: string, body: string) =>
  `CREATE OR REPLACE FUNCTION public.${name}()\n RETURNS ${returns}\n LANGUAGE sql\nAS $function$ ${body} $function$`;
const inDatabase = (file: string, definition: string, drop: string): DatabaseSqlObject => ({
  file,
  text: sourceText(definition),
  drop,
});

describe("the statements that bring a database to db/sql/", () => {
  const database = [
    inDatabase(
      "functions/kept.sql",
      fn("kept", "integer", "SELECT 1"),
      "DROP FUNCTION IF EXISTS public.kept();",
    ),
    inDatabase(
      "functions/body.sql",
      fn("body", "integer", "SELECT 1"),
      "DROP FUNCTION IF EXISTS public.body();",
    ),
    inDatabase(
      "functions/typed.sql",
      fn("typed", "integer", "SELECT 1"),
      "DROP FUNCTION IF EXISTS public.typed();",
    ),
    inDatabase(
      "functions/gone.sql",
      fn("gone", "trigger", "SELECT 1"),
      "DROP FUNCTION IF EXISTS public.gone();",
    ),
    inDatabase(
      "triggers/parks.t_changed.sql",
      "CREATE TRIGGER t_changed AFTER INSERT ON parks FOR EACH ROW EXECUTE FUNCTION body()",
      "DROP TRIGGER IF EXISTS t_changed ON public.parks;",
    ),
    inDatabase(
      "triggers/parks.t_gone.sql",
      "CREATE TRIGGER t_gone AFTER INSERT ON parks FOR EACH ROW EXECUTE FUNCTION gone()",
      "DROP TRIGGER IF EXISTS t_gone ON public.parks;",
    ),
  ];

  it("drops triggers first, replaces functions (dropping one whose result changes), drops the removed, creates triggers last", () => {
    const source = [
      // Another header is no change.
      { file: "functions/kept.sql", text: `-- old header\n${fn("kept", "integer", "SELECT 1")};\n` },
      { file: "functions/body.sql", text: sourceText(fn("body", "integer", "SELECT 2")) },
      { file: "functions/typed.sql", text: sourceText(fn("typed", "bigint", "SELECT 1")) },
      { file: "functions/added.sql", text: sourceText(fn("added", "integer", "SELECT 3")) },
      {
        file: "triggers/parks.t_changed.sql",
        text: sourceText(
          "CREATE TRIGGER t_changed AFTER UPDATE ON parks FOR EACH ROW EXECUTE FUNCTION body()",
        ),
      },
    ];
    expect(sqlChanges(database, source)).toEqual({
      statements: [
        "DROP TRIGGER IF EXISTS t_changed ON public.parks;",
        "DROP TRIGGER IF EXISTS t_gone ON public.parks;",
        `${fn("body", "integer", "SELECT 2")};`,
        "DROP FUNCTION IF EXISTS public.typed();",
        `${fn("typed", "bigint", "SELECT 1")};`,
        `${fn("added", "integer", "SELECT 3")};`,
        "DROP FUNCTION IF EXISTS public.gone();",
        "CREATE TRIGGER t_changed AFTER UPDATE ON parks FOR EACH ROW EXECUTE FUNCTION body();",
      ],
      summary: [
        "functions/body.sql (changed)",
        "functions/typed.sql (changed)",
        "functions/added.sql (new)",
        "triggers/parks.t_changed.sql (changed)",
        "functions/gone.sql (removed)",
        "triggers/parks.t_gone.sql (removed)",
      ],
    });
  });

  it("has nothing to say when the files are the database's", () => {
    expect(sqlChanges(database, database)).toEqual({ statements: [], summary: [] });
  });
});

describe("the command's migration", () => {
  let dir = "";
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("follows the journal's last one as drizzle-kit's custom migrations do: its entry, the previous snapshot, the mark", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sql-migration-"));
    fs.mkdirSync(path.join(dir, "meta"));
    const last = { idx: 7, version: "7", when: 2_000, tag: "0007_x", breakpoints: true };
    fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ entries: [last] }));
    fs.writeFileSync(
      path.join(dir, "meta", "0007_snapshot.json"),
      JSON.stringify({ id: "a", prevId: "z", tables: {} }),
    );

    const file = writeSqlMigration(
      dir,
      sqlMigrationName(["functions/book_space.sql (changed)"]),
      ["S1;", "S2;"],
      1_000,
    );

    expect(file).toBe("0008_sql_book_space.sql");
    expect(fs.readFileSync(path.join(dir, file), "utf8")).toBe(
      `${SQL_MIGRATION_MARK}\nS1;\n--> statement-breakpoint\nS2;\n`,
    );
    const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta", "_journal.json"), "utf8"));
    // drizzle runs only a migration later than the last: a clock behind it still gives a later one.
    expect(journal.entries[1]).toEqual({
      idx: 8,
      version: "7",
      when: 2_001,
      tag: "0008_sql_book_space",
      breakpoints: true,
    });
    const snapshot = JSON.parse(fs.readFileSync(path.join(dir, "meta", "0008_snapshot.json"), "utf8"));
    expect(snapshot).toEqual({ id: expect.any(String), prevId: "a", tables: {} });
    expect(snapshot.id).not.toBe("a");
  });

  it("is named after what changed", () => {
    expect(
      sqlMigrationName([
        "functions/book_space.sql (changed)",
        "triggers/parks.parks_words_update.sql (removed)",
      ]),
    ).toBe("sql_book_space_parks_words_update");
  });
});
