/** A driver's devices that get reminders as push notifications (decision 066). */
import type { PushSubscription, PushSubscriptionInput, PushSubscriptionRenewal } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import type { PushSender } from "../../lib/web-push";
import { present } from "./push.present";
import * as repo from "./push.repo";

export const PUSH_UNAVAILABLE_MESSAGE = "Push notifications are not available";
export const PUSH_SUBSCRIPTION_NOT_FOUND_MESSAGE = "This device is not subscribed to notifications";

export async function listOwn(db: Db, userId: string, q: PageQuery & { endpoint?: string | undefined }) {
  const { rows, total } = await repo.listOwn(db, userId, q.endpoint, { limit: q.size, offset: offsetOf(q) });
  return listPage(rows.map(present), total, q);
}

/**
 * Subscribes a device, or changes its keys and reminders. An endpoint is one browser profile's:
 * when another account had it (a shared phone signed in anew), it is the caller's from now on.
 */
export async function upsert(
  d: { db: Db; clock: Clock; push: PushSender | null },
  userId: string,
  body: PushSubscriptionInput,
): Promise<PushSubscription> {
  if (!d.push) throw AppError.notFound(PUSH_UNAVAILABLE_MESSAGE, "push_unavailable");
  return present(await repo.upsert(d.db, userId, body, d.clock()));
}

/**
 * The device's new subscription in place of the one its push service replaced (the service
 * worker's renewal, no one signed in): the old endpoint names the record, whose account and
 * reminders stay. An endpoint no record has is a 404, as a device never subscribed.
 */
export async function renew(
  d: { db: Db; clock: Clock; push: PushSender | null },
  body: PushSubscriptionRenewal,
): Promise<void> {
  if (!d.push) throw AppError.notFound(PUSH_UNAVAILABLE_MESSAGE, "push_unavailable");
  if (!(await repo.renew(d.db, body, d.clock()))) {
    throw AppError.notFound(PUSH_SUBSCRIPTION_NOT_FOUND_MESSAGE, "push_subscription_not_found");
  }
}

export async function remove(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.remove(db, userId, id))) {
    throw AppError.notFound(PUSH_SUBSCRIPTION_NOT_FOUND_MESSAGE, "push_subscription_not_found");
  }
}
