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
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof HealthSchema>;
