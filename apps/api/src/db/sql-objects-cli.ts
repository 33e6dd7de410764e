/**
 * npm run db:sql [-- --name <name>]: migrate a fresh in-memory PGlite, compare its functions and
 * triggers with their source under db/sql/, and write what changed as the next migration (none
 * when nothing did). Files are rewritten in the database's rendering where they differ only in form.
 */
import path from "node:path";
import { openDatabase } from "./client";
import { migrate, MIGRATIONS_DIR } from "./migrate";
import { rewriteSqlObjects } from "./sql-objects";
import { planSqlMigration, sqlMigrationName, writeSqlMigration } from "./sql-migration";
import { fileSqlObjects } from "./sql-source";

const nameAt = process.argv.indexOf("--name");
const chosenName = nameAt > 0 ? process.argv[nameAt + 1] : undefined;

const database = await openDatabase({});
try {
  await migrate(database);
  const plan = await planSqlMigration(database, fileSqlObjects());
  const rewritten = rewriteSqlObjects(plan.rendered);
  if (rewritten.length > 0)
    console.log(`rewritten in the database's rendering (the header, the form): ${rewritten.join(", ")}`);
  if (plan.statements.length === 0) {
    console.log("db/sql/ and the migrations agree: no migration written");
  } else {
    const name = chosenName ?? sqlMigrationName(plan.summary);
    const file = writeSqlMigration(MIGRATIONS_DIR, name, plan.statements);
    console.log(`${path.join(MIGRATIONS_DIR, file)}: ${plan.summary.join(", ")}`);
    console.log("then `npm run db:record` records it");
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
