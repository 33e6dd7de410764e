/**
 * Stripe's saved cards (decision 069): a top-up the driver asked to keep the card of is a
 * PaymentIntent on the driver's Stripe customer with `setup_future_usage: off_session`; once paid,
 * its payment method stays on the customer and is charged again off session, confirmed at once,
 * under our reference as the Idempotency-Key (Stripe answers a retry with the first charge).
 */
import type Stripe from "stripe";
import { fromStripeAmount, toStripeAmount } from "./stripe";
import {
  ProviderUnavailableError,
  type CardOnFile,
  type ProviderPayment,
  type SavedCardProvider,
} from "./types";

type StripeModule = typeof Stripe;

/** The driver's Stripe customer: the one given, or one made for them (once per user: its key). */
export async function stripeCustomer(
  stripe: Stripe,
  customerRef: string | null,
  user: { userId: string; email: string },
): Promise<string> {
  if (customerRef) return customerRef;
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { user_id: user.userId } },
    { idempotencyKey: `customer:${user.userId}` },
  );
  return customer.id;
}

function cardOfMethod(pm: Stripe.PaymentMethod, customerRef: string): CardOnFile | null {
  if (pm.type !== "card" || !pm.card) return null;
  return {
    methodRef: pm.id,
    customerRef,
    brand: pm.card.brand.toLowerCase(),
    last4: pm.card.last4,
    expMonth: pm.card.exp_month ?? null,
    expYear: pm.card.exp_year ?? null,
  };
}

export function stripeCards(
  stripe: Stripe,
  StripeErrors: StripeModule["errors"],
  decimalsOf: (currency: string) => number,
  mapError: (err: unknown) => never,
): SavedCardProvider {
  const payment = (pi: Stripe.PaymentIntent, userId: string): ProviderPayment => {
    const currency = pi.currency.toUpperCase();
    const status =
      pi.status === "succeeded" ? "succeeded" : pi.status === "processing" ? "pending" : "failed";
    const amount = pi.status === "succeeded" ? pi.amount_received : pi.amount;
    return {
      providerReference: pi.id,
      status,
      amountMinor: fromStripeAmount(currency, amount, decimalsOf(currency)),
      currency,
      userId,
    };
  };
  return {
    async cardOf(known) {
      try {
        const pi = await stripe.paymentIntents.retrieve(known.providerReference, {
          expand: ["payment_method"],
        });
        const pm = pi.payment_method;
        const customer = typeof pi.customer === "string" ? pi.customer : (pi.customer?.id ?? null);
        // Kept for later only when Stripe attached it to the customer (setup_future_usage).
        if (!pm || typeof pm === "string" || !customer || pm.customer !== customer) return null;
        return cardOfMethod(pm, customer);
      } catch (err) {
        if (err instanceof ProviderUnavailableError) throw err;
        mapError(err);
      }
    },
    async charge(input) {
      if (!input.card.customerRef) throw new Error("a Stripe card is charged on its customer");
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: toStripeAmount(input.currency, input.amountMinor, decimalsOf(input.currency)),
            currency: input.currency.toLowerCase(),
            customer: input.card.customerRef,
            payment_method: input.card.methodRef,
            off_session: true,
            confirm: true,
            metadata: { user_id: input.userId, reference: input.reference },
            description: `Parkwell wallet top-up ${input.reference}`,
          },
          { idempotencyKey: `topup:${input.reference}` },
        );
        return payment(pi, input.userId);
      } catch (err) {
        // Declined, or the bank wants the driver there (authentication_required): not charged.
        if (err instanceof StripeErrors.StripeCardError) {
          const pi = (err.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
          return {
            ...(pi
              ? payment(pi, input.userId)
              : {
                  providerReference: input.reference,
                  amountMinor: input.amountMinor,
                  currency: input.currency,
                  userId: input.userId,
                }),
            status: "failed",
            declined: err.message,
          };
        }
        // A card Stripe no longer has on the customer (detached, expired): refused, not an outage.
        if (err instanceof StripeErrors.StripeInvalidRequestError && (err.statusCode ?? 400) < 500) {
          return {
            providerReference: input.reference,
            status: "failed",
            amountMinor: input.amountMinor,
            currency: input.currency,
            userId: input.userId,
            declined: err.message,
          };
        }
        mapError(err);
      }
    },
    async forget(card) {
      try {
        await stripe.paymentMethods.detach(card.methodRef);
      } catch (err) {
        // Already detached: forgotten all the same.
        if (err instanceof StripeErrors.StripeInvalidRequestError && err.statusCode === 400) return;
        mapError(err);
      }
    },
  };
}
