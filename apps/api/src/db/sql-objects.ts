/**
 * The current text of every SQL function and trigger the migrations made, one file each under
 * apps/api/src/db/sql/: a migration that redefines a function (book_space, booking_peak and
 * ledger_post were each rewritten several times) leaves the last text here, where a reader finds
 * it. The files are PostgreSQL's own rendering (pg_get_functiondef, pg_get_triggerdef), written
 * by `npm run db:functions` after migrating a fresh database; sql-objects.api.test.ts fails when
 * the migrated database and the files differ, on PGlite and PostgreSQL alike.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { API_ROOT } from "../config";
import { queryRows, type Db } from "./client";

export const SQL_OBJECTS_DIR = path.join(API_ROOT, "src", "db", "sql");

/** One function or trigger: its file (relative to SQL_OBJECTS_DIR) and its text. */
export interface SqlObject {
  file: string;
  text: string;
}

const HEADER =
  "-- Written by `npm run db:functions` from the migrated database: change it in a new migration.\n";

/** The functions (not the extensions') and triggers of the public schema, as the database renders them. */
export async function databaseSqlObjects(db: Db): Promise<SqlObject[]> {
  const functions = await queryRows<{ name: string; overloads: number; args: string; def: string }>(
    db,
    sql`SELECT p.proname AS name, count(*) OVER (PARTITION BY p.proname)::int AS overloads,
          pg_get_function_identity_arguments(p.oid) AS args, pg_get_functiondef(p.oid) AS def
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        ORDER BY p.proname, args`,
  );
  const triggers = await queryRows<{ tbl: string; name: string; def: string }>(
    db,
    sql`SELECT c.relname AS tbl, t.tgname AS name, pg_get_triggerdef(t.oid, true) AS def
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND NOT t.tgisinternal
        ORDER BY c.relname, t.tgname`,
  );
  const overloadSuffix = (f: { overloads: number; args: string }) =>
    f.overloads > 1 ? `.${f.args.replace(/[^a-z0-9]+/gi, "_").slice(0, 60)}` : "";
  return [
    ...functions.map((f) => ({
      file: `functions/${f.name}${overloadSuffix(f)}.sql`,
      text: `${HEADER}${f.def.trimEnd()};\n`,
    })),
    ...triggers.map((t) => ({
      file: `triggers/${t.tbl}.${t.name}.sql`,
      text: `${HEADER}${t.def.trimEnd()};\n`,
    })),
  ];
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

/** Writes the database's objects as the files, removing the files of objects that are gone. */
export function writeSqlObjects(objects: SqlObject[], dir = SQL_OBJECTS_DIR): void {
  for (const sub of ["functions", "triggers"]) {
    fs.rmSync(path.join(dir, sub), { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  }
  for (const o of objects) fs.writeFileSync(path.join(dir, o.file), o.text);
}
