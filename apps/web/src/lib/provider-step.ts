import type { AddFundsData } from "@parkwell/contract";
import { loadScript } from "./load-script";

/*
 * A top-up's provider step, shared by the wallet's add-funds and the checkout's "Pay … and book"
 * (decision 026): the started payment is remembered for /payment, then the provider takes over.
 */

/** The started payment, kept for this tab so /payment can resume it (Stripe needs its client secret). */
const PENDING_KEY = "parkwell_pending_payment";

/**
 * `returnTo`: the page the payer comes back to (a company's wallet page), instead of the personal
 * wallet's /wallet/callback; kept with the payment, so every provider's way back finds it.
 */
export function rememberPayment(payment: AddFundsData, returnTo?: string): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...payment, return_to: returnTo }));
  } catch {
    // Private mode without storage: /payment then asks the user to start again.
  }
}

export function pendingPayment(reference: string | null): AddFundsData | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    const payment = raw ? (JSON.parse(raw) as AddFundsData) : null;
    return payment && payment.reference === reference ? payment : null;
  } catch {
    return null;
  }
}

/** The first of authorization_url, checkout_url, payment_url is the payment link. */
export function paymentLink(payment: AddFundsData): string | undefined {
  const info = payment.payment_info;
  return info.authorization_url ?? info.checkout_url ?? info.payment_url;
}

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

/** Where the remembered payment `reference` returns to, when it named a page; else null. */
function returnOf(reference: string): string | null {
  const remembered = pendingPayment(reference) as (AddFundsData & { return_to?: unknown }) | null;
  return typeof remembered?.return_to === "string" ? remembered.return_to : null;
}

/** Whether the payment was started by a page of its own (a company's wallet), which settles it there. */
export const returnsToItsPage = (payment: AddFundsData) => returnOf(payment.reference) !== null;

export const callbackUrl = (payment: AddFundsData) => {
  const back = returnOf(payment.reference) ?? "/wallet/callback";
  return `${back}${back.includes("?") ? "&" : "?"}provider=${payment.provider}&reference=${encodeURIComponent(payment.reference)}`;
};

/** A saved card was charged at once (decision 069): there is no provider step, only the return page. */
export const chargedAtOnce = (payment: AddFundsData) => payment.payment_info.charged === true;

/**
 * Takes the user to the provider once add-funds has answered: the in-app page for demo and
 * Stripe (Elements), Paystack's inline popup (falling back to its hosted page), Wave's launch URL.
 * A payment a saved card already made (`charged`) goes straight to its return page, which verifies
 * it and shows the purchase, as after a provider. `go` navigates inside the app; `leave` goes to
 * another site.
 */
export async function startProviderStep(
  payment: AddFundsData,
  go: (path: string) => void,
  leave: (url: string) => void,
  onCancel: () => void,
  /** The page the payer comes back to (rememberPayment); default the personal wallet's callback. */
  returnTo?: string,
): Promise<void> {
  rememberPayment(payment, returnTo);
  if (chargedAtOnce(payment)) {
    go(callbackUrl(payment));
    return;
  }
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
