import type { PaymentProvider } from "./types";

/**
 * Stands in for a provider with no keys outside production: its payment page is the app's own
 * /payment, and it reports every payment it initialised as paid. Verify, ledger and exactly-once
 * are the real ones. A checkout nobody came back from expires like any other, unasked
 * (expire.service). The registry never builds it in production.
 */
export function demoProvider(): PaymentProvider {
  return {
    name: "demo",
    paidWhenAsked: true,
    async initialize(input) {
      return {
        providerReference: input.reference,
        paymentInfo: {
          payment_url: `/payment?reference=${encodeURIComponent(input.reference)}&provider=demo`,
          demo: true,
        },
      };
    },
    async retrieve(payment) {
      return {
        providerReference: payment.providerReference,
        status: "succeeded",
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        userId: payment.userId,
      };
    },
  };
}
