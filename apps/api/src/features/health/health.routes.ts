import { HealthSchema } from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import type { Drain } from "../../lib/drain";
import type { Auth } from "../../plugins/auth";
import { appliedMigrations, expectedMigrations } from "./health.service";

/**
 * 200 once the database answers and every committed migration is applied; 503 otherwise.
 * Anyone may read the status; what runs behind it (engine, migrations, version) is for an admin
 * or, with `details` (HEALTH_DETAILS), for everyone, e.g. a load balancer's dashboard.
 *
 * A shutting-down process answers 503 "draining" before anything else, without asking the
 * database: deploy/haproxy.cfg takes a process out on "draining" only, not on "unavailable",
 * since the database is shared and every process would go out at once (decision 020).
 */
export function healthRoutes(
  database: Database,
  version: string,
  auth: Auth,
  details: boolean,
  drain: Drain,
): FastifyPluginAsyncZod {
  const expected = expectedMigrations();
  return async (app) => {
    app.get(
      "/health",
      {
        schema: {
          tags: ["Operations"],
          operationId: "getHealth",
          summary: "Readiness",
          response: { 200: HealthSchema, 503: HealthSchema },
        },
        // A token is looked up in the database: with the database down, answer as to anyone.
        onRequest: async function (req, reply) {
          await auth.optional.call(this, req, reply).catch(() => undefined);
        },
      },
      async (req, reply) => {
        if (drain.draining) {
          return reply
            .code(503)
            .header("cache-control", "no-store")
            .send({ status: "draining" as const });
        }
        const applied = await appliedMigrations(database, (err) =>
          req.log.warn({ err }, "health check: database unreachable"),
        );
        const ok = applied === expected;
        const status = ok ? ("ok" as const) : ("unavailable" as const);
        const body =
          details || req.authUser?.role === "admin"
            ? {
                status,
                database: database.engine,
                migrations: { applied, expected },
                uptime_seconds: Math.round(process.uptime()),
                version,
                ...(database.replicas
                  ? {
                      read_replicas: database.replicas.states().map((r) => ({
                        name: r.name,
                        in_rotation: r.inRotation,
                        lag_ms: r.lagMs,
                        reason: r.reason,
                      })),
                    }
                  : {}),
              }
            : { status };
        return reply
          .code(ok ? 200 : 503)
          .header("cache-control", "no-store")
          .send(body);
      },
    );
  };
}
