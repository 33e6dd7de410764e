/**
 * Paying with a company (docs/decisions/030-business-accounts.md): what its policy and limits let
 * a member buy, decided before any money moves. Pure: the service reads the rows (the member's
 * locked, the month's charges summed) and asks here.
 */
import {
  COMPANY_PAY_SWITCHES,
  weekSpan,
  WEEK_MINUTES,
  type CompanyPaySwitch,
  type PlanWindow,
} from "@parkwell/contract";

export interface CompanyPolicyRules {
  countryIds: number[] | null;
  parkTypes: string[] | null;
  hours: PlanWindow[] | null;
  /** The policy's switches that are on (the contract's `COMPANY_PAY_SWITCHES`). */
  switches: readonly CompanyPaySwitch[];
}

export interface CompanyLimitRules {
  perBookingMinor: number | null;
  perMemberMonthMinor: number | null;
}

/** The purchase engine's kinds a company may pay: a booking, and the kinds the switches govern. */
export const COMPANY_PAID_KINDS = [
  "booking",
  "extension",
  "window_change",
  "renewal",
  "order",
  "pass",
  "vehicle_docs",
] as const;
export type PurchaseKind = (typeof COMPANY_PAID_KINDS)[number];

/** A switch as the domain reads it: its kinds must be kinds a company may pay, never a booking. */
type SwitchFacts = { name: CompanyPaySwitch; kinds: readonly Exclude<PurchaseKind, "booking">[] };

/**
 * The kinds whose switches are wrong, with how many govern them: a kind other than a booking that
 * no switch or two switches govern, or a booking that one does (a booking needs none: every
 * company pays one, within its other rules). Empty for the contract's list, or the API does not start.
 */
export function switchProblems(
  kinds: readonly PurchaseKind[] = COMPANY_PAID_KINDS,
  switches: readonly SwitchFacts[] = COMPANY_PAY_SWITCHES,
): { kind: PurchaseKind; governing: number }[] {
  return kinds
    .map((kind) => ({
      kind,
      governing: switches.filter((s) => (s.kinds as readonly string[]).includes(kind)).length,
    }))
    .filter((k) => k.governing !== (k.kind === "booking" ? 0 : 1));
}

const problems = switchProblems();
if (problems.length > 0) throw new Error(`COMPANY_PAY_SWITCHES govern wrongly: ${JSON.stringify(problems)}`);

/** Each kind a company may pay with the policy's switch it needs; null for a booking. */
export const KIND_SWITCHES = Object.fromEntries(
  COMPANY_PAID_KINDS.map((kind) => [
    kind,
    COMPANY_PAY_SWITCHES.find((s) => (s.kinds as readonly string[]).includes(kind))?.name ?? null,
  ]),
) as Readonly<Record<PurchaseKind, CompanyPaySwitch | null>>;

/**
 * The refusal of a kind whose switch is off, in English (the French in server.json's
 * company-pay): each switch names what it does not pay for.
 */
const SWITCH_REFUSALS: Record<CompanyPaySwitch, string> = {
  extensions: "Your company does not pay for extensions",
  marketplace: "Your company does not pay for marketplace orders",
  passes: "Your company does not pay for monthly passes",
  vehicle_docs: "Your company does not pay for vehicle documents",
};

/** What is bought: where, what kind of park, when (on the park's clock), how much. */
export interface Purchase {
  kind: PurchaseKind;
  countryId: number | null;
  countryName: string | null;
  parkType: string | null;
  /** The window's start and end as minutes from Monday 00:00 on the park's clock (null: no window). */
  weekWindow: [number, number] | null;
  /** More windows that must each lie inside the policy's hours (a pass's plan: its weekly windows). */
  weekWindows?: [number, number][];
  amountMinor: number;
}

/**
 * A purchase as the policy is asked about it, with its currency (the limits and the month's sum
 * are in it) and decimals (the refusal's amounts): what features/purchases describes for each kind.
 */
export type PricedPurchase = Purchase & { currency: string; decimals: number };

export type PayRefusal =
  /** The policy's switch for the purchase's kind is off. */
  | { rule: CompanyPaySwitch }
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
  const needs = KIND_SWITCHES[p.kind];
  if (needs && !policy.switches.includes(needs)) return { rule: needs };
  if (p.countryId !== null && policy.countryIds && !policy.countryIds.includes(p.countryId)) {
    return { rule: "country", country: p.countryName ?? "" };
  }
  if (p.parkType !== null && policy.parkTypes && !policy.parkTypes.includes(p.parkType))
    return { rule: "park_type" };
  if (policy.hours) {
    const windows = [...(p.weekWindow ? [p.weekWindow] : []), ...(p.weekWindows ?? [])];
    if (windows.some((w) => !insideHours(policy.hours!, w))) return { rule: "hours" };
  }
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
 * The refusal as the API's sentence (English; the French in server.json's company-pay). A
 * marketplace order's place and maximum are said as an order's, not parking's.
 */
export function refusalText(
  r: PayRefusal,
  money: (minor: number) => string,
  kind: PurchaseKind = "booking",
): string {
  switch (r.rule) {
    case "country":
      return kind === "order"
        ? `Your company does not pay for orders in ${r.country}`
        : kind === "vehicle_docs"
          ? `Your company does not pay for vehicle documents in ${r.country}`
          : `Your company does not pay for parking in ${r.country}`;
    case "park_type":
      return "Your company does not pay for this type of park";
    case "hours":
      return "Your company does not pay for parking at this time";
    case "per_booking":
      return kind === "order"
        ? `Your company allows orders up to ${money(r.maxMinor)}`
        : kind === "pass"
          ? `Your company allows passes up to ${money(r.maxMinor)}`
          : kind === "vehicle_docs"
            ? `Your company allows vehicle-document requests up to ${money(r.maxMinor)}`
            : `Your company allows bookings up to ${money(r.maxMinor)}`;
    case "per_month":
      return `Your company allows up to ${money(r.capMinor)} per member each month; ${money(r.spentMinor)} is already spent`;
    default:
      return SWITCH_REFUSALS[r.rule];
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
