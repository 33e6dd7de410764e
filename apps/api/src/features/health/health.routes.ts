import { HealthSchema } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import { appliedMigrationCount, expectedMigrationCount } from "../../db/migrate";

/** 200 once the database answers and every committed migration is applied; 503 otherwise. */
export function healthRoutes(database: Database, version: string): FastifyPluginAsyncZod {
  const expected = expectedMigrationCount();
  return async (app) => {
    app.get(
      "/health",
      {
        schema: {
          tags: ["Operations"],
          summary: "Readiness",
          response: { 200: HealthSchema, 503: HealthSchema },
        },
      },
      async (req, reply) => {
        let applied = 0;
        try {
          await database.db.execute(sql`SELECT 1`);
          applied = await appliedMigrationCount(database.db);
        } catch (err) {
          req.log.warn({ err }, "health check: database unreachable");
        }
        const ok = applied === expected;
        return reply
          .code(ok ? 200 : 503)
          .header("cache-control", "no-store")
          .send({
            status: ok ? "ok" : "unavailable",
            database: database.engine,
            migrations: { applied, expected },
            uptime_seconds: Math.round(process.uptime()),
            version,
          });
      },
    );
  };
}
