/** The monthly plans drivers find and buy from (docs/PRODUCT-RULES.md#monthly-passes). */
import {
  clockOfMinutes,
  type PlanListQuery,
  type PlanList,
  type PlanWindow,
  type PublicPlan,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { toMinor } from "../../lib/money";
import { listPage } from "../../lib/pagination";
import { normalizeSearchText } from "../../lib/search-text";
import { resolveCountry } from "../parks/parks.service";
import { servedCountries } from "../reference/served-countries";
import * as repo from "./plans.repo";
import { presentPlan } from "./passes.present";

export const planNotFound = () => AppError.notFound("Plan not found", "plan_not_found");

export interface PlanHours {
  windows: PlanWindow[];
  prices: { vehicle_type_id: number; vehicle_type: string; monthly_minor: number; currency: string }[];
}

/** One plan's weekly windows (its windows alone, not its prices), as a company's policy reads a pass's hours. */
export async function planWindows(db: Tx, planId: number): Promise<PlanWindow[]> {
  return (await repo.windowsOf(db, [planId])).map(windowOf);
}

/** A window row as the API writes it. */
const windowOf = (w: repo.PlanWindowRow): PlanWindow => ({
  weekday: Number(w.weekday),
  start: clockOfMinutes(Number(w.start_minute)),
  end: clockOfMinutes(Number(w.end_minute)),
});

/** Each plan's windows (as the API writes them) and monthly prices in minor units, by plan id. */
export async function hoursAndPrices(db: Tx, planIds: number[]): Promise<Map<number, PlanHours>> {
  const { windows, prices } = await repo.hoursAndPrices(db, planIds);
  return new Map(
    planIds.map((id) => [
      id,
      {
        windows: windows.filter((w) => Number(w.plan_id) === id).map(windowOf),
        prices: prices
          .filter((p) => Number(p.plan_id) === id)
          .map((p) => ({
            vehicle_type_id: Number(p.vehicle_type_id),
            vehicle_type: p.vehicle_type,
            monthly_minor: Number(p.monthly_minor),
            currency: p.currency.trim(),
          })),
      },
    ]),
  );
}

async function plansAsRead(db: Db, rows: repo.PlanRow[]): Promise<PublicPlan[]> {
  const hours = await hoursAndPrices(
    db,
    rows.map((r) => r.id),
  );
  const served = servedCountries(db);
  const out: PublicPlan[] = [];
  for (const r of rows) {
    const country = (await served.byId(Number(r.country_id)))!;
    out.push(presentPlan(r, hours.get(r.id)!, country));
  }
  return out;
}

export async function list(db: Db, q: PlanListQuery): Promise<PlanList> {
  // An unknown country is the parks list's 422, not an empty page.
  const country = q.country ? await resolveCountry(servedCountries(db), q.country) : undefined;
  if (q.max_price !== undefined && !country) {
    throw AppError.validation({ max_price: "Choose a country to filter by price" });
  }
  const words = normalizeSearchText(q.search ?? "")
    .split(" ")
    .filter(Boolean)
    .slice(0, 8);
  const rows = await repo.listPlans(db, {
    countryId: country?.id,
    parkId: q.park_id,
    words,
    geo: q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : undefined,
    vehicleTypeId: q.vehicle_type_id,
    maxPriceMinor: q.max_price !== undefined && country ? toMinor(q.max_price, country.decimals) : undefined,
    hours: q.hours,
    page: q.page,
    size: q.size,
  });
  return listPage(await plansAsRead(db, rows), Number(rows[0]?.total ?? 0), q);
}

/** A plan on sale at an active park; a draft, closed or unknown plan is 404. */
export async function get(db: Db, id: number): Promise<PublicPlan> {
  const [row] = await repo.listPlans(db, { planId: id, words: [], page: 1, size: 1 });
  if (!row) throw planNotFound();
  return (await plansAsRead(db, [row]))[0]!;
}
