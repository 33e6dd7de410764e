import Stripe from "stripe";
import { checkTimestampedSignature } from "./signed-header";
import { stripeCards, stripeCustomer } from "./stripe-cards";
import { stripeTransferEvent, stripeTransfers } from "./stripe-transfers";
import {
  header,
  ProviderRejectedError,
  ProviderUnavailableError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderPayment,
} from "./types";

/**
 * Currencies Stripe counts in hundredths although ISO 4217 gives them no decimals: Stripe keeps
 * them two-decimal for backward compatibility (the hundredths must be 00).
 */
const STRIPE_HUNDREDTHS_OF_WHOLE = new Set(["ISK", "UGX"]);

/**
 * Stripe takes an amount in the currency's smallest unit: cents for USD and CAD, whole francs for
 * XOF (a zero-decimal currency), thousandths for the three-decimal ones; ISK and UGX excepted.
 * `decimals` is the currency's ISO 4217 exponent, from its country (decision 018).
 */
export function toStripeAmount(currency: string, isoMinor: number, decimals: number): number {
  return STRIPE_HUNDREDTHS_OF_WHOLE.has(currency.toUpperCase()) ? isoMinor * 10 ** (2 - decimals) : isoMinor;
}

export function fromStripeAmount(currency: string, amount: number, decimals: number): number {
  return STRIPE_HUNDREDTHS_OF_WHOLE.has(currency.toUpperCase()) ? amount / 10 ** (2 - decimals) : amount;
}

function toPayment(pi: Stripe.PaymentIntent, decimalsOf: (currency: string) => number): ProviderPayment {
  const currency = pi.currency.toUpperCase();
  const status = pi.status === "succeeded" ? "succeeded" : pi.status === "canceled" ? "failed" : "pending";
  const amount = pi.status === "succeeded" ? pi.amount_received : pi.amount;
  return {
    providerReference: pi.id,
    status,
    amountMinor: fromStripeAmount(currency, amount, decimalsOf(currency)),
    currency,
    userId: pi.metadata?.user_id,
  };
}

/**
 * stripe-node resolves a non-2xx answer that lacks Stripe's `error` body (a proxy's 502/503) as
 * if it were the object: refuse anything that is not a PaymentIntent.
 */
function intent(pi: Stripe.Response<Stripe.PaymentIntent>): Stripe.PaymentIntent {
  const status = pi.lastResponse?.statusCode ?? 200;
  if (status >= 400 || pi.object !== "payment_intent" || typeof pi.id !== "string") {
    throw new ProviderUnavailableError("stripe", false, `unexpected answer (HTTP ${status})`);
  }
  return pi;
}

function mapError(err: unknown): never {
  if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError) {
    throw new ProviderUnavailableError("stripe", /timed? ?out/i.test(err.message), err.message);
  }
  if (err instanceof Stripe.errors.StripeError) {
    const status = err.statusCode ?? 400;
    if (status >= 500) throw new ProviderUnavailableError("stripe", false, err.message);
    throw new ProviderRejectedError("stripe", status, err.message);
  }
  throw err;
}

/** Stripe PaymentIntents through the official SDK; the API host is configurable for the local fake. */
export function stripeProvider(opts: {
  secretKey: string;
  publishableKey?: string | undefined;
  webhookSecret?: string | undefined;
  apiUrl: string;
  timeoutMs: number;
  /** A currency's ISO 4217 exponent (the served countries'). */
  decimalsOf: (currency: string) => number;
}): PaymentProvider {
  const url = new URL(opts.apiUrl);
  const stripe = new Stripe(opts.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === "http:" ? 80 : 443),
    protocol: url.protocol === "http:" ? "http" : "https",
    timeout: opts.timeoutMs,
    // Our own verify is retried by the user; a silent SDK retry would double the wait.
    maxNetworkRetries: 0,
    telemetry: false,
  });
  return {
    name: "stripe",
    transfers: stripeTransfers(stripe, opts.decimalsOf, mapError),
    savedCards: stripeCards(stripe, Stripe.errors, opts.decimalsOf, mapError),
    async initialize(input) {
      try {
        // A card to keep is paid on the driver's customer, to be charged again off session.
        const customer = input.saveCard
          ? await stripeCustomer(stripe, input.saveCard.customerRef, input)
          : undefined;
        const pi = intent(
          await stripe.paymentIntents.create(
            {
              amount: toStripeAmount(input.currency, input.amountMinor, opts.decimalsOf(input.currency)),
              currency: input.currency.toLowerCase(),
              automatic_payment_methods: { enabled: true },
              ...(customer ? { customer, setup_future_usage: "off_session" as const } : {}),
              metadata: { user_id: input.userId, reference: input.reference },
              description: `Parkwell wallet top-up ${input.reference}`,
            },
            // A retried add-funds for the same payment row never creates a second intent.
            { idempotencyKey: `topup:${input.reference}` },
          ),
        );
        return {
          providerReference: pi.id,
          paymentInfo: {
            payment_url: `/payment?reference=${encodeURIComponent(input.reference)}&provider=stripe`,
            client_secret: pi.client_secret,
            payment_intent_id: pi.id,
            ...(opts.publishableKey ? { publishable_key: opts.publishableKey } : {}),
          },
          customerRef: customer,
        };
      } catch (err) {
        if (err instanceof ProviderUnavailableError) throw err;
        mapError(err);
      }
    },
    async retrieve(payment) {
      try {
        return toPayment(
          intent(await stripe.paymentIntents.retrieve(payment.providerReference)),
          opts.decimalsOf,
        );
      } catch (err) {
        if (err instanceof ProviderUnavailableError) throw err;
        mapError(err);
      }
    },
    parseWebhook(raw, headers, now) {
      if (!opts.webhookSecret) throw new WebhookSignatureError("no Stripe webhook secret configured");
      checkTimestampedSignature(header(headers, "stripe-signature"), raw, opts.webhookSecret, now, 300, [
        ".",
      ]);
      const event = JSON.parse(raw.toString("utf8")) as Stripe.Event;
      if (!event.id) throw new WebhookSignatureError("event without id");
      const relevant =
        event.type === "payment_intent.succeeded" ||
        event.type === "payment_intent.payment_failed" ||
        event.type === "payment_intent.canceled";
      return {
        id: event.id,
        payment: relevant ? toPayment(event.data.object as Stripe.PaymentIntent, opts.decimalsOf) : null,
        transfer: stripeTransferEvent(event),
      };
    },
  };
}
