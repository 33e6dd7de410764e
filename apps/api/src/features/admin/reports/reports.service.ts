/**
 * The back office's dashboard and reports (docs/PRODUCT-RULES.md "Back-office dashboard and
 * reports"): figures for the staff member's parks only (transactions and wallet balances are
 * Parkwell-wide and for admins); a park outside the scope is the same 404 as a missing one.
 */
import type {
  AdminDashboard,
  ChargerUse,
  ReportKind,
  ReportPage,
  ReportQuery,
  ReportRows,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { toMajor } from "../../../lib/money";
import type { ServedCountries } from "../../reference/served-countries";
import { requireParkInScope, type StaffAccess } from "../access.service";
import {
  changePercent,
  chargerUseCsv,
  csvFilename,
  csvHeader,
  csvRows,
  latestToday,
  monthlyRecurring,
  percentOf,
  resolveRange,
  statusProblem,
} from "./reports.domain";
import * as passesRepo from "./reports-passes.repo";
import * as payoutsRepo from "./reports-payouts.repo";
import * as repo from "./reports.repo";
import type { PageAt, ReportFilter } from "./reports.repo";
import { listPage, offsetOf } from "../../../lib/pagination";

export interface ReportDeps {
  db: Db;
  clock: Clock;
  countries: ServedCountries;
}

/** Rows per query of a CSV export: each batch is read, written, then let go. */
export const EXPORT_BATCH = 1000;

const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

/** Minor units (a string from the driver, or a number) to the currency's major units. */
function major(deps: ReportDeps, minor: unknown, currency: string): number {
  return toMajor(Number(minor ?? 0), deps.countries.decimalsOf(currency));
}

/** The filter a query names, checked: the range, the status, and a park in scope (else 404). */
async function filterOf(
  deps: ReportDeps,
  access: StaffAccess,
  kind: ReportKind | "dashboard",
  query: Pick<ReportQuery, "from" | "to" | "park_id" | "status">,
): Promise<ReportFilter> {
  const fields: Record<string, string> = {};
  let from = "";
  let to = "";
  if (kind !== "dashboard") {
    // Ledger entries are not a park's: the transactions report reads UTC's days.
    const zones =
      query.to !== undefined || kind === "transactions"
        ? []
        : await repo.scopeZones(deps.db, access.parkIds, query.park_id ?? null);
    const range = resolveRange(query.from, query.to, latestToday(deps.clock(), zones));
    if (range.ok) ({ from, to } = range);
    else Object.assign(fields, range.fields);
    const problem = statusProblem(kind, query.status);
    if (problem) fields.status = problem;
  }
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
  const parkId = query.park_id ?? null;
  if (parkId !== null) await requireParkInScope(deps.db, access, parkId);
  await deps.countries.load();
  return { from, to, parkIds: access.parkIds, parkId, status: query.status ?? null };
}

// ------------------------------------------------------------------------------- reports

interface ReportSpec<K extends ReportKind, Raw> {
  page: (db: Db, f: ReportFilter, at: PageAt) => Promise<Raw[]>;
  key: (raw: Raw) => string[];
  row: (deps: ReportDeps, raw: Raw) => ReportRows[K];
  /** The row count and the totals per currency. */
  summary: (deps: ReportDeps, f: ReportFilter) => Promise<{ total: number; totals: ReportPage<K>["totals"] }>;
  /** What the report's page carries beside its rows and totals (the bookings': their chargers). */
  extra?: (deps: ReportDeps, f: ReportFilter) => Promise<object>;
  /** The same, as its CSV export writes it after the rows (nothing when there is nothing to say). */
  csvExtra?: (deps: ReportDeps, f: ReportFilter) => Promise<string>;
}

/**
 * Per park, the range's bookings that held an EV charger, their charger-hours and the charging
 * sold with them (per hour) in the park's currency.
 */
async function chargerUses(deps: ReportDeps, f: ReportFilter): Promise<ChargerUse[]> {
  return (await repo.chargerUse(deps.db, f)).map((r) => ({
    park_id: Number(r.park_id),
    park: r.park,
    bookings: Number(r.bookings),
    charger_hours: Number(r.charger_hours),
    charging_revenue: major(deps, r.charging_minor, r.currency),
    currency: r.currency.trim(),
  }));
}

const sales: ReportSpec<"sales", repo.SalesRaw> = {
  page: repo.salesPage,
  key: repo.salesKey,
  row: (deps, r) => {
    const m = (v: unknown) => major(deps, v, r.currency);
    return {
      channel: r.channel,
      id: r.id,
      code: r.code,
      park_id: r.park_id === null ? null : Number(r.park_id),
      park: r.park,
      time_zone: r.time_zone,
      status: r.status,
      time: iso(r.at),
      currency: r.currency,
      parking: m(r.parking_minor),
      fees: m(r.fees_minor),
      discount: m(r.discount_minor),
      vat: m(r.vat_minor),
      operator_share: m(r.share_minor),
      commission: m(Number(r.parking_minor) - Number(r.share_minor)),
      busy_time: m(r.busy_time_minor),
      total: m(r.total_minor),
      refunds: m(r.refunds_minor),
      net: m(r.net_minor),
    };
  },
  summary: async (deps, f) => {
    const rows = await repo.salesTotals(deps.db, f);
    return {
      total: rows.reduce((n, r) => n + Number(r.n), 0),
      totals: rows.map((r) => ({
        currency: r.currency,
        count: Number(r.n),
        parking: major(deps, r.parking_minor, r.currency),
        fees: major(deps, r.fees_minor, r.currency),
        discount: major(deps, r.discount_minor, r.currency),
        vat: major(deps, r.vat_minor, r.currency),
        operator_share: major(deps, r.share_minor, r.currency),
        commission: major(deps, Number(r.parking_minor) - Number(r.share_minor), r.currency),
        busy_time: major(deps, r.busy_time_minor, r.currency),
        total: major(deps, r.total_minor, r.currency),
        refunds: major(deps, r.refunds_minor, r.currency),
        net: major(deps, r.net_minor, r.currency),
      })),
    };
  },
};

const bookings: ReportSpec<"bookings", repo.BookingsRaw> = {
  page: repo.bookingsPage,
  key: repo.bookingsKey,
  row: (deps, r) => ({
    id: r.id,
    code: r.code,
    park_id: Number(r.park_id),
    park: r.park,
    time_zone: r.time_zone,
    vehicle_type_id: Number(r.vehicle_type_id),
    vehicle_type: r.vehicle_type,
    plate_number: r.plate_number,
    start_time: iso(r.start_time),
    end_time: iso(r.end_time),
    status: r.status,
    checked_in_at: isoOrNull(r.checked_in_at),
    checked_out_at: isoOrNull(r.checked_out_at),
    currency: r.currency,
    total: major(deps, r.total_minor, r.currency),
    paid: major(deps, r.paid_minor, r.currency),
  }),
  summary: async (deps, f) => {
    const rows = await repo.bookingsTotals(deps.db, f);
    return {
      total: rows.reduce((n, r) => n + Number(r.n), 0),
      totals: rows.map((r) => ({
        currency: r.currency,
        count: Number(r.n),
        total: major(deps, r.total_minor, r.currency),
        paid: major(deps, r.paid_minor, r.currency),
      })),
    };
  },
  extra: async (deps, f) => ({ chargers: await chargerUses(deps, f) }),
  csvExtra: async (deps, f) => chargerUseCsv(await chargerUses(deps, f)),
};

const occupancy: ReportSpec<"occupancy", repo.OccupancyRaw> = {
  page: repo.occupancyPage,
  key: repo.occupancyKey,
  row: (_deps, r) => ({
    park_id: Number(r.park_id),
    park: r.park,
    time_zone: r.time_zone,
    hour: iso(r.hour),
    held: Number(r.held),
    capacity: Number(r.capacity),
    percent: percentOf(Number(r.held), Number(r.capacity)),
  }),
  summary: async (deps, f) => ({ total: await repo.occupancyCount(deps.db, f), totals: [] }),
};

const transactions: ReportSpec<"transactions", repo.TransactionsRaw> = {
  page: repo.transactionsPage,
  key: repo.transactionsKey,
  row: (deps, r) => ({
    entry_id: Number(r.entry_id),
    transaction_id: r.transaction_id,
    kind: r.kind,
    reference: r.reference,
    account: r.account,
    amount: major(deps, r.amount_minor, r.currency),
    currency: r.currency,
    time: iso(r.time),
  }),
  summary: async (deps, f) => {
    const rows = await repo.transactionsTotals(deps.db, f);
    return {
      total: rows.reduce((n, r) => n + Number(r.n), 0),
      totals: rows.map((r) => ({
        currency: r.currency,
        count: Number(r.n),
        credits: major(deps, r.credits_minor, r.currency),
      })),
    };
  },
};

const creditBalance: ReportSpec<"credit-balance", repo.CreditBalanceRaw> = {
  page: repo.creditBalancePage,
  key: repo.creditBalanceKey,
  row: (deps, r) => ({
    user_id: r.user_id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    email: r.email,
    currency: r.currency,
    balance: major(deps, r.balance_minor, r.currency),
  }),
  summary: async (deps) => {
    const rows = await repo.creditBalanceTotals(deps.db);
    return {
      total: rows.reduce((n, r) => n + Number(r.n), 0),
      totals: rows.map((r) => ({
        currency: r.currency,
        count: Number(r.n),
        balance: major(deps, r.balance_minor, r.currency),
      })),
    };
  },
};

/** What an admin's hold on an operator's payouts keeps from it: its balance (nothing when negative or not held). */
const heldOf = (r: payoutsRepo.PayoutsRaw): number =>
  r.held_reason === null ? 0 : Math.max(Number(r.balance_minor), 0);

const payouts: ReportSpec<"payouts", payoutsRepo.PayoutsRaw> = {
  page: payoutsRepo.payoutsPage,
  key: payoutsRepo.payoutsKey,
  row: (deps, r) => {
    const m = (v: unknown) => major(deps, v, r.currency);
    return {
      operator_id: Number(r.operator_id),
      operator: r.operator,
      country_code: r.country_code,
      time_zone: r.time_zone,
      currency: r.currency,
      balance: m(r.balance_minor),
      owed: m(r.owed_minor),
      paid: m(r.paid_minor),
      in_transit: m(r.in_transit_minor),
      held: m(heldOf(r)),
      held_reason: r.held_reason,
      failed: m(r.failed_minor),
    };
  },
  summary: async (deps, f) => {
    const rows = await payoutsRepo.payoutsAll(deps.db, f);
    const per = new Map<string, { n: number; sums: Record<string, number> }>();
    for (const r of rows) {
      const t = per.get(r.currency) ?? {
        n: 0,
        sums: { balance: 0, owed: 0, paid: 0, in_transit: 0, held: 0, failed: 0 },
      };
      t.n += 1;
      t.sums.balance! += Number(r.balance_minor);
      t.sums.owed! += Number(r.owed_minor);
      t.sums.paid! += Number(r.paid_minor);
      t.sums.in_transit! += Number(r.in_transit_minor);
      t.sums.held! += heldOf(r);
      t.sums.failed! += Number(r.failed_minor);
      per.set(r.currency, t);
    }
    return {
      total: rows.length,
      totals: [...per.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, t]) => ({
          currency,
          count: t.n,
          ...Object.fromEntries(Object.entries(t.sums).map(([k, v]) => [k, major(deps, v, currency)])),
        })),
    };
  },
};

