/**
 * Paying the difference for any kind on the purchase engine (docs/decisions/026-pay-the-difference.md,
 * "Every kind"): a driver whose wallet is short of an order, a pass or a document request starts a
 * top-up of what is missing (raised to the country's minimum top-up); once the payment is
 * confirmed (verify, a webhook, the expiry job) the purchase is made through `makePurchase` with
 * the checkout's Idempotency-Key, so it is made once however many paths confirm it. One mechanism:
 * a kind joins by a registration (`CheckoutRegistration`: its request's schema and its
 * `PurchaseKind`), which the app wires in.
 *
 * Unlike a held booking window (decision 026's first part), nothing is kept while the payment is
 * awaited: the purchase is priced again when it is made, and a refusal then (sold out, the price
 * changed, the wallet spent meanwhile) leaves the money in the wallet, with the refusal's code.
 */
import { randomUUID } from "node:crypto";
import type {
  CheckoutKind,
  PaymentPurchase,
  PurchaseCheckout,
  PurchaseCheckoutBody,
} from "@parkwell/contract";
import type { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Language } from "../../lib/language";
import type { PaidCheckouts, PaidOutcome } from "../payments/paid-checkouts";
import { payTheDifference } from "../payments/pay-difference.service";
import type { PaymentDeps } from "../payments/verify.service";
import { makePurchase, pricePurchase, type PurchaseKind } from "./purchases.service";
import { presentCheckout as present } from "./purchase-checkouts.present";
import * as repo from "./purchases.repo";

export const FUNDS_AVAILABLE = "Your wallet can pay for this purchase: make it directly";
export const NOT_FOR_COMPANY =
  "A company's purchase is paid by the company: the difference is for a wallet's purchase";

/** What a kind registers to be paid by a top-up of the difference: its request's schema and the kind. */
export interface CheckoutRegistration<Input> {
  /** The body of the kind's own route (the checkout's `request`), parsed again when it is made. */
  schema: z.ZodType<Input, unknown>;
  /** The kind as the engine makes it, for a driver speaking `language`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's own priced row and answer
  kind: (language: Language) => PurchaseKind<Input, any, any, any>;
  /** What verify says once the top-up is settled: the purchase made (its code), or refused (the money in the wallet). */
  verified: { made: (code: string) => string; notMade: string };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's own input
export type CheckoutKinds = Record<CheckoutKind, CheckoutRegistration<any>>;

type Checkout = repo.CheckoutRow;

function parsed<Input>(registration: CheckoutRegistration<Input>, request: unknown): Input {
  const result = registration.schema.safeParse(request);
  if (result.success) return result.data;
  throw AppError.fromIssues(result.error.issues, (path) => ["request", ...path.map(String)].join("."));
}

/**
 * POST /purchases/checkout, on the one pay-the-difference start (payTheDifference): prices the
 * purchase as it would be made (its refusals first), answers 409 `funds_available` when the wallet
 * covers it, and starts a top-up of the difference; the checkout's row is written in the start's
 * transaction, after the top-up's. Nothing is kept while the payment is awaited. The same key
 * answers the same checkout again; with another request it is a 422.
 */
export async function startCheckout(
  deps: PaymentDeps & { kinds: CheckoutKinds },
  config: Config,
  userId: string,
  body: PurchaseCheckoutBody,
  idempotencyKey: string | undefined,
  language: Language,
): Promise<{ checkout: PurchaseCheckout; replayed: boolean }> {
  const { db } = deps;
  const registration = deps.kinds[body.kind];
  const input = parsed(registration, body.request);
  // The purchase is made later with this key: one is drawn when the client sent none.
  const key = idempotencyKey ?? `checkout-${randomUUID()}`;
  const { answer, replayed } = await payTheDifference(deps, config, {
    userId,
    idempotencyKey: key,
    purpose: JSON.stringify(["purchase", body.kind, body.request]),
    cardId: body.card_id,
    fundsAvailable: FUNDS_AVAILABLE,
    currencyMismatch: (price, wallet) =>
      `This purchase is charged in ${price}; your wallet is in ${wallet}, so a top-up cannot pay for it`,
    async price() {
      const companyId = (input as { company_id?: number | null }).company_id;
      if (companyId != null) throw AppError.validation({ "request.company_id": NOT_FOR_COMPANY });
      return pricePurchase(registration.kind(language), deps, { userId, input });
    },
    async link(tx, payment, price, m) {
      await repo.insertCheckout(tx, {
        paymentId: payment.id,
        userId,
        kind: body.kind,
        input: body.request,
        idempotencyKey: key,
        language,
        totalMinor: price.amountMinor,
        balanceMinor: m.balanceMinor,
        status: "pending",
        createdAt: m.now,
        updatedAt: m.now,
      });
    },
    async answer(payment, data, m) {
      const checkout = await checkoutOf(db, payment.id);
      if (!checkout) throw new Error(`payment ${payment.id} of a checkout has no checkout`);
      return present(checkout, data, m.topUpMinor, m.decimals);
    },
  });
  return { checkout: answer, replayed };
}

const { checkoutOf } = repo;

/**
 * The checkouts as payments settles them (wired by the app), after settle's transaction commits,
 * as nothing is kept while they are paid: the purchase made with the checkout's key, or the
 * refusal's code recorded (the money in the wallet). A failure that is not a refusal (the database
 * gone) is thrown: the payment's next settle asks again.
 */
export function paidPurchases(deps: { db: Db; clock: Clock; kinds: CheckoutKinds }): PaidCheckouts<Checkout> {
  const { db } = deps;
  return {
    ofPayment: checkoutOf,
    async afterSettle(seen) {
      // Read again: another path may have made it since this settle began.
      const c = await checkoutOf(db, seen.paymentId);
      if (!c || c.status !== "pending") return;
      const registration = deps.kinds[c.kind as CheckoutKind];
      const kind = registration.kind(c.language as Language);
      let outcome: Partial<Checkout>;
      try {
        const input = registration.schema.parse(c.input);
        await makePurchase(kind, deps, { userId: c.userId, input, idempotencyKey: c.idempotencyKey });
        const made = await repo.purchaseByKey(db, c.userId, kind.name, c.idempotencyKey);
        outcome = { status: "made", purchaseId: made?.id ?? null, code: made?.code ?? null };
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        outcome = { status: "not_made", reason: err.code };
      }
      await repo.recordCheckout(db, c.paymentId, { ...outcome, updatedAt: deps.clock() });
    },
    async outcome(_db, c): Promise<PaidOutcome> {
      const purchase: PaymentPurchase = {
        kind: c.kind as CheckoutKind,
        status: c.status,
        code: c.code,
        ...(c.status === "not_made" && c.reason ? { reason: c.reason } : {}),
      };
      const texts = deps.kinds[purchase.kind].verified;
      return { data: { purchase }, message: (paid) => purchaseMessage(texts, purchase, paid) };
    },
  };
}

/** What verify says once a top-up that pays the difference for a purchase is settled, in its kind's words. */
function purchaseMessage(
  texts: CheckoutRegistration<unknown>["verified"],
  purchase: PaymentPurchase,
  paid: string,
): string {
  if (purchase.status === "made") return texts.made(purchase.code ?? "");
  if (purchase.status === "not_made") return texts.notMade;
  return paid;
}
