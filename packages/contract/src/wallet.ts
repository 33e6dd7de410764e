import { z } from "zod";
import { AMOUNT_MAX, pageOf } from "./common";
import { CHECKOUT_KINDS, LEDGER_SUBJECTS, namingEvery, type PurchaseLedgerKind } from "./purchase-kinds";

/** Wallet and payments: responses are `{ status, message, data }` (docs/API-CONVENTIONS.md). */
export const PAYMENT_PROVIDERS = ["paystack", "stripe", "wave", "demo"] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS, {
  error: "payment_provider must be one of paystack, stripe, wave, demo",
});
export type PaymentProviderName = z.infer<typeof PaymentProviderSchema>;
/** The providers a country's gateway (and its fallback) may name: every one but the demo provider. */
export const GATEWAY_PROVIDERS = PAYMENT_PROVIDERS.filter(
  (p): p is Exclude<PaymentProviderName, "demo"> => p !== "demo",
);

const amountNumber = z
  .number({ error: "amount must be a number" })
  .positive({ error: "Amount must be a positive number" })
  .max(AMOUNT_MAX, { error: "This amount is too large" });
/** A money amount in major units, more than 0 and at most AMOUNT_MAX: a JSON number or a numeric string (query strings). */
export const AmountSchema = z.union(
  [
    amountNumber,
    z
      .string()
      .trim()
      .regex(/^\d{1,15}(\.\d{1,15})?$/, { error: "amount must be a number" })
      .transform(Number)
      .pipe(amountNumber),
  ],
  { error: "amount must be a number" },
);

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.enum(["success", "pending"]), message: z.string(), data });

export const WalletSchema = z.object({
  balance: z.number(),
  currency: z.string(),
  currency_symbol: z.string(),
  decimals: z.number().int(),
  provider: PaymentProviderSchema,
  min_topup: z.number(),
  max_topup: z.number(),
  max_balance: z.number(),
});
export type Wallet = z.infer<typeof WalletSchema>;
export const WalletResponseSchema = envelope(WalletSchema).meta({ id: "WalletResponse" });

/**
 * The ledger's kinds that belong to no one purchase: a top-up, a refund (of a purchase of any
 * kind), the demo's reset, a correction by hand, a referral's reward and the space guarantee's
 * difference on a rebooking.
 */
export const NON_PURCHASE_LEDGER_KINDS = [
  "topup",
  "refund",
  "demo_reset",
  "adjustment",
  "referral_reward",
  "guarantee_credit",
] as const;
type NonPurchaseLedgerKind = (typeof NON_PURCHASE_LEDGER_KINDS)[number];

/**
 * Every kind of move the ledger writes (`ledger_transactions.kind`): the ledger's writers take
 * only these (`postTransfer`), and every screen that lists moves has words for each. They are the
 * purchase kinds' `ledgerKinds` (PURCHASE_KIND_FACTS) and the kinds of no purchase, in the API
 * schema's order: a kind's ledger kind missing here does not compile.
 */
export const LEDGER_KINDS = namingEvery<PurchaseLedgerKind | NonPurchaseLedgerKind>()([
  "topup",
  "booking_charge",
  "booking_extension",
  /** A booking's window moved (decision 063): the difference it cost more. */
  "booking_window_change",
  "booking_renewal",
  "booking_overstay",
  "refund",
  "order_charge",
  "pass_charge",
  "vehicle_docs_charge",
  "demo_reset",
  /** A correction by hand (support; the tests' own moves): no purchase, no receipt. */
  "adjustment",
  /** A referral's reward, from Parkwell's marketing account (docs/PRODUCT-RULES.md#referrals). */
  "referral_reward",
  /**
   * The space guarantee's difference on a rebooking (decision 058): Parkwell's money to the
   * driver's wallet, paid on in the same transaction for the new booking; no receipt (nothing sold).
   */
  "guarantee_credit",
]);
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const WalletTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(LEDGER_KINDS),
  /** The purchase this move paid for or refunded (its page: /booking-details, /passes, /orders, the request's). */
  subject: z.object({ kind: z.enum(LEDGER_SUBJECTS), code: z.string() }).nullable(),
  /** Signed: + money in, - money out, in major units. */
  amount: z.number(),
  currency: z.string(),
  balance_after: z.number(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  /** The receipt (or credit note) of this move, when it has one (GET /receipts/{number}). */
  receipt_number: z.string().nullable(),
  created_at: z.string(),
});
export type WalletTransaction = z.infer<typeof WalletTransactionSchema>;
export const WalletTransactionPageSchema = pageOf(WalletTransactionSchema);
export const WalletTransactionsResponseSchema = envelope(WalletTransactionPageSchema).meta({
  id: "WalletTransactionsResponse",
});

