// The OpenAPI document the API serves at /api/openapi.json, built in process on an empty embedded
// database, never listening: `npm run lint:openapi` lints it, `npm run openapi:types` types the web
// client from it.
import { buildApp } from "../apps/api/src/app";
import { loadConfig } from "../apps/api/src/config";
import { openDatabase } from "../apps/api/src/db/client";
import { migrateWithJobs } from "../apps/api/src/feature-jobs";

/** The document as /api/openapi.json serves it, from the app built as the tests build it. */
export async function openApiDocument(dataDir: string): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent-web-dist",
    PUBLIC_URL: "http://parkwell.test",
    DATA_DIR: dataDir,
  });
  // The routes and their schemas do not depend on the rows: migrated tables are enough to build.
  const database = await openDatabase({});
  try {
    await migrateWithJobs(database);
    const app = await buildApp({ database, config, logger: false });
    try {
      const res = await app.inject({ url: "/api/openapi.json" });
      if (res.statusCode !== 200) throw new Error(`/api/openapi.json answered ${res.statusCode}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
