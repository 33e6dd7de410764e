/**
 * The source of every SQL function and trigger: one file each under apps/api/src/db/sql/
 * (functions/<name>.sql, triggers/<table>.<name>.sql), a header line and then PostgreSQL's own
 * rendering of it (pg_get_functiondef, pg_get_triggerdef). A function is changed in its file, and
 * `npm run db:sql` writes the migration that brings a database to the files (sql-objects.ts): the
 * file is its one hand-written definition. The migrations that landed before keep their copies
 * as history and are never edited. Nothing here touches a database: the unit tests read it too.
 */
import fs from "node:fs";
import path from "node:path";
import { API_ROOT } from "../config";

export const SQL_OBJECTS_DIR = path.join(API_ROOT, "src", "db", "sql");

/** One function or trigger: its file (relative to SQL_OBJECTS_DIR) and its text. */
export interface SqlObject {
  file: string;
  text: string;
}

export const SQL_SOURCE_HEADER =
  "-- The source: change it here, then `npm run db:sql` writes the migration that applies it.\n";

/** The first line of a migration that `npm run db:sql` wrote; no other migration defines a function or trigger. */
export const SQL_MIGRATION_MARK =
  "-- Written by `npm run db:sql` from apps/api/src/db/sql/ (the functions' and triggers' source), not by hand.";

/** drizzle's separator between a migration's statements. */
export const STATEMENT_BREAKPOINT = "--> statement-breakpoint";

/** A definition as its file holds it: the header line and a final semicolon around the rendering. */
export function sourceText(definition: string): string {
  return `${SQL_SOURCE_HEADER}${definition.trimEnd()};\n`;
}

/** A file's statement: its text without the comment lines above it. */
export function sqlBody(text: string): string {
  const lines = text.split("\n");
  const first = lines.findIndex((line) => !line.startsWith("--"));
  return first < 0 ? "" : lines.slice(first).join("\n").trim();
}

/** The files as they are on disk. */
export function fileSqlObjects(dir = SQL_OBJECTS_DIR): SqlObject[] {
  return ["functions", "triggers"].flatMap((sub) => {
    const folder = path.join(dir, sub);
    if (!fs.existsSync(folder)) return [];
    return fs
      .readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .map((f) => ({ file: `${sub}/${f}`, text: fs.readFileSync(path.join(folder, f), "utf8") }));
  });
}

/** A migration's statements, as drizzle splits them. */
export function migrationStatements(text: string): string[] {
  return text
    .split(STATEMENT_BREAKPOINT)
    .map((s) => sqlBody(s.trim()))
    .filter(Boolean);
}

/** What a statement of the command's makes or drops: "function <name>" or "trigger <table>.<name>". */
export function statementTarget(statement: string): { target: string; drops: boolean } | null {
  const createFunction = /^CREATE OR REPLACE (?:FUNCTION|PROCEDURE) (?:public\.)?(\w+)\(/.exec(statement);
  if (createFunction) return { target: `function ${createFunction[1]}`, drops: false };
  const createTrigger = /^CREATE (?:CONSTRAINT )?TRIGGER (\w+) [^;]*? ON (?:public\.)?(\w+) /.exec(statement);
  if (createTrigger) return { target: `trigger ${createTrigger[2]}.${createTrigger[1]}`, drops: false };
  const dropFunction = /^DROP (?:FUNCTION|PROCEDURE) IF EXISTS (?:public\.)?(\w+)\([^;]*\);$/.exec(statement);
  if (dropFunction) return { target: `function ${dropFunction[1]}`, drops: true };
  const dropTrigger = /^DROP TRIGGER IF EXISTS (\w+) ON (?:public\.)?(\w+);$/.exec(statement);
  if (dropTrigger) return { target: `trigger ${dropTrigger[2]}.${dropTrigger[1]}`, drops: true };
  return null;
}

// Line comments go first, so that prose about a function is not taken for one.
const DEFINES = /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?(?:FUNCTION|PROCEDURE|TRIGGER)\b/i;
const definesByHand = (text: string) => DEFINES.test(text.replace(/--[^\n]*/g, ""));

/**
 * Every way the migrations that have not landed break the one-definition rule, as sentences: a
 * function, procedure or trigger is defined only by a migration the command wrote (its first line
 * is SQL_MIGRATION_MARK), such a migration holds nothing but the command's statements, and the
 * last definition of each is its file's text today, so it was not edited afterwards.
 */
export function definitionProblems(unlanded: SqlObject[], source: SqlObject[]): string[] {
  const problems: string[] = [];
  const last = new Map<string, { file: string; statement: string | null }>();
  for (const migration of unlanded) {
    if (!migration.text.startsWith(`${SQL_MIGRATION_MARK}\n`)) {
      if (definesByHand(migration.text)) {
        problems.push(
          `${migration.file} defines a function or trigger by hand: write it in apps/api/src/db/sql/ and run \`npm run db:sql\`, which writes its migration.`,
        );
      }
      continue;
    }
    for (const statement of migrationStatements(migration.text)) {
      const made = statementTarget(statement);
      if (!made) {
        problems.push(
          `${migration.file} is marked as written by \`npm run db:sql\` and holds a statement it does not write: ${statement.split("\n")[0]}`,
        );
      } else {
        last.set(made.target, { file: migration.file, statement: made.drops ? null : statement });
      }
    }
  }
  const bodies = new Set(source.map((o) => sqlBody(o.text)));
  for (const [target, { file, statement }] of last) {
    if (statement !== null && !bodies.has(statement)) {
      problems.push(
        `${file} defines ${target} as no file in apps/api/src/db/sql/ does: change the file, and run \`npm run db:sql\` again.`,
      );
    }
  }
  return problems;
}