/**
 * POST /wallet/add-funds: `save_card` keeps the card paid with for later (decision 069: where the
 * provider keeps cards); `card_id` pays at once with a saved card instead of the provider's page.
 */
export const AddFundsBodySchema = z
  .object({
    amount: AmountSchema,
    save_card: z.boolean({ error: "save_card must be true or false" }).optional(),
    card_id: z.uuid({ error: "card_id must be one of your saved cards" }).optional(),
  })
  .strict()
  .refine((b) => !(b.save_card && b.card_id), {
    error: "A saved card is already saved: send save_card or card_id, not both",
    path: ["save_card"],
  });
export const PaymentInfoSchema = z
  .object({
    authorization_url: z.string().optional(),
    checkout_url: z.string().optional(),
    payment_url: z.string().optional(),
    /** A saved card was charged at once (decision 069): no provider page; verify-payment tells the outcome. */
    charged: z.boolean().optional(),
  })
  .catchall(z.unknown());
export const AddFundsDataSchema = z.object({
  reference: z.string(),
  provider: PaymentProviderSchema,
  amount: z.number(),
  currency: z.string(),
  payment_info: PaymentInfoSchema,
});
export type AddFundsData = z.infer<typeof AddFundsDataSchema>;
export const AddFundsResponseSchema = envelope(AddFundsDataSchema).meta({ id: "AddFundsResponse" });

export const VerifyPaymentQuerySchema = z.object({
  payment_reference: z.string({ error: "payment_reference is required" }).trim().min(1).max(200),
  amount: AmountSchema.optional(),
  payment_provider: PaymentProviderSchema.optional(),
});
export const CreditQuerySchema = z.object({
  amount: AmountSchema,
  reference: z.string({ error: "reference is required" }).trim().min(1).max(200),
  // Sent by the web client as the product's API has it; ignored: every ledger text is the server's.
  description: z
    .string()
    .trim()
    .max(200, { error: "description is at most 200 characters" })
    .optional()
    .describe("Accepted and ignored: ledger descriptions are written by the server only"),
});
/**
 * What became of the booking a top-up pays the difference for (POST /bookings/hold): `held` while
 * the payment is awaited, `booked` once it is paid and the booking made, `expired` when the hold
 * lapsed unpaid, `not_booked` when the payment came but the booking could not be made (`reason`:
 * `full` the space was taken after the hold expired, `past` the window is over, `moved` the park
 * now charges in another currency, `short` the wallet no longer covers it, `plate_busy` the vehicle
 * was booked elsewhere meanwhile, `coupon_used_up` the hold's coupon reached its limit meanwhile,
 * `charger_full` every charger of the hold's group was booked after it expired, `charger_gone` the
 * operator took that group of chargers out of service, `closed` the park closed a day of the window
 * after the hold was taken);
 * the money then stays in the wallet.
 */
