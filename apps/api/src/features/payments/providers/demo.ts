import type { PayoutMethod, TransferProvider } from "./transfers";
import { ProviderRejectedError, type PaymentProvider } from "./types";

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
    // Saved cards as a provider keeps them (decision 069): the demo's card is a Visa ending 4242,
    // charged at once; its code names the payment it was saved from.
    savedCards: {
      async cardOf(payment) {
        return {
          methodRef: `demo_card_${payment.reference}`,
          customerRef: null,
          brand: "visa",
          last4: "4242",
          expMonth: 12,
          expYear: 2040,
        };
      },
      async charge(input) {
        return {
          providerReference: input.reference,
          status: "succeeded",
          amountMinor: input.amountMinor,
          currency: input.currency,
          userId: input.userId,
        };
      },
      async forget() {},
    },
  };
}

/** The demo's banks: what a bank payout's form lists in demo mode. */
export const DEMO_BANKS = [
  { code: "901", name: "Demo Bank" },
  { code: "902", name: "Parkwell Test Bank" },
] as const;

/**
 * Pays operators in demo mode, in the way of the country's provider (`method`): a bank account is
 * "resolved" to a name of its own digits, a connected account or a mobile number is taken as
 * given, and every transfer is paid at once. Only demo mode builds it (decision 014).
 */
export function demoTransfers(method: PayoutMethod): TransferProvider {
  return {
    method,
    async listBanks() {
      return DEMO_BANKS.map((b) => ({ ...b }));
    },
    async resolveAccount(bankCode, accountNumber) {
      if (!DEMO_BANKS.some((b) => b.code === bankCode) || !/^\d{10}$/.test(accountNumber)) {
        throw new ProviderRejectedError("demo", 422, "Could not resolve account name");
      }
      return { accountName: `DEMO ACCOUNT ${accountNumber.slice(-4)}` };
    },
    async createRecipient(destination) {
      if (destination.method === "bank") {
        const { accountName } = await this.resolveAccount!(destination.bankCode, destination.accountNumber);
        return {
          holderName: accountName,
          bankName: DEMO_BANKS.find((b) => b.code === destination.bankCode)?.name ?? null,
          recipient: `DEMO_RCP_${destination.accountNumber}`,
          destination: destination.accountNumber,
        };
      }
      if (destination.method === "stripe_account") {
        return {
          holderName: `Demo ${destination.account}`,
          bankName: null,
          recipient: destination.account,
          destination: destination.account,
        };
      }
      return {
        holderName: destination.name,
        bankName: null,
        recipient: null,
        destination: destination.mobile,
      };
    },
    async send(input) {
      return { providerReference: `demo_${input.idempotencyKey}`, status: "paid", reason: null };
    },
    async retrieve({ idempotencyKey }) {
      return { providerReference: `demo_${idempotencyKey}`, status: "paid", reason: null };
    },
  };
}