const SPECS: { [K in ReportKind]: ReportSpec<K, never> } = {
  payouts: payouts as unknown as ReportSpec<"payouts", never>,
  sales: sales as unknown as ReportSpec<"sales", never>,
  bookings: bookings as unknown as ReportSpec<"bookings", never>,
  occupancy: occupancy as unknown as ReportSpec<"occupancy", never>,
  transactions: transactions as unknown as ReportSpec<"transactions", never>,
  "credit-balance": creditBalance as unknown as ReportSpec<"credit-balance", never>,
};

/** One page of a report, with the row count and the totals per currency of the whole range. */
export async function report<K extends ReportKind>(
  deps: ReportDeps,
  access: StaffAccess,
  kind: K,
  query: ReportQuery,
): Promise<ReportPage<K>> {
  const f = await filterOf(deps, access, kind, query);
  const spec = SPECS[kind] as unknown as ReportSpec<K, unknown>;
  const [raw, summary, extra] = await Promise.all([
    spec.page(deps.db, f, { offset: offsetOf(query), limit: query.size }),
    spec.summary(deps, f),
    spec.extra?.(deps, f),
  ]);
  return {
    ...listPage(
      raw.map((r) => spec.row(deps, r)),
      summary.total,
      query,
    ),
    from: f.from,
    to: f.to,
    totals: summary.totals,
    ...extra,
  } as ReportPage<K>;
}

