/**
 * Referrals (docs/PRODUCT-RULES.md#referrals): a driver's code, link, invitations and earnings
 * (GET /referrals/me), and the rewards per country (GET /referrals/rewards, public). The plain
 * values are in referral-values.ts.
 */
import { z } from "zod";
import { PageQuerySchema, pageOf } from "./common";
import { MoneySchema } from "./parks";
import { REFERRAL_REFUSALS, REFERRAL_STATUSES } from "./referral-values";

export const ReferralInvitationSchema = z.object({
  id: z.string(),
  /** The invitee's first name and the initial of the last ("Ada L."). */
  name: z.string(),
  /** The invitee's e-mail, masked ("a***@example.com"). */
  email: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  /** Why it pays nothing, when refused. */
  reason: z.enum(REFERRAL_REFUSALS).nullable(),
  registered_at: z.string(),
  rewarded_at: z.string().nullable(),
  /** What the inviter earned from it (null: nothing yet, or refused). */
  earned: MoneySchema.nullable(),
});
export type ReferralInvitation = z.infer<typeof ReferralInvitationSchema>;

export const ReferralMeQuerySchema = PageQuerySchema;

export const ReferralMeSchema = z
  .object({
    /** The driver's personal code (made at the first ask, then always the same). */
    code: z.string(),
    /** The registration link that carries it, as a path (`/register?ref=CODE`). */
    link: z.string(),
    /** What each side gets in the driver's country (null: the country has no reward). */
    reward: MoneySchema.nullable(),
    /** The driver's country's clock: the dates of the list are on it. */
    time_zone: z.string(),
    /** Everything earned from invitations, per currency. */
    earned: z.array(MoneySchema),
    invitations: pageOf(ReferralInvitationSchema),
  })
  .meta({ id: "ReferralMe" });
export type ReferralMe = z.infer<typeof ReferralMeSchema>;

/** What the inviter and the invitee each get, per served country with a reward. */
export const ReferralRewardsSchema = z
  .object({
    items: z.array(
      z.object({
        country_code: z.string(),
        country_name: z.string(),
        amount: z.number(),
        currency: z.string(),
      }),
    ),
  })
  .meta({ id: "ReferralRewards" });
export type ReferralRewards = z.infer<typeof ReferralRewardsSchema>;
