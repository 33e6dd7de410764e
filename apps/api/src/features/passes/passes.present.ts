/** A pass as its driver sees it (Pass, PassDetail), from its row and context. */
import type { Pass, PassCharge, PassDetail, PlanWindow } from "@parkwell/contract";
import { toMajor } from "../../lib/money";
import { signQr } from "../bookings/qr";
import type { PriceBreakdown } from "../parks/pricing.domain";
import type { NextTerm } from "./passes.domain";
import type { ChargeRow, PassContext, PassRow } from "./passes.repo";

/** A charge's price parts in minor units, with the tax's name then (pass_charges.breakdown). */
export type BreakdownMinor = PriceBreakdown & { taxName: string };

/** What a pass's reader adds to its row: its gate QR, its next renewal and its grace. */
export interface PassReading {
  qrSecret: string;
  now: Date;
  /** The next renewal's term and price, while the pass renews. */
  next: NextTerm | null;
  taxName: string;
  /** In grace: when it lapses and the wallet's balance in the pass's currency, in minor units. */
  grace: { lapsesAt: Date; balanceMinor: number } | null;
}

/** A breakdown in minor units as the API writes it, in the currency's major units. */
export function presentBreakdown(b: PriceBreakdown, taxName: string, decimals: number) {
  const major = (m: number) => toMajor(m, decimals);
  return {
    hours: b.hours,
    days: b.days,
    parking: major(b.parkingMinor),
    service_fee: major(b.serviceFeeMinor),
    booking_fee: major(b.bookingFeeMinor),
    tax: major(b.taxMinor),
    tax_name: taxName,
    total: major(b.totalMinor),
  };
}

/** `windows`: the plan's hours as the API writes them (plans.service's hoursAndPrices). */
export function presentPass(
  row: PassRow,
  c: PassContext,
  windows: PlanWindow[],
  decimals: number,
  r: PassReading,
): Pass {
  const currency = row.currency.trim();
  const renews = row.status !== "ended" && !row.cancelAtPeriodEnd;
  const cancelEffectiveAt = !renews ? null : row.status === "grace" ? r.now : row.paidUntil;
  const next = renews ? r.next : null;
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
    renews_at: renews ? row.paidUntil.toISOString() : null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    term_months: row.termMonths,
    currency,
    monthly_price: toMajor(row.monthlyMinor, decimals),
    created_at: row.createdAt.toISOString(),
    qr: row.status === "ended" ? null : signQr({ code: row.passCode, park: c.park.id }, r.qrSecret),
    cancel_effective_at: cancelEffectiveAt?.toISOString() ?? null,
    next_charge: next && {
      amount: toMajor(next.breakdown.totalMinor, decimals),
      currency,
      breakdown: presentBreakdown(next.breakdown, r.taxName, decimals),
      period_start: next.term.startsAt.toISOString(),
      period_end: next.term.paidUntil.toISOString(),
    },
    grace:
      row.status === "grace" && r.grace
        ? {
            lapses_at: r.grace.lapsesAt.toISOString(),
            missing: toMajor(Math.max(0, (next?.breakdown.totalMinor ?? 0) - r.grace.balanceMinor), decimals),
          }
        : null,
  };
}

/** A pass's charges as given (the reader asks them newest first). */
export function presentCharges(rows: ChargeRow[], currency: string, decimals: number): PassCharge[] {
  return rows.map((c) => ({
    period: c.period,
    period_start: c.periodStart.toISOString(),
    period_end: c.periodEnd.toISOString(),
    amount: toMajor(c.totalMinor, decimals),
    currency,
    breakdown: presentBreakdown(
      c.breakdown as BreakdownMinor,
      (c.breakdown as BreakdownMinor).taxName,
      decimals,
    ),
    charged_at: c.chargedAt.toISOString(),
  }));
}

export const withCharges = (pass: Pass, charges: PassCharge[]): PassDetail => ({ ...pass, charges });
