/**
 * Operators' payout accounts and payouts in the back office (issue #65): an operator's managers
 * add where it is paid (a bank account in Nigeria, a Stripe connected account in Canada and the
 * United States, a Wave number in Senegal), confirm it from the e-mail, and follow their payouts;
 * Parkwell's admins see every operator's and hold or release an operator's payouts.
 * Permissions: `payout_accounts.*` (branch managers: their own operator's), `payouts.view`,
 * `payouts.update` (the hold; admins by default). Rules: docs/PRODUCT-RULES.md "Operators' money".
 */
import { z } from "zod";
import { AdminPageQuerySchema, IsoDateSchema } from "./admin";
import { idNumber, idParam, pageOf } from "./common";
import { PAYOUT_ACCOUNT_STATUSES, PAYOUT_PROVIDERS, PAYOUT_STATUSES } from "./settlement-values";

/** How an operator is paid in its country. */
export const PAYOUT_METHODS = ["bank", "stripe_account", "mobile"] as const;
export type PayoutMethodName = (typeof PAYOUT_METHODS)[number];

export const ACCOUNT_NUMBER_TEXT = "Enter the 10-digit account number";
export const BANK_CODE_TEXT = "Choose the bank";
export const STRIPE_ACCOUNT_TEXT = "Enter the connected account's id, acct_ and letters or digits";
export const MOBILE_TEXT = "Enter the mobile number with its country code, +221…";
export const HOLDER_NAME_TEXT = "Enter the name on the Wave account";

const operatorId = idNumber("operator_id").optional();
const bankCode = z
  .string({ error: BANK_CODE_TEXT })
  .trim()
  .regex(/^[A-Za-z0-9]{2,12}$/, { error: BANK_CODE_TEXT });
const accountNumber = z
  .string({ error: ACCOUNT_NUMBER_TEXT })
  .trim()
  .regex(/^\d{10}$/, { error: ACCOUNT_NUMBER_TEXT });

/** The operator a request is about: a branch manager's own (never another), any for an admin. */
export const PayoutOperatorQuerySchema = z.object({ operator_id: idParam("operator_id").optional() });

/** What adding an account asks for in the operator's country, and whether payouts can be sent there. */
export const PayoutSetupSchema = z.object({
  operator: z.object({ id: z.number().int(), name: z.string() }),
  country_code: z.string().nullable(),
  currency: z.string().nullable(),
  method: z.enum(PAYOUT_METHODS).nullable(),
  provider: z.enum(PAYOUT_PROVIDERS).nullable(),
  /** False: the provider has no keys here (out of demo mode): payouts wait, saying so. */
  provider_ready: z.boolean(),
  /** Parkwell's hold on the operator's payouts, with the reason the operator is shown. */
  hold: z.object({ reason: z.string(), since: z.string() }).nullable(),
  /** The least a period's closing balance must be for a payout (major units). */
  minimum: z.number().nullable(),
  hold_hours: z.number().int(),
});
export type PayoutSetup = z.infer<typeof PayoutSetupSchema>;

export const PayoutBanksSchema = z.object({
  items: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const PayoutResolveBodySchema = z.object({
  operator_id: operatorId,
  bank_code: bankCode,
  account_number: accountNumber,
});
export const PayoutResolveSchema = z.object({ account_name: z.string(), bank_name: z.string().nullable() });

/**
 * A new account: the fields of the operator's country's method (bank_code and account_number,
 * stripe_account, or mobile and holder_name); the others are left out.
 */
export const PayoutAccountBodySchema = z.object({
  operator_id: operatorId,
  bank_code: bankCode.optional(),
  account_number: accountNumber.optional(),
  stripe_account: z
    .string({ error: STRIPE_ACCOUNT_TEXT })
    .trim()
    .regex(/^acct_[A-Za-z0-9]{6,64}$/, { error: STRIPE_ACCOUNT_TEXT })
    .optional(),
  mobile: z
    .string({ error: MOBILE_TEXT })
    .trim()
    .regex(/^\+[1-9]\d{7,14}$/, { error: MOBILE_TEXT })
    .optional(),
  holder_name: z
    .string({ error: HOLDER_NAME_TEXT })
    .trim()
    .min(2, { error: HOLDER_NAME_TEXT })
    .max(120, { error: "The name must be at most 120 characters" })
    .optional(),
});
export type PayoutAccountBody = z.infer<typeof PayoutAccountBodySchema>;

/** An account as a client sees it: masked, never its full number. */
export const PayoutAccountSchema = z.object({
  id: z.number().int(),
  operator_id: z.number().int(),
  currency: z.string(),
  provider: z.enum(PAYOUT_PROVIDERS),
  method: z.enum(PAYOUT_METHODS),
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  holder_name: z.string(),
  bank_name: z.string().nullable(),
  last4: z.string(),
  confirmed_at: z.string().nullable(),
  usable_from: z.string().nullable(),
  /** The account a payout made now would be sent to. */
  in_use: z.boolean(),
  created_at: z.string(),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

export const PayoutAccountListSchema = z.object({ items: z.array(PayoutAccountSchema) });
export const PayoutAccountParamsSchema = z.object({ id: idParam("id") });
export const PayoutConfirmBodySchema = z.object({
  token: z.string({ error: "The link is not valid" }).trim().min(16).max(200),
});

export const PayoutSchema = z.object({
  id: z.number().int(),
  operator: z.object({ id: z.number().int(), name: z.string() }),
  country_code: z.string().nullable(),
  settlement_id: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  /** The statement's clock (its operator's country's): the period's days are on it. */
  time_zone: z.string(),
  currency: z.string(),
  amount: z.number(),
  provider: z.enum(PAYOUT_PROVIDERS).nullable(),
  status: z.enum(PAYOUT_STATUSES),
  /** Why it waits, or the provider's words for a failure or a reversal. */
  reason: z.string().nullable(),
  account: z
    .object({ last4: z.string(), holder_name: z.string(), bank_name: z.string().nullable() })
    .nullable(),
  provider_reference: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  settled_at: z.string().nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;
export const PayoutPageSchema = pageOf(PayoutSchema);
export const PayoutParamsSchema = z.object({ id: idParam("id") });

export const PayoutListQuerySchema = AdminPageQuerySchema.extend({
  operator_id: idParam("operator_id").optional(),
  country: z
    .string({ error: "country must be a country code" })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: "country must be a country code" })
    .transform((v) => v.toUpperCase())
    .optional(),
  status: z
    .enum(PAYOUT_STATUSES, { error: `status must be one of ${PAYOUT_STATUSES.join(", ")}` })
    .optional(),
  /** Payouts of periods that start on or after `from` and on or before `to` (days, UTC). */
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
});

/** The operators whose payouts the caller sees, with their holds. */
export const PayoutOperatorsSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      country_code: z.string().nullable(),
      hold: z.object({ reason: z.string(), since: z.string() }).nullable(),
    }),
  ),
});

export const PAYOUT_HOLD_REASON_TEXT = "Say why the payouts are held (3 to 500 characters)";
export const PayoutHoldParamsSchema = z.object({ id: idParam("id") });
export const PayoutHoldBodySchema = z.object({
  reason: z
    .string({ error: PAYOUT_HOLD_REASON_TEXT })
    .trim()
    .min(3, { error: PAYOUT_HOLD_REASON_TEXT })
    .max(500, { error: PAYOUT_HOLD_REASON_TEXT }),
});
export const PayoutHoldSchema = z.object({
  operator_id: z.number().int(),
  hold: z.object({ reason: z.string(), since: z.string() }).nullable(),
});
