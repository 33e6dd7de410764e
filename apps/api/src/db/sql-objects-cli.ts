/** npm run db:functions: migrate a fresh in-memory PGlite and write its functions and triggers to db/sql/. */
import { openDatabase } from "./client";
import { migrate } from "./migrate";
import { databaseSqlObjects, SQL_OBJECTS_DIR, writeSqlObjects } from "./sql-objects";

const database = await openDatabase({});
try {
  await migrate(database);
  const objects = await databaseSqlObjects(database.db);
  writeSqlObjects(objects);
  console.log(`${objects.length} functions and triggers written to ${SQL_OBJECTS_DIR}`);
} finally {
  await database.close();
}
