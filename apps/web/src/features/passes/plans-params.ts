import { addDays, dayOnClock, PASS_START_MAX_DAYS, PLAN_HOURS_FILTERS, PLAN_TERMS } from "@parkwell/contract";

/** The plans list's search as the page holds it; it lives in the URL so it can be shared and reloaded. */
export interface PlanQuery {
  search?: string | undefined;
  hours?: (typeof PLAN_HOURS_FILTERS)[number] | undefined;
  vehicleTypeId?: number | undefined;
  /** The most a month may cost, in the country's currency. */
  maxPrice?: number | undefined;
  page: number;
  size: number;
}

export const PLAN_PAGE_SIZE = 10;

const num = (v: string | null, min: number, max: number): number | undefined => {
  if (v === null || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
};

/** Reads what it understands and drops the rest: a hand-edited URL never breaks the page. */
export function parsePlanQuery(params: URLSearchParams): PlanQuery {
  const hours = params.get("hours");
  const vehicle = num(params.get("vehicle_type_id"), 1, 1e9);
  return {
    search: params.get("search")?.trim().slice(0, 100) || undefined,
    hours: (PLAN_HOURS_FILTERS as readonly string[]).includes(hours ?? "")
      ? (hours as PlanQuery["hours"])
      : undefined,
    vehicleTypeId: vehicle === undefined ? undefined : Math.floor(vehicle),
    maxPrice: num(params.get("max_price"), 0, 1_000_000_000),
    page: Math.floor(num(params.get("page"), 1, 100_000) ?? 1),
    size: PLAN_PAGE_SIZE,
  };
}

export function toPlanSearchParams(q: PlanQuery): URLSearchParams {
  const out = new URLSearchParams();
  const set = (k: string, v: string | number | undefined) => {
    if (v !== undefined && v !== "") out.set(k, String(v));
  };
  set("search", q.search);
  set("hours", q.hours);
  set("vehicle_type_id", q.vehicleTypeId);
  set("max_price", q.maxPrice);
  if (q.page > 1) set("page", q.page);
  return out;
}

/**
 * GET /plans's query: the selected country, the filters, and the driver's position when the
 * browser already may tell it (nearest first); without one, by city and park.
 */
export function toPlanApiQuery(
  q: PlanQuery,
  country: string,
  position: { lat: number; lng: number } | null | undefined,
): Record<string, string | number | undefined> {
  return {
    country,
    search: q.search,
    hours: q.hours,
    vehicle_type_id: q.vehicleTypeId,
    max_price: q.maxPrice,
    lat: position ? +position.lat.toFixed(5) : undefined,
    lng: position ? +position.lng.toFixed(5) : undefined,
    page: q.page,
    size: q.size,
  };
}

/** The days a pass may start, on the park's calendar: today to PASS_START_MAX_DAYS days ahead (the sale's rule). */
export function startDayBounds(now: Date, timeZone: string): { min: string; max: string } {
  const min = dayOnClock(now, timeZone);
  return { min, max: addDays(min, PASS_START_MAX_DAYS) };
}

/** The start day asked for, kept within the bounds; anything else (or nothing) is the first day. */
export function startDayWithin(asked: string | null, bounds: { min: string; max: string }): string {
  return asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked >= bounds.min && asked <= bounds.max
    ? asked
    : bounds.min;
}

/** The terms a plan sells: 1, 3 or 12 months, from its minimum. */
export function termsOf(minTermMonths: number): number[] {
  return PLAN_TERMS.filter((m) => m >= minTermMonths);
}

/** The term asked for when the plan sells it, else its shortest. */
export function termWithin(asked: string | null, minTermMonths: number): number {
  const terms = termsOf(minTermMonths);
  const n = Number(asked);
  return terms.includes(n) ? n : (terms[0] ?? 12);
}

/** A plan's lowest price (its "from" price, with the vehicle it is for); undefined when it prices nothing. */
export function lowestPrice<P extends { monthly_price: number }>(prices: readonly P[]): P | undefined {
  return prices.reduce<P | undefined>(
    (low, p) => (low === undefined || p.monthly_price < low.monthly_price ? p : low),
    undefined,
  );
}

/** The lowest monthly price of a plan (its "from" price); undefined when it prices nothing. */
export function lowestMonthly(prices: readonly { monthly_price: number }[]): number | undefined {
  return lowestPrice(prices)?.monthly_price;
}

/** A plate slot's saved-vehicle value when the driver types the plate instead. */
export const TYPED_PLATE = "other";
/** The second slot's value when the pass has one plate. */
export const NO_PLATE = "none";

/**
 * The pass's plates from the checkout's two slots: a saved vehicle's plate, or the plate typed;
 * an empty or unused slot gives none, and the same plate twice is given once.
 */
export function checkoutPlates(
  saved: readonly { id: number; plate_number: string }[],
  slots: readonly { vehicle: string; plate: string }[],
): string[] {
  const out: string[] = [];
  for (const s of slots) {
    const plate =
      s.vehicle === NO_PLATE
        ? ""
        : s.vehicle === TYPED_PLATE
          ? s.plate.trim()
          : (saved.find((v) => String(v.id) === s.vehicle)?.plate_number ?? "");
    if (plate && !out.includes(plate)) out.push(plate);
  }
  return out;
}
