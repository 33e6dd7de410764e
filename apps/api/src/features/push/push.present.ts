import type { PushSubscription } from "@parkwell/contract";
import type { pushSubscriptions } from "../../db/schema";

/** A device's subscription as the API answers it (its keys are never sent back). */
export const present = (r: typeof pushSubscriptions.$inferSelect): PushSubscription => ({
  id: r.id,
  endpoint: r.endpoint,
  reminders: r.reminders as PushSubscription["reminders"],
  created_at: r.createdAt.toISOString(),
});
