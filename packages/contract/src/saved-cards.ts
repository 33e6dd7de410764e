import { z } from "zod";
import { AmountSchema, PaymentProviderSchema } from "./wallet";

/**
 * Saved cards and automatic reloads (decision 069): a card kept at the provider during a top-up
 * (Paystack's reusable authorization, Stripe's payment method on a customer) pays a checkout's
 * shortfall in one tap and reloads the wallet when its balance falls under a threshold. A
 * provider that keeps no card (Wave) offers neither: `available` says so.
 */

/** A saved card, as the driver sees it: never the provider's code for it. */
export const SavedCardSchema = z
  .object({
    id: z.uuid(),
    provider: PaymentProviderSchema,
    /** The card's network as the provider names it, lower case (visa, mastercard, verve, amex…). */
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int().nullable(),
    exp_year: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "SavedCard" });
export type SavedCard = z.infer<typeof SavedCardSchema>;

/**
 * The reload: `amount` is added when the balance falls under `threshold` (both in the wallet's
 * currency, major units). A declined charge pauses it (`paused_at`, `pause_reason`: the provider's
 * words) until the driver saves it again.
 */
export const AutoReloadSchema = z
  .object({
    card_id: z.uuid(),
    threshold: z.number(),
    amount: z.number(),
    currency: z.string(),
    paused_at: z.string().nullable(),
    pause_reason: z.string().nullable(),
    last_reload_at: z.string().nullable(),
  })
  .meta({ id: "AutoReload" });
export type AutoReload = z.infer<typeof AutoReloadSchema>;

/** GET /wallet/cards. */
export const SavedCardsSchema = z
  .object({
    /** The wallet's provider keeps cards for later charges (Paystack, Stripe; not Wave). */
    available: z.boolean(),
    provider: PaymentProviderSchema,
    cards: z.array(SavedCardSchema),
    auto_reload: AutoReloadSchema.nullable(),
  })
  .meta({ id: "SavedCards" });
export type SavedCards = z.infer<typeof SavedCardsSchema>;

export const CardIdSchema = z.uuid({ error: "card_id must be one of your saved cards" });

/** PUT /wallet/auto-reload: turns the reload on (again, after a pause) with these figures. */
export const AutoReloadBodySchema = z
  .object({
    card_id: CardIdSchema,
    threshold: AmountSchema,
    amount: AmountSchema,
  })
  .strict();
export type AutoReloadBody = z.infer<typeof AutoReloadBodySchema>;

export const SavedCardParamsSchema = z.object({
  id: z.uuid({ error: "This card was not found" }),
});
