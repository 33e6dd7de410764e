/**
 * Referrals (docs/PRODUCT-RULES.md#referrals, docs/decisions/046-referrals.md): a driver's code and
 * link, the invitation recorded when an account registers with a code (refused, with its reason,
 * by the fraud rules), and the reward both sides get at the invitee's first paid purchase, booked
 * from Parkwell's marketing account once.
 */
import {
  normalizeReferralCode,
  REFERRAL_CODE_LENGTH,
  referralPath,
  type ReferralMe,
  type ReferralRewards,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { AuthUser } from "../../lib/auth-user";
import type { Clock } from "../../lib/clock";
import { toMajor } from "../../lib/money";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import { pgError, SQLSTATE } from "../../lib/pg-error";
import { readableCode } from "../../lib/readable-code";
import { servedCountries } from "../reference/served-countries";
import { creditReferralReward, revenueShard } from "../wallet/ledger.service";
import { deviceHashOf, refusalOf, rewardKey } from "./referrals.domain";
import { presentInvitation } from "./referrals.present";
import * as repo from "./referrals.repo";

/** How many times a new code is drawn when one drawn is taken (one in billions). */
const CODE_ATTEMPTS = 5;

/** How a driver's code is drawn: seven readable characters (a test may replace it). */
export const referralCodeSource = {
  draw: (): string => readableCode("", REFERRAL_CODE_LENGTH),
};

/**
 * The driver's code: theirs, or one drawn now. Each attempt is a savepoint (a transaction of its
 * own when `db` is none), so a collision with another driver's code rolls back that insert only
 * and draws again, even inside a caller's transaction.
 */
export async function codeFor(db: Tx, userId: string, at: Date): Promise<string> {
  const existing = await repo.codeOf(db, userId);
  if (existing) return existing;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction((attemptTx) => repo.insertCode(attemptTx, userId, referralCodeSource.draw(), at));
      break;
    } catch (err) {
      const { code } = pgError(err);
      if (code !== SQLSTATE.uniqueViolation || attempt >= CODE_ATTEMPTS) throw err;
    }
  }
  const code = await repo.codeOf(db, userId);
  if (!code) throw new Error(`referral code of ${userId} vanished`);
  return code;
}

/**
 * In the registration's transaction: the new account's device, and its invitation when it came
 * with a driver's code. A code that is no driver's (mistyped, or staff's) is ignored: registering
 * never fails for it. A refused invitation is recorded with its reason and will pay nothing.
 */
export async function recordRegistration(
  tx: Tx,
  p: { userId: string; email: string; referralCode?: string | null; deviceId?: string | null; at: Date },
): Promise<void> {
  if (p.deviceId) await repo.recordDevice(tx, p.userId, deviceHashOf(p.deviceId), p.at);
  const code = normalizeReferralCode(p.referralCode);
  if (!code) return;
  const inviter = await repo.inviterOfCode(tx, code);
  if (!inviter || inviter.role !== "customer" || inviter.disabledAt || inviter.id === p.userId) return;
  const refusedReason = refusalOf({
    inviterEmail: inviter.email,
    inviteeEmail: p.email,
    emailPatterns: await repo.emailPatterns(tx),
    sameDevice: await repo.shareDevice(tx, inviter.id, p.userId),
  });
  await repo.insertReferral(tx, {
    inviterId: inviter.id,
    inviteeId: p.userId,
    code,
    refusedReason,
    at: p.at,
  });
}

/**
 * The purchase engine's hook (purchases.service `receiptOfMove`), in the purchase's transaction,
 * after a paid move's receipt: the buyer's invitation still waiting is locked and, unless the two
 * now share a device, both wallets get their country's reward from the marketing account and it
 * becomes `rewarded`. A second purchase, or one racing the first, finds nothing waiting.
 * True when this purchase paid the reward.
 */
