/**
 * Paying with a company (docs/decisions/030-business-accounts.md): what its policy and limits let
 * a member buy, decided before any money moves. Pure: the service reads the rows (the member's
 * locked, the month's charges summed) and asks here.
 */
import { weekSpan, WEEK_MINUTES, type PlanWindow } from "@parkwell/contract";

export interface CompanyPolicyRules {
  countryIds: number[] | null;
  parkTypes: string[] | null;
  hours: PlanWindow[] | null;
  extensionsAllowed: boolean;
  marketplaceAllowed: boolean;
}

export interface CompanyLimitRules {
  perBookingMinor: number | null;
  perMemberMonthMinor: number | null;
}

export type PurchaseKind = "booking" | "extension" | "renewal" | "order";

/** What is bought: where, what kind of park, when (on the park's clock), how much. */
export interface Purchase {
  kind: PurchaseKind;
  countryId: number | null;
  countryName: string | null;
  parkType: string | null;
  /** The window's start and end as minutes from Monday 00:00 on the park's clock (null: no window). */
  weekWindow: [number, number] | null;
  amountMinor: number;
}

/** What a marketplace order buys, as the policy reads it: its country and total (no park, no hours). */
export function orderPurchase(o: {
  countryId: number;
  countryName: string;
  amountMinor: number;
  currency: string;
  decimals: number;
}): Purchase & { currency: string; decimals: number } {
  return {
    kind: "order",
    countryId: o.countryId,
    countryName: o.countryName,
    parkType: null,
    weekWindow: null,
    amountMinor: o.amountMinor,
    currency: o.currency,
    decimals: o.decimals,
  };
}

export type PayRefusal =
  | { rule: "extensions" }
  | { rule: "marketplace" }
  | { rule: "country"; country: string }
  | { rule: "park_type" }
  | { rule: "hours" }
  | { rule: "per_booking"; maxMinor: number }
  | { rule: "per_month"; capMinor: number; spentMinor: number };

/** Whether the window [start, end) (week minutes, end may pass the week's end) lies inside one of the windows. */
export function insideHours(hours: PlanWindow[], [start, end]: [number, number]): boolean {
  return hours.some((w) => {
    const [ws, we] = weekSpan(w);
    for (const shift of [0, WEEK_MINUTES, -WEEK_MINUTES]) {
      if (start + shift >= ws && end + shift <= we) return true;
    }
    return false;
  });
}

/** The first rule the purchase breaks, or null when the company pays for it. */
export function payVerdict(
  policy: CompanyPolicyRules,
  limits: CompanyLimitRules,
  p: Purchase,
  spentThisMonthMinor: number,
): PayRefusal | null {
  if ((p.kind === "extension" || p.kind === "renewal") && !policy.extensionsAllowed)
    return { rule: "extensions" };
  if (p.kind === "order" && !policy.marketplaceAllowed) return { rule: "marketplace" };
  if (p.countryId !== null && policy.countryIds && !policy.countryIds.includes(p.countryId)) {
    return { rule: "country", country: p.countryName ?? "" };
  }
  if (p.parkType !== null && policy.parkTypes && !policy.parkTypes.includes(p.parkType))
    return { rule: "park_type" };
  if (p.weekWindow && policy.hours && !insideHours(policy.hours, p.weekWindow)) return { rule: "hours" };
  if (limits.perBookingMinor !== null && p.amountMinor > limits.perBookingMinor) {
    return { rule: "per_booking", maxMinor: limits.perBookingMinor };
  }
  if (
    limits.perMemberMonthMinor !== null &&
    spentThisMonthMinor + p.amountMinor > limits.perMemberMonthMinor
  ) {
    return { rule: "per_month", capMinor: limits.perMemberMonthMinor, spentMinor: spentThisMonthMinor };
  }
  return null;
}

/**
 * The refusal as the API's sentence (English; lib/messages/company-pay.ts has the French). A
 * marketplace order's place and maximum are said as an order's, not parking's.
 */
export function refusalText(
  r: PayRefusal,
  money: (minor: number) => string,
  kind: PurchaseKind = "booking",
): string {
  switch (r.rule) {
    case "extensions":
      return "Your company does not pay for extensions";
    case "marketplace":
      return "Your company does not pay for marketplace orders";
    case "country":
      return kind === "order"
        ? `Your company does not pay for orders in ${r.country}`
        : `Your company does not pay for parking in ${r.country}`;
    case "park_type":
      return "Your company does not pay for this type of park";
    case "hours":
      return "Your company does not pay for parking at this time";
    case "per_booking":
      return kind === "order"
        ? `Your company allows orders up to ${money(r.maxMinor)}`
        : `Your company allows bookings up to ${money(r.maxMinor)}`;
    case "per_month":
      return `Your company allows up to ${money(r.capMinor)} per member each month; ${money(r.spentMinor)} is already spent`;
  }
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** `at` as minutes from Monday 00:00 on the clock of `timeZone`. */
export function weekMinuteOf(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return WEEKDAYS.indexOf(part("weekday")) * 1440 + Number(part("hour")) * 60 + Number(part("minute"));
}

/** A window [start, end) as week minutes on the park's clock (the end may pass the week's end). */
export function weekWindowOf(start: Date, end: Date, timeZone: string): [number, number] {
  const from = weekMinuteOf(start, timeZone);
  return [from, from + Math.round((end.getTime() - start.getTime()) / 60_000)];
}
