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
import { toMajor } from "../../lib/money";
import type { PaidPurchases } from "../payments/paid-checkouts";
import {
  claimTopUpKey,
  insertTopUp,
  openTopUp,
  prepareTopUp,
  replay,
  topUpFingerprint,
  topUpLimits,
  topUpOfKey,
} from "../payments/top-up.service";
import type { PaymentDeps } from "../payments/verify.service";
import { userCurrency, walletBalanceMinor } from "../wallet/ledger.service";
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
 * POST /purchases/checkout: prices the purchase as it would be made (its refusals first), answers
 * 409 `funds_available` when the wallet covers it, and starts a top-up of the difference: in one
 * transaction the Idempotency-Key is claimed, the top-up's row written (the wallet locked, its cap)
 * and the checkout's row; the provider is called after the COMMIT. The same key answers the same
 * checkout again; with another request it is a 422.
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
  const purpose = JSON.stringify(["purchase", body.kind, body.request]);
  if (idempotencyKey) {
    const seen = await topUpOfKey(db, userId, idempotencyKey);
    if (seen) return { checkout: await replayCheckout(deps, seen, purpose), replayed: true };
  }
  const companyId = (input as { company_id?: number | null }).company_id;
  if (companyId != null) throw AppError.validation({ "request.company_id": NOT_FOR_COMPANY });
  const user = await userCurrency(deps.countries, db, userId);
  if (!user) throw AppError.notFound("User not found");
  const price = await pricePurchase(registration.kind(language), deps, { userId, input });
  if (price.currency !== user.currency) {
    throw new AppError(
      409,
      "currency_mismatch",
      `This purchase is charged in ${price.currency}; your wallet is in ${user.currency}, so a top-up cannot pay for it`,
    );
  }
  const balanceMinor = await walletBalanceMinor(db, userId, price.currency);
  const missingMinor = price.amountMinor - balanceMinor;
  if (missingMinor <= 0) throw new AppError(409, "funds_available", FUNDS_AVAILABLE);
  const limits = await topUpLimits(deps.countries, user.countryId);
  const topUpMinor = Math.max(missingMinor, limits?.minMinor ?? 0);
  // The purchase is made later with this key: one is drawn when the client sent none.
  const key = idempotencyKey ?? `checkout-${randomUUID()}`;
  const plan = await prepareTopUp(deps, config, userId, {
    amount: toMajor(topUpMinor, user.decimals),
    idempotencyKey: key,
    purpose,
  });
  const now = deps.clock();
  const started = await db.transaction(async (tx) => {
    const seen = await claimTopUpKey(tx, userId, plan.idempotencyKey);
    if (seen) return seen;
    const payment = await insertTopUp(tx, plan, now);
    if (payment.replayed) return payment;
    await repo.insertCheckout(tx, {
      paymentId: payment.row.id,
      userId,
      kind: body.kind,
      input: body.request,
      idempotencyKey: key,
      language,
      totalMinor: price.amountMinor,
      balanceMinor,
      status: "pending",
      createdAt: now,
      updatedAt: now,
    });
    return payment;
  });
  if (started.replayed) {
    return { checkout: await replayCheckout(deps, started.row, purpose), replayed: true };
  }
  const opened = await openTopUp(deps, config, plan, started.row);
  const checkout = await checkoutOf(db, started.row.id);
  return { checkout: present(checkout!, opened.data, topUpMinor, user.decimals), replayed: false };
}

const { checkoutOf } = repo;

async function replayCheckout(
  deps: PaymentDeps,
  seen: Awaited<ReturnType<typeof topUpOfKey>> & object,
  purpose: string,
): Promise<PurchaseCheckout> {
  const again = replay(deps, seen, topUpFingerprint(purpose));
  const checkout = await checkoutOf(deps.db, seen.id);
  if (!checkout) throw new Error(`payment ${seen.id} of a checkout has no checkout`);
  return present(checkout, again.data, seen.amountMinor, deps.countries.decimalsOf(seen.currency));
}

/**
 * The checkouts as payments completes them once a top-up is settled (wired by the app): the
 * purchase made with the checkout's key, or the refusal's code recorded (the money in the wallet).
 * A failure that is not a refusal (the database gone) is thrown: the payment's next settle asks again.
 */
export function paidPurchases(deps: { db: Db; clock: Clock; kinds: CheckoutKinds }): PaidPurchases {
  const { db } = deps;
  return {
    async settled(paymentId) {
      const c = await checkoutOf(db, paymentId);
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
      await repo.recordCheckout(db, paymentId, { ...outcome, updatedAt: deps.clock() });
    },
    async outcome(read, paymentId): Promise<PaymentPurchase | undefined> {
      const c = await checkoutOf(read, paymentId);
      if (!c) return undefined;
      return {
        kind: c.kind as CheckoutKind,
        status: c.status,
        code: c.code,
        ...(c.status === "not_made" && c.reason ? { reason: c.reason } : {}),
      };
    },
  };
}
