/**
 * A coupon code as a driver types it at any purchase (docs/PRODUCT-RULES.md#coupons). The kinds
 * a coupon may be for and the sentences of a refusal are plain values in market-values.ts.
 */
import { z } from "zod";
import { COUPON_UNKNOWN_MESSAGE } from "./market-values";

/** Trimmed and upper case; an empty code is none. */
export const CouponCodeSchema = z
  .string({ error: "coupon_code must be text" })
  .trim()
  .max(30, { error: COUPON_UNKNOWN_MESSAGE })
  .transform((c) => (c ? c.toUpperCase() : undefined))
  .optional();

/**
 * A quote's answer about the code asked for: applied, with the amount it takes off (also in the
 * price's breakdown), or the sentence why it does not apply; null when no code was asked about.
 */
export const CouponVerdictSchema = z
  .object({
    code: z.string(),
    applied: z.boolean(),
    discount: z.number(),
    message: z.string().nullable(),
  })
  .nullable();
export type CouponVerdict = z.infer<typeof CouponVerdictSchema>;
