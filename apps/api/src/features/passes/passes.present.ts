/** A pass as its driver sees it (Pass, PassDetail), from its row and context. */
import type { Pass, PassCharge, PassDetail, PlanWindow, PublicPlan } from "@parkwell/contract";
import { bpsToPercent, toMajor } from "../../lib/money";
import { signQr } from "../bookings/qr";
import type { PriceBreakdown } from "../parks/pricing.domain";
import { presentTaxes } from "../parks/parks.present";
import type { NextTerm } from "./passes.domain";
import type { ChargeRow, PassContext, PassRow } from "./passes.repo";
import type { PlanRow } from "./plans.repo";

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
  /** The company that paid the last term and is asked for the next; null: the driver's wallet. */
  paidByCompany: string | null;
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
    taxes: presentTaxes(b, taxName, decimals),
    total: major(b.totalMinor),
    ...(b.couponDiscountMinor && b.couponCode
      ? { coupon_discount: major(b.couponDiscountMinor), coupon_code: b.couponCode }
      : {}),
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
    park: {
      id: c.park.id,
      name: c.park.name,
      slug: c.park.slug,
      address: c.park.address,
      time_zone: c.park.timeZone,
    },
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
    paid_by_company: r.paidByCompany,
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

/** A pass's page as its service reads it: the route adds its wallet passes (in the driver's language). */
export type PassRead = Omit<PassDetail, "wallet">;

export const withCharges = (pass: Pass, charges: PassCharge[]): PassRead => ({ ...pass, charges });

/** A plan as drivers read it: its park, weekly hours, prices in its country's currency, and what is left. */
export function presentPlan(
  r: PlanRow,
  h: {
    windows: PlanWindow[];
    prices: { vehicle_type_id: number; vehicle_type: string; monthly_minor: number }[];
  },
  country: { currency: string; currencyDecimals: number },
): PublicPlan {
  return {
    id: r.id,
    name: r.name,
    park: {
      id: Number(r.park_id),
      name: r.park_name,
      slug: r.slug,
      address: r.address,
      city: r.city,
      lat: Number(r.lat),
      lng: Number(r.lng),
      time_zone: r.time_zone,
    },
    windows: h.windows,
    hours_per_week: Number(r.minutes_per_week) / 60,
    currency: country.currency,
    prices: h.prices.map((p) => ({
      vehicle_type_id: p.vehicle_type_id,
      vehicle_type: p.vehicle_type,
      monthly_price: toMajor(p.monthly_minor, country.currencyDecimals),
    })),
    min_term_months: Number(r.min_term_months),
    discount_3m_percent: bpsToPercent(Number(r.discount_3m_bps)),
    discount_12m_percent: bpsToPercent(Number(r.discount_12m_bps)),
    space_mode: r.space_mode as PublicPlan["space_mode"],
    passes_left: Number(r.passes_left),
    distance_m: r.distance_m === null ? null : Math.round(Number(r.distance_m)),
  };
}
