import { z } from "zod";

/**
 * `status` is public; the rest only for an admin's token or with HEALTH_DETAILS=true. "draining":
 * the process is shutting down and wants no new requests (a load balancer takes it out).
 */
export const HealthSchema = z
  .object({
    status: z.enum(["ok", "unavailable", "draining"]),
    database: z.enum(["pglite", "postgres"]).optional(),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int() }).optional(),
    uptime_seconds: z.number().optional(),
    version: z.string().optional(),
    /** PostgreSQL's read replicas (DATABASE_READ_URLS) as this process sees them. */
    read_replicas: z
      .array(
        z.object({
          /** host:port/database. */
          name: z.string(),
          in_rotation: z.boolean(),
          /** How far it lags behind the primary (ms), null while it cannot be measured. */
          lag_ms: z.number().int().nullable(),
          /** Why it is out of rotation. */
          reason: z.string().nullable(),
        }),
      )
      .optional(),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof HealthSchema>;