/**
 * A report's whole range as CSV, checked first (a bad query is a 422 before anything is sent),
 * then read lazily: each pull of `chunks` runs one keyset query of EXPORT_BATCH rows (no
 * transaction held between them, so other requests, PGlite's single connection included, run in
 * between) and yields that batch's CSV text. The consumer pulls the next batch only when the
 * reply stream has drained, so memory holds one batch whatever the range's size.
 */
export async function exportCsv<K extends ReportKind>(
  deps: ReportDeps,
  access: StaffAccess,
  kind: K,
  query: ReportQuery,
  batch = EXPORT_BATCH,
): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const f = await filterOf(deps, access, kind, query);
  const spec = SPECS[kind] as unknown as ReportSpec<K, unknown>;
  async function* chunks(): AsyncGenerator<string> {
    // A byte order mark so that spreadsheets read the file as UTF-8 (names, "é").
    yield `\uFEFF${csvHeader(kind)}`;
    let after: string[] | null = null;
    for (;;) {
      const raw = await spec.page(deps.db, f, { after, limit: batch });
      if (raw.length === 0) break;
      yield csvRows(
        kind,
        raw.map((r) => spec.row(deps, r)),
      );
      if (raw.length < batch) break;
      after = spec.key(raw[raw.length - 1]!);
    }
    // The page's other sections, after the rows (the bookings' EV chargers), as the page shows them.
    const extra = await spec.csvExtra?.(deps, f);
    if (extra) yield extra;
  }
  return { filename: csvFilename(kind, f.from, f.to), chunks: chunks() };
}

