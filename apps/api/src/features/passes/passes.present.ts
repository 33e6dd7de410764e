/** A pass as its driver sees it (Pass), from its row and context. */
import type { Pass, PlanWindow } from "@parkwell/contract";
import { toMajor } from "../../lib/money";
import type { PassContext, PassRow } from "./passes.repo";

/** `windows`: the plan's hours as the API writes them (plans.service's hoursAndPrices). */
export function presentPass(row: PassRow, c: PassContext, windows: PlanWindow[], decimals: number): Pass {
  return {
    id: row.id,
    pass_code: row.passCode,
    status: row.status as Pass["status"],
    ended_reason: (row.endedReason as Pass["ended_reason"]) ?? null,
    plan: {
      id: row.planId,
      name: c.planName,
      windows,
    },
    park: { id: c.park.id, name: c.park.name, slug: c.park.slug, time_zone: c.park.timeZone },
    vehicle_type_id: row.vehicleTypeId,
    vehicle_type: c.vehicleType,
    plates: row.plates,
    space_label: row.spaceLabel,
    starts_at: row.startsAt.toISOString(),
    paid_until: row.paidUntil.toISOString(),
    renews_at: row.status === "ended" || row.cancelAtPeriodEnd ? null : row.paidUntil.toISOString(),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    term_months: row.termMonths,
    currency: row.currency.trim(),
    monthly_price: toMajor(row.monthlyMinor, decimals),
    created_at: row.createdAt.toISOString(),
  };
}
