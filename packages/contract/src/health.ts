import { z } from "zod";

export const HealthSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    database: z.enum(["pglite", "postgres"]),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
    uptime_seconds: z.number(),
    version: z.string(),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof HealthSchema>;