// ------------------------------------------------------------------------------ dashboard

/** How many parks the dashboard's chart shows: the busiest ones (a park filter shows one). */
export const CHART_PARKS = 12;

function busiest(parks: AdminDashboard["parks"]): AdminDashboard["parks"] {
  const peak = (p: AdminDashboard["parks"][number]) =>
    percentOf(Math.max(0, ...p.hours.map((h) => h.held)), p.capacity);
  return parks
    .map((p) => ({ p, peak: peak(p) }))
    .sort((a, b) => b.peak - a.peak || a.p.park_id - b.p.park_id)
    .slice(0, CHART_PARKS)
    .map((x) => x.p);
}

export async function dashboard(
  deps: ReportDeps,
  access: StaffAccess,
  query: { park_id?: number | undefined },
): Promise<AdminDashboard> {
  const f = await filterOf(deps, access, "dashboard", query);
  const now = deps.clock();
  const [counts, held, hours, revenue, passesActive, recurring] = await Promise.all([
    repo.dayCounts(deps.db, f, now),
    repo.heldNow(deps.db, f, now),
    repo.nextHours(deps.db, f, now, CHART_PARKS),
    repo.weekRevenue(deps.db, f, now),
    passesRepo.activePasses(deps.db, f),
    passesRepo.renewingPasses(deps.db, f),
  ]);

  const parks = new Map<number, AdminDashboard["parks"][number]>();
  for (const h of hours) {
    const id = Number(h.park_id);
    let park = parks.get(id);
    if (!park) {
      park = { park_id: id, park: h.park, time_zone: h.time_zone, capacity: Number(h.capacity), hours: [] };
      parks.set(id, park);
    }
    park.hours.push({ hour: iso(h.hour), held: Number(h.held) });
  }

  const perCurrency = new Map<string, { thisWeek: number; lastWeek: number }>();
  const perPark: AdminDashboard["top_parks"] = [];
  for (const r of revenue) {
    const sum = perCurrency.get(r.currency) ?? { thisWeek: 0, lastWeek: 0 };
    sum.thisWeek += Number(r.this_week_minor);
    sum.lastWeek += Number(r.last_week_minor);
    perCurrency.set(r.currency, sum);
    if (Number(r.this_week_minor) > 0) {
      perPark.push({
        park_id: Number(r.park_id),
        park: r.park,
        currency: r.currency,
        revenue: major(deps, r.this_week_minor, r.currency),
      });
    }
  }
  // Parks of different currencies are never compared by amount: the top is per currency, then merged.
  const top = [...perPark]
    .sort((a, b) => a.currency.localeCompare(b.currency) || b.revenue - a.revenue || a.park_id - b.park_id)
    .filter((p, i, all) => all.slice(0, i).filter((q) => q.currency === p.currency).length < 5);

  return {
    now: now.toISOString(),
    bookings_today: Number(counts.bookings_today),
    arrivals_today: Number(counts.arrivals_today),
    arrivals_checked_in: Number(counts.arrivals_checked_in),
    occupancy_now: {
      held: Number(held.held),
      capacity: Number(held.capacity),
      percent: percentOf(Number(held.held), Number(held.capacity)),
    },
    parks_total: Number(held.parks),
    parks: busiest([...parks.values()]),
    revenue: [...perCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, s]) => ({
        currency,
        this_week: major(deps, s.thisWeek, currency),
        last_week: major(deps, s.lastWeek, currency),
        change_percent: changePercent(s.thisWeek, s.lastWeek),
      })),
    top_parks: top,
    passes_active: passesActive,
    monthly_recurring: monthlyRecurring(recurring).map((r) => ({
      currency: r.currency,
      amount: major(deps, r.minor, r.currency),
    })),
  };
}
