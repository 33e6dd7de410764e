/** A monthly plan as the back office shows it (AdminPlan), from its rows. */
import type { AdminPlan } from "@parkwell/contract";
import { bpsToPercent, toMajor } from "../../../lib/money";
import type { PlanHours } from "../../passes/plans.service";
import type { PlanWithPark } from "./admin-plans.repo";

export interface PlanFacts extends PlanHours {
  sold: number;
  currency: string;
  decimals: number;
}

export function presentPlan(found: PlanWithPark, f: PlanFacts): AdminPlan {
  const { plan } = found;
  return {
    id: plan.id,
    park: { id: plan.parkId, name: found.parkName, time_zone: found.timeZone },
    name: plan.name,
    status: plan.status as AdminPlan["status"],
    windows: f.windows,
    currency: f.currency,
    prices: f.prices.map((p) => ({
      vehicle_type_id: p.vehicle_type_id,
      vehicle_type: p.vehicle_type,
      monthly_price: toMajor(p.monthly_minor, f.decimals),
    })),
    allocation: plan.allocation,
    sold: f.sold,
    space_mode: plan.spaceMode as AdminPlan["space_mode"],
    min_term_months: plan.minTermMonths,
    discount_3m_percent: bpsToPercent(plan.discount3mBps),
    discount_12m_percent: bpsToPercent(plan.discount12mBps),
    created_at: plan.createdAt.toISOString(),
    updated_at: plan.updatedAt.toISOString(),
  };
}
