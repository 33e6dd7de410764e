/** The company dashboard's rows as the API gives them (major units, ISO times). Pure. */
import { isoOnClock, type CompanyBooking, type CompanyReceipt, type CompanySpend } from "@parkwell/contract";
import { csvLine } from "../../lib/csv";
import type { CompanyBookingRow, CompanyReceiptRow, SpendRow } from "./company-dashboard.repo";

export type Decimals = (currency: string) => number;

const major = (minor: string | number, decimals: number) => Number(minor) / 10 ** decimals;
const iso = (at: Date | string) => new Date(at).toISOString();

export function presentSpend(
  month: string,
  timeZone: string,
  members: readonly SpendRow[],
  centres: readonly { cost_centre: string; currency: string; spent: string | number }[],
  decimals: Decimals,
): CompanySpend {
  const totals = new Map<string, number>();
  for (const c of centres) totals.set(c.currency, (totals.get(c.currency) ?? 0) + Number(c.spent));
  return {
    month,
    time_zone: timeZone,
    totals: [...totals.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, minor]) => ({ currency, amount: major(minor, decimals(currency)) })),
    members: members
      .filter((m) => m.member_id !== null)
      .map((m) => ({
        member_id: Number(m.member_id),
        name: m.name,
        email: m.email,
        cost_centre: m.cost_centre,
        removed: m.removed,
        currency: m.currency,
        amount: major(m.spent, decimals(m.currency)),
      })),
    cost_centres: centres.map((c) => ({
      cost_centre: c.cost_centre,
      currency: c.currency,
      amount: major(c.spent, decimals(c.currency)),
    })),
  };
}

export function presentBooking(r: CompanyBookingRow, decimals: Decimals): CompanyBooking {
  return {
    booking_id: r.id,
    booking_code: r.booking_code,
    park_id: Number(r.park_id),
    park_name: r.park_name,
    time_zone: r.time_zone,
    start_time: iso(r.start_time),
    end_time: iso(r.end_time),
    status: r.status,
    member_id: r.member_id === null ? null : Number(r.member_id),
    member_name: r.member_name,
    cost_centre: r.cost_centre,
    currency: r.currency,
    paid: major(r.paid ?? 0, decimals(r.currency)),
  };
}

export function presentReceipt(r: CompanyReceiptRow & { number: string }): CompanyReceipt {
  return {
    number: r.number,
    kind: r.kind as CompanyReceipt["kind"],
    issued_at: iso(r.issued_at),
    time_zone: r.time_zone,
    reference: r.reference,
    currency: r.currency,
    total: major(r.total_minor, Number(r.decimals)),
    charge_kind: r.charge_kind,
    member_name: r.member_name,
    cost_centre: r.cost_centre,
  };
}

export const BOOKINGS_CSV_HEADER = [
  "booking_code",
  "park",
  "start",
  "end",
  "time_zone",
  "status",
  "member",
  "cost_centre",
  "currency",
  "paid",
];

/** A company booking as a CSV line (times in ISO 8601 on the park's clock, with its offset; `time_zone` names it). */
export function bookingCsvLine(b: CompanyBooking, decimals: Decimals): string {
  return csvLine([
    b.booking_code,
    b.park_name,
    isoOnClock(new Date(b.start_time), b.time_zone),
    isoOnClock(new Date(b.end_time), b.time_zone),
    b.time_zone,
    b.status,
    b.member_name,
    b.cost_centre,
    b.currency,
    b.paid.toFixed(decimals(b.currency)),
  ]);
}
