import type { ReferralInvitation } from "@parkwell/contract";
import { toMajor } from "../../lib/money";
import { maskEmail, maskName } from "./referrals.domain";
import type { invitationsOf } from "./referrals.repo";

type InvitationRow = Awaited<ReturnType<typeof invitationsOf>>["items"][number];

/** An invitation as its inviter sees it: the invitee masked, what it earned in the inviter's currency. */
export function presentInvitation(row: InvitationRow, decimals: number): ReferralInvitation {
  return {
    id: row.id,
    name: maskName(row.firstName, row.lastName),
    email: maskEmail(row.email),
    status: row.status,
    reason: row.refusedReason ?? null,
    registered_at: row.createdAt.toISOString(),
    rewarded_at: row.rewardedAt?.toISOString() ?? null,
    earned:
      row.status === "rewarded" && row.inviterCurrency && row.inviterRewardMinor
        ? { amount: toMajor(Number(row.inviterRewardMinor), decimals), currency: row.inviterCurrency }
        : null,
  };
}