export const HOLD_STATUSES = ["held", "booked", "expired", "not_booked"] as const;
export const HOLD_REASONS = [
  "full",
  "past",
  "moved",
  "short",
  "plate_busy",
  "coupon_used_up",
  "charger_full",
  "charger_gone",
  "closed",
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
export const PaymentBookingSchema = z.object({
  booking_code: z.string(),
  status: z.enum(HOLD_STATUSES),
  reason: z.enum(HOLD_REASONS).optional(),
});
export type PaymentBooking = z.infer<typeof PaymentBookingSchema>;

/**
 * What became of the purchase a top-up pays the difference for (POST /purchases/checkout):
 * `pending` while the payment is awaited, `made` once it is paid and the purchase made (`code`: the
 * order's, pass's or request's), `not_made` when the payment came but the purchase was refused
 * (`reason`: the refusal's code, e.g. `plan_sold_out`, `insufficient_funds`); the money then stays
 * in the wallet.
 */
export const PaymentPurchaseSchema = z.object({
  kind: z.enum(CHECKOUT_KINDS),
  status: z.enum(["pending", "made", "not_made"]),
  code: z.string().nullable(),
  reason: z.string().optional(),
});
export type PaymentPurchase = z.infer<typeof PaymentPurchaseSchema>;

export const PaymentResultSchema = z.object({
  reference: z.string(),
  provider: PaymentProviderSchema,
  amount: z.number(),
  currency: z.string(),
  new_balance: z.number().optional(),
  /** The part beyond the wallet's cap, held for support to return (absent when none). */
  held: z.number().optional(),
  credited: z.boolean().optional(),
  /**
   * True on a pending answer while another check of the same payment is running ("Payment
   * verification already in progress", in the reader's language): ask again shortly.
   */
  verifying: z.boolean().optional(),
  /** The booking this top-up pays the difference for (absent for a plain top-up). */
  booking: PaymentBookingSchema.optional(),
  /** The order, pass or document request this top-up pays the difference for (absent otherwise). */
  purchase: PaymentPurchaseSchema.optional(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;
export const PaymentResultResponseSchema = envelope(PaymentResultSchema).meta({
  id: "PaymentResultResponse",
});

export const CreatePaymentIntentBodySchema = z.object({
  amount: AmountSchema,
  currency: z.string().trim().length(3, { error: "currency is a 3-letter code" }),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
/**
 * A card top-up: Stripe's PaymentIntent (its client secret for Stripe.js). In demo mode without
 * Stripe keys the demo provider takes it as it takes add-funds: `provider` is `demo`, the intent's
 * id is the demo payment's, the secret a stand-in `<id>_secret_demo` that nothing needs, and
 * `payment_url` is the demo provider's page, where the payment is made.
 */
export const PaymentIntentResponseSchema = z
  .object({
    client_secret: z.string(),
    payment_intent_id: z.string(),
    reference: z.string(),
    amount: z.number(),
    currency: z.string(),
    provider: PaymentProviderSchema,
    publishable_key: z.string().optional(),
    payment_url: z.string().optional(),
  })
  .meta({ id: "PaymentIntentResponse" });

const IDEMPOTENCY_KEY_SHAPE = "Idempotency-Key must be 1 to 255 letters, digits or _ . : -";
const IDEMPOTENCY_KEY_REQUIRED = "The Idempotency-Key header is required: send a new key for each top-up";

/** The Idempotency-Key header: an sf-string (quoted) or bare token, 1 to 255 safe characters. */
const idempotencyKey = (blank: string) =>
  z
    .string({ error: IDEMPOTENCY_KEY_REQUIRED })
    .transform((s) => s.trim().replace(/^"(.*)"$/, "$1"))
    .pipe(
      z
        .string()
        .min(1, { error: blank, abort: true })
        .regex(/^[A-Za-z0-9_.:-]{1,255}$/, { error: IDEMPOTENCY_KEY_SHAPE }),
    );

/** Where the key is optional (bookings, holds, orders, passes, ...): a blank one is malformed. */
export const IdempotencyKeySchema = idempotencyKey(IDEMPOTENCY_KEY_SHAPE).optional();

/**
 * Where the key is required (the wallet's top-ups: add-funds, create-payment-intent): missing or
 * blank is a 422 naming the header (API-CONVENTIONS.md#idempotency).
 */
export const RequiredIdempotencyKeySchema = idempotencyKey(IDEMPOTENCY_KEY_REQUIRED);

/** POST /purchases/checkout: a purchase of `kind` (its own route's body as `request`) whose wallet is short. */
export const PurchaseCheckoutBodySchema = z.object({
  kind: z.enum(CHECKOUT_KINDS, { error: "kind must be order, pass or vehicle_docs" }),
  request: z.record(z.string(), z.unknown(), { error: "request must be the purchase's body" }),
  /** Pays the difference at once with this saved card (decision 069) instead of the provider's page. */
  card_id: z.uuid({ error: "card_id must be one of your saved cards" }).optional(),
});
export type PurchaseCheckoutBody = z.infer<typeof PurchaseCheckoutBodySchema>;

/** The checkout started: what is missing, the top-up (raised to the country's minimum) and its payment. */
export const PurchaseCheckoutSchema = z
  .object({
    kind: z.enum(CHECKOUT_KINDS),
    status: z.literal("pending"),
    currency: z.string(),
    total: z.number(),
    balance: z.number(),
    amount_missing: z.number(),
    top_up_amount: z.number(),
    raised_to_minimum: z.boolean(),
    payment: AddFundsDataSchema,
  })
  .meta({ id: "PurchaseCheckout" });
export type PurchaseCheckout = z.infer<typeof PurchaseCheckoutSchema>;
