/**
 * Stripe Connect (Canada, the United States): an operator is paid to its connected account
 * (`acct_…`), checked with `GET /v1/accounts/{id}` (it exists and its `transfers` capability is
 * active), by `POST /v1/transfers` with our idempotency key as the Idempotency-Key header (Stripe
 * answers a retry with the first transfer). A transfer moves the money at once, so its creation is
 * the payout paid; `transfer.reversed` gives it back.
 */
import type Stripe from "stripe";
import { toStripeAmount } from "./stripe";
import type { TransferEvent, TransferProvider, TransferReport } from "./transfers";
import { ProviderRejectedError } from "./types";

/** What Stripe's errors become (the adapter's mapError), passed in so both share one mapping. */
type MapError = (err: unknown) => never;

export function stripeTransferReport(t: Stripe.Transfer): TransferReport {
  const reversed = t.reversed || (t.amount_reversed > 0 && t.amount_reversed >= t.amount);
  return {
    providerReference: t.id,
    status: reversed ? "reversed" : "paid",
    reason: reversed ? "Stripe reversed the transfer" : null,
  };
}

/** `transfer.created` and `transfer.reversed` as transfer events; null for any other. */
export function stripeTransferEvent(event: Stripe.Event): TransferEvent | null {
  if (event.type !== "transfer.created" && event.type !== "transfer.reversed") return null;
  const t = event.data.object as Stripe.Transfer;
  if (!t?.id) return null;
  return {
    idempotencyKey: t.metadata?.payout_key ?? null,
    providerReference: t.id,
    status: event.type === "transfer.reversed" ? "reversed" : "paid",
    reason: event.type === "transfer.reversed" ? "Stripe reversed the transfer" : null,
  };
}

export function stripeTransfers(
  stripe: Stripe,
  decimalsOf: (currency: string) => number,
  mapError: MapError,
): TransferProvider {
  return {
    method: "stripe_account",
    async createRecipient(destination) {
      if (destination.method !== "stripe_account") throw new Error("Stripe pays connected accounts");
      let account: Stripe.Account;
      try {
        account = await stripe.accounts.retrieve(destination.account);
      } catch (err) {
        mapError(err);
      }
      if (account.object !== "account" || account.id !== destination.account) {
        throw new ProviderRejectedError("stripe", 404, "No such account");
      }
      if (account.capabilities?.transfers !== "active") {
        throw new ProviderRejectedError("stripe", 422, "This connected account cannot receive transfers yet");
      }
      return {
        holderName:
          account.business_profile?.name ??
          account.settings?.dashboard?.display_name ??
          account.email ??
          account.id,
        bankName: null,
        recipient: account.id,
        destination: account.id,
      };
    },
    async send(input) {
      try {
        const t = await stripe.transfers.create(
          {
            amount: toStripeAmount(input.currency, input.amountMinor, decimalsOf(input.currency)),
            currency: input.currency.toLowerCase(),
            destination: input.recipient ?? input.destination,
            description: input.narration,
            metadata: { payout_key: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return stripeTransferReport(t);
      } catch (err) {
        mapError(err);
      }
    },
    async retrieve({ providerReference }) {
      if (!providerReference) return null;
      try {
        return stripeTransferReport(await stripe.transfers.retrieve(providerReference));
      } catch (err) {
        mapError(err);
      }
    },
  };
}
