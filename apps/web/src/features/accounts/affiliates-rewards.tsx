import { useQuery } from "@tanstack/react-query";
import { referralRewardsQuery } from "./api";
import { ReferralRewardsList } from "./referrals-page";

/** The /affiliates page's amounts: each country's reward as GET /referrals/rewards answers it. */
export function AffiliatesRewards() {
  const rewards = useQuery(referralRewardsQuery);
  if (!rewards.data || rewards.data.items.length === 0) return null;
  return <ReferralRewardsList rewards={rewards.data.items} />;
}
