import type { AddFundsData } from "@parkwell/contract";
import { paymentLink, rememberPayment } from "./api";
import { loadScript } from "./load-script";

export const PAYSTACK_INLINE = "https://js.paystack.co/v2/inline.js";

interface PaystackPopup {
  resumeTransaction(
    accessCode: string,
    callbacks: { onSuccess(): void; onCancel(): void; onError?(e: unknown): void },
  ): void;
}
declare global {
  interface Window {
    PaystackPop?: new () => PaystackPopup;
  }
}

export const callbackUrl = (payment: AddFundsData) =>
  `/wallet/callback?provider=${payment.provider}&reference=${encodeURIComponent(payment.reference)}`;

/**
 * Takes the user to the provider once add-funds has answered: the in-app page for demo and
 * Stripe (Elements), Paystack's inline popup (falling back to its hosted page), Wave's launch URL.
 * `go` navigates inside the app; `leave` goes to another site.
 */
export async function startProviderStep(
  payment: AddFundsData,
  go: (path: string) => void,
  leave: (url: string) => void,
  onCancel: () => void,
): Promise<void> {
  rememberPayment(payment);
  const info = payment.payment_info;
  if (payment.provider === "demo" || payment.provider === "stripe") {
    go(`/payment?reference=${encodeURIComponent(payment.reference)}&provider=${payment.provider}`);
    return;
  }
  if (
    payment.provider === "paystack" &&
    typeof info.access_code === "string" &&
    typeof info.public_key === "string"
  ) {
    try {
      await loadScript(PAYSTACK_INLINE);
      if (window.PaystackPop) {
        new window.PaystackPop().resumeTransaction(info.access_code, {
          onSuccess: () => go(callbackUrl(payment)),
          onCancel,
        });
        return;
      }
    } catch {
      // The inline script is unreachable: Paystack's hosted page still works.
    }
  }
  const link = paymentLink(payment);
  if (!link) throw new Error("no payment link");
  leave(link);
}
