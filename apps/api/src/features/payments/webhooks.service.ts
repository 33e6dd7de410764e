import * as repo from "./payments.repo";
import type { ProviderName, WebhookEvent } from "./providers/types";
import { settle } from "./settle.service";
import type { PaymentDeps } from "./verify.service";

export type WebhookOutcome =
  | { received: true; duplicate: true }
  | { received: true; unknownPayment?: true }
  | { received: true; outcome: string };

/**
 * One verified webhook event: recorded once (a replay is acknowledged and ignored), then settled
 * through the same settle() as verify. If settling fails, the event is forgotten again so the
 * provider's next delivery is not taken for a replay.
 */
export async function handleWebhookEvent(
  deps: PaymentDeps,
  name: ProviderName,
  event: WebhookEvent,
  payload: unknown,
): Promise<WebhookOutcome> {
  if (!(await repo.recordWebhookEvent(deps.db, name, event.id, payload))) {
    return { received: true, duplicate: true };
  }
  if (event.transfer) {
    // A payout's transfer (issue #65): settled by the payouts feature the app wires in.
    if (!deps.payoutEvents) return { received: true };
    try {
      const outcome = await deps.payoutEvents(name, event.transfer);
      return { received: true, outcome };
    } catch (err) {
      await repo.forgetWebhookEvent(deps.db, name, event.id);
      throw err;
    }
  }
  if (!event.payment) return { received: true };
  const payment = await repo.findByProviderReference(deps.db, name, event.payment.providerReference);
  if (!payment) return { received: true, unknownPayment: true };
  try {
    const outcome = await settle(deps, payment, event.payment);
    return { received: true, outcome: outcome.kind };
  } catch (err) {
    await repo.forgetWebhookEvent(deps.db, name, event.id);
    throw err;
  }
}
