/**
 * The SQL functions and triggers as a database holds them, beside their source files under
 * apps/api/src/db/sql/ (sql-source.ts), and the statements that take a database from one to the
 * other: `npm run db:sql` (sql-objects-cli.ts) writes them as the next migration, and
 * sql-objects.api.test.ts fails when the migrated database and the files differ, on PGlite and
 * PostgreSQL alike. The comparison is of PostgreSQL's rendering, so a file is kept in that form.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./client";
import { SQL_OBJECTS_DIR, sourceText, sqlBody, type SqlObject } from "./sql-source";

/** A function or trigger in a database: its file and text as the source would hold it, and how to drop it. */
export interface DatabaseSqlObject extends SqlObject {
  drop: string;
}

/** The functions (not the extensions') and triggers of the public schema, as the database renders them. */
export async function databaseSqlObjects(db: Db): Promise<DatabaseSqlObject[]> {
  const functions = await queryRows<{
    name: string;
    overloads: number;
    args: string;
    def: string;
    drop: string;
  }>(
    db,
    sql`SELECT p.proname AS name, count(*) OVER (PARTITION BY p.proname)::int AS overloads,
          pg_get_function_identity_arguments(p.oid) AS args, pg_get_functiondef(p.oid) AS def,
          format('DROP %s IF EXISTS %I.%I(%s);', CASE p.prokind WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END,
            n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) AS drop
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        ORDER BY p.proname, args`,
  );
  const triggers = await queryRows<{ tbl: string; name: string; def: string; drop: string }>(
    db,
    sql`SELECT c.relname AS tbl, t.tgname AS name, pg_get_triggerdef(t.oid, true) AS def,
          format('DROP TRIGGER IF EXISTS %I ON %I.%I;', t.tgname, n.nspname, c.relname) AS drop
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND NOT t.tgisinternal
        ORDER BY c.relname, t.tgname`,
  );
  const overloadSuffix = (f: { overloads: number; args: string }) =>
    f.overloads > 1 ? `.${f.args.replace(/[^a-z0-9]+/gi, "_").slice(0, 60)}` : "";
  return [
    ...functions.map((f) => ({
      file: `functions/${f.name}${overloadSuffix(f)}.sql`,
      text: sourceText(f.def),
      drop: f.drop,
    })),
    ...triggers.map((t) => ({
      file: `triggers/${t.tbl}.${t.name}.sql`,
      text: sourceText(t.def),
      drop: t.drop,
    })),
  ];
}

/** A function's name, arguments and result: a change there is a new function, not a new body. */
function signature(body: string): string {
  const lines = body.split("\n");
  const language = lines.findIndex((line) => /^\s*LANGUAGE\b/.test(line));
  return lines.slice(0, language < 0 ? 1 : language).join("\n");
}

/** The files that differ from the database, and the statements that make the database equal them. */
export function sqlChanges(database: DatabaseSqlObject[], source: SqlObject[]) {
  const inDatabase = new Map(database.map((o) => [o.file, o]));
  const inSource = new Set(source.map((o) => o.file));
  const changed = source.filter((o) => sqlBody(inDatabase.get(o.file)?.text ?? "") !== sqlBody(o.text));
  const gone = database.filter((o) => !inSource.has(o.file));
  const isTrigger = (o: SqlObject) => o.file.startsWith("triggers/");
  const functionStatements = (o: SqlObject) => {
    const was = inDatabase.get(o.file);
    // CREATE OR REPLACE keeps a function's arguments and result type: new ones replace it whole.
    const replaced = was && signature(sqlBody(was.text)) !== signature(sqlBody(o.text));
    return replaced ? [was.drop, sqlBody(o.text)] : [sqlBody(o.text)];
  };
  // Triggers go before the functions they call are replaced or dropped, and come back after.
  const statements = [
    ...[
      ...changed.filter(isTrigger).flatMap((o) => inDatabase.get(o.file) ?? []),
      ...gone.filter(isTrigger),
    ].map((o) => o.drop),
    ...changed.filter((o) => !isTrigger(o)).flatMap(functionStatements),
    ...gone.filter((o) => !isTrigger(o)).map((o) => o.drop),
    ...changed.filter(isTrigger).map((o) => sqlBody(o.text)),
  ];
  const summary = [
    ...changed.map((o) => `${o.file} (${inDatabase.has(o.file) ? "changed" : "new"})`),
    ...gone.map((o) => `${o.file} (removed)`),
  ];
  return { statements, summary };
}

/** Writes the files whose text is not `objects`' (relative to `dir`); answers their names. */
export function rewriteSqlObjects(objects: SqlObject[], dir = SQL_OBJECTS_DIR): string[] {
  const stale = objects.filter((o) => {
    const file = path.join(dir, o.file);
    return !fs.existsSync(file) || fs.readFileSync(file, "utf8") !== o.text;
  });
  for (const o of stale) fs.writeFileSync(path.join(dir, o.file), o.text);
  return stale.map((o) => o.file);
}