export async function rewardFirstPurchase(
  tx: Tx,
  p: { userId: string; purchaseId: string; at: Date },
): Promise<boolean> {
  const pending = await repo.pendingReferralForUpdate(tx, p.userId);
  if (!pending) return false;
  if (pending.sharedDevice) {
    await repo.markRefused(tx, pending.id, "same_device");
    return false;
  }
  const rewardOf = await repo.rewardsOfUsers(tx, [p.userId, pending.inviterId]);
  const sides = [
    { side: "invitee", userId: p.userId, description: "Referral reward: welcome to Parkwell" },
    { side: "inviter", userId: pending.inviterId, description: "Referral reward: a driver you invited" },
  ] as const;
  for (const { side, userId, description } of sides) {
    const reward = rewardOf.get(userId);
    if (!reward || reward.minor <= 0) continue;
    await creditReferralReward(tx, {
      userId,
      currency: reward.currency,
      amountMinor: reward.minor,
      idempotencyKey: rewardKey(pending.id, side),
      reference: null,
      description,
      shard: revenueShard(pending.id),
    });
  }
  const inviter = rewardOf.get(pending.inviterId);
  await repo.markRewarded(tx, pending.id, {
    purchaseId: p.purchaseId,
    at: p.at,
    inviterRewardMinor: inviter?.minor ?? 0,
    inviterCurrency: inviter?.currency ?? null,
  });
  return true;
}

/**
 * GET /referrals/me: the driver's code and link, their country's reward, what they earned and a
 * page of their invitations. The device the page is opened on is recorded (an invitee registering
 * on it is refused).
 */
export async function mine(
  d: { db: Db; clock: Clock },
  user: Pick<AuthUser, "id" | "countryId">,
  q: PageQuery,
  deviceId: string | undefined,
): Promise<ReferralMe> {
  const now = d.clock();
  if (deviceId) await repo.recordDevice(d.db, user.id, deviceHashOf(deviceId), now);
  const code = await codeFor(d.db, user.id, now);
  const served = servedCountries(d.db);
  const [country, countryFees, earned, page] = await Promise.all([
    served.facts({ id: user.countryId }),
    served.feesOf(user.countryId),
    repo.earnedBy(d.db, user.id),
    repo.invitationsOf(d.db, user.id, offsetOf(q), q.size),
  ]);
  // Earnings are in the inviter's own currency; any other (a country changed since) by its own decimals.
  const known = await served.decimalsOfAll([
    ...earned.map((e) => e.currency),
    ...page.items.flatMap((r) => (r.inviterCurrency ? [r.inviterCurrency] : [])),
  ]);
  const decimalsOf = (currency: string) => known(currency) ?? 2;
  const rewardMinor = Number(countryFees?.referralRewardMinor ?? 0);
  return {
    code,
    link: referralPath(code),
    reward:
      country && rewardMinor > 0
        ? { amount: toMajor(rewardMinor, country.decimals), currency: country.currency }
        : null,
    time_zone: country?.timeZone ?? "UTC",
    earned: earned.map((e) => ({ amount: toMajor(e.minor, decimalsOf(e.currency)), currency: e.currency })),
    invitations: listPage(
      page.items.map((row) =>
        presentInvitation(row, row.inviterCurrency ? decimalsOf(row.inviterCurrency) : 2),
      ),
      page.total,
      q,
    ),
  };
}

/** GET /referrals/rewards: what each side gets, per served country with a reward. */
export async function rewards(db: Db): Promise<ReferralRewards> {
  const served = servedCountries(db);
  const items: ReferralRewards["items"] = [];
  for (const c of await served.withFees()) {
    const minor = Number((await served.feesOf(c.id))?.referralRewardMinor ?? 0);
    if (minor > 0)
      items.push({
        country_code: c.code,
        country_name: c.name,
        amount: toMajor(minor, c.decimals),
        currency: c.currency,
      });
  }
  return { items };
}

/** The users' invitations, whichever side they are on, their codes and devices (the demo reset). */
export const deleteReferralsOfUsers = (tx: Tx, userIds: string[]) => repo.deleteOfUsers(tx, userIds);
