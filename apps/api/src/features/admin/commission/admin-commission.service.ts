/**
 * The back office's commission (issue #65, decision 056; docs/PRODUCT-RULES.md "Operators' money"):
 * Parkwell's rates per operator and per country as rows, effective from an instant and never
 * changed (a change is a new row, so a sale keeps the rate it was made at); the rate in force read
 * by the one rule every sale uses (commissionRateAt); an operator's statement period, changed from
 * the next period. Parkwell's terms: an operator's staff see their own operator's and change none.
 */
import {
  COMMISSION_PRODUCTS,
  DEFAULT_COMMISSION_BPS,
  RATE_IN_PAST_TEXT,
  type CommissionCurrent,
  type CommissionDefaultBody,
  type CommissionDefaults,
  type CommissionOperators,
  type CommissionProduct,
  type CommissionRateBody,
  type CommissionRateRow,
  type OperatorCommission,
  type SettlementPeriod,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { COMMISSION_IS_PARKWELLS, COMMISSION_RATE_EXISTS } from "../../../lib/messages/commission";
import type { ServedCountries } from "../../reference/served-countries";
import { commissionRateAt } from "../../settlements/operator-ledger.service";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { choosePeriod, effectiveInstant, type PeriodSetting } from "./admin-commission.domain";
import * as repo from "./admin-commission.repo";

export interface CommissionDeps {
  db: Db;
  clock: Clock;
  countries: ServedCountries;
}

const operatorNotFound = () => AppError.notFound("Operator not found", "operator_not_found");
const iso = (v: string | Date) => new Date(v).toISOString();

/** An operator in the staff member's scope: every one for Parkwell's staff, its own for an operator's. */
async function operatorInScope(tx: Tx, staff: StaffAccess, id: number, lock = false) {
  if (staff.operator !== null && staff.operator.id !== id) throw operatorNotFound();
  const op = await repo.findOperator(tx, id, lock);
  if (!op) throw operatorNotFound();
  return op;
}

/** Changes are Parkwell's: an operator's staff never set their own terms, whatever their role holds. */
function requireParkwell(staff: StaffAccess): void {
  if (staff.operator !== null) throw new AppError(403, "forbidden", COMMISSION_IS_PARKWELLS);
}

const settingOf = (op: repo.OperatorRow): PeriodSetting => ({
  current: op.settlement_period,
  next: op.settlement_period_next,
  from: op.settlement_period_from === null ? null : new Date(op.settlement_period_from),
});

function rowOut(r: repo.RateRow, now: Date): CommissionRateRow {
  return {
    id: Number(r.id),
    scope: r.operator_id === null ? "country" : "operator",
    product: r.product,
    rate_bps: Number(r.rate_bps),
    effective_from: iso(r.effective_from),
    upcoming: new Date(r.effective_from).getTime() > now.getTime(),
    created_at: iso(r.created_at),
    created_by: r.created_by && r.created_by_name ? { id: r.created_by, name: r.created_by_name } : null,
  };
}

/** The rate in force at `at` for each product, by the one rule of a sale's commission. */
async function currentRates(
  tx: Tx,
  q: { operatorId: number; countryId: number | null },
  at: Date,
): Promise<CommissionCurrent[]> {
  const out: CommissionCurrent[] = [];
  for (const product of COMMISSION_PRODUCTS) {
    const found = await commissionRateAt(tx, { ...q, product, at });
    out.push(
      found
        ? {
            product,
            rate_bps: found.rate_bps,
            source: found.own ? "operator" : "country",
            product_specific: found.product !== null,
            effective_from: found.effective_from,
          }
        : {
            product,
            rate_bps: DEFAULT_COMMISSION_BPS,
            source: "default",
            product_specific: false,
            effective_from: null,
          },
    );
  }
  return out;
}

export async function listOperators(deps: CommissionDeps, staff: StaffAccess): Promise<CommissionOperators> {
  const rows = await repo.listOperators(deps.db, staff.operator?.id ?? null);
  const items = [];
  for (const r of rows) {
    const country = r.country_id === null ? undefined : await deps.countries.byId(r.country_id);
    items.push({ id: Number(r.id), name: r.name, country_code: country?.code ?? null });
  }
  return { items };
}

export async function operatorCommission(
  deps: CommissionDeps,
  staff: StaffAccess,
  id: number,
  via?: Tx,
): Promise<OperatorCommission> {
  const tx = via ?? deps.db;
  const now = deps.clock();
  const op = await operatorInScope(tx, staff, id);
  const country = op.country_id === null ? undefined : await deps.countries.byId(op.country_id, via);
  const setting = settingOf(op);
  const [current, history] = [
    await currentRates(tx, { operatorId: op.id, countryId: op.country_id }, now),
    await repo.rateHistory(tx, {
      operatorId: op.id,
      countryIds: op.country_id === null ? [] : [op.country_id],
    }),
  ];
  return {
    operator: {
      id: Number(op.id),
      name: op.name,
      country_code: country?.code ?? null,
      time_zone: country?.timezone ?? "UTC",
      settlement_period: setting.current,
      next_settlement_period:
        setting.next !== null && setting.from !== null
          ? { period: setting.next, from: setting.from.toISOString() }
          : null,
    },
    current,
    history: history.map((r) => rowOut(r, now)),
  };
}

/** A rate's start from the body: on the zone's clock for a date, never before now. */
function startOf(body: { effective_from: string }, timeZone: string, now: Date): Date {
  const from = effectiveInstant(body.effective_from, timeZone);
  if (from.getTime() < now.getTime()) throw AppError.validation({ effective_from: RATE_IN_PAST_TEXT });
  return from;
}

const rateExists = () => new AppError(409, "commission_rate_exists", COMMISSION_RATE_EXISTS);

/**
 * A new rate row (an operator's or a country's default) and its audit entry, which names its owner
 * (`after`'s first fields), product, rate and start; 409 when that owner already has a rate for the
 * product from the same instant.
 */
async function insertRateAudited(
  tx: Tx,
  staff: StaffAccess,
  actor: AuditActor,
  rate: {
    owner: { operatorId: number; countryId: null } | { operatorId: null; countryId: number };
    product: CommissionProduct | null;
    rateBps: number;
    from: Date;
    now: Date;
    action: "commission_rate.create" | "commission_default.create";
    after: Record<string, unknown>;
  },
): Promise<void> {
  const { owner, product, rateBps, from, now } = rate;
  const rateId = await repo.insertRate(tx, {
    ...owner,
    product,
    rateBps,
    effectiveFrom: from,
    createdBy: staff.userId,
    createdAt: now,
  });
  if (rateId === 0) throw rateExists();
  await recordAudit(tx, actor, {
    action: rate.action,
    entity: "commission_rate",
    entityId: rateId,
    operatorId: owner.operatorId,
    after: { ...rate.after, product, rate_bps: rateBps, effective_from: from.toISOString() },
  });
}

/** A new rate of the operator's, from `effective_from`: a new row and its audit entry. */
export async function addOperatorRate(
  deps: CommissionDeps,
  staff: StaffAccess,
  actor: AuditActor,
  id: number,
  body: CommissionRateBody,
): Promise<OperatorCommission> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const op = await operatorInScope(tx, staff, id, true);
    requireParkwell(staff);
    const country = op.country_id === null ? undefined : await deps.countries.byId(op.country_id, tx);
    const from = startOf(body, country?.timezone ?? "UTC", now);
    const product: CommissionProduct | null = body.product ?? null;
    await insertRateAudited(tx, staff, actor, {
      owner: { operatorId: op.id, countryId: null },
      product,
      rateBps: body.rate_bps,
      from,
      now,
      action: "commission_rate.create",
      after: { operator_id: op.id },
    });
  });
  return operatorCommission(deps, staff, id);
}

/** Each served country's defaults; an operator's staff see their operator's country's only. */
export async function commissionDefaults(
  deps: CommissionDeps,
  staff: StaffAccess,
): Promise<CommissionDefaults> {
  const now = deps.clock();
  let served = await deps.countries.list();
  if (staff.operator !== null) {
    const own = await repo.findOperator(deps.db, staff.operator.id);
    served = served.filter((c) => c.id === own?.country_id);
  }
  const history = await repo.rateHistory(deps.db, { operatorId: null, countryIds: served.map((c) => c.id) });
  const items = [];
  for (const c of served) {
    // A country's defaults are what an operator there without rates of its own gets: operator 0 is none.
    const current = await currentRates(deps.db, { operatorId: 0, countryId: c.id }, now);
    items.push({
      country_code: c.code,
      country_name: c.name,
      time_zone: c.timezone,
      current,
      history: history.filter((r) => Number(r.country_id) === c.id).map((r) => rowOut(r, now)),
    });
  }
  return { items };
}

/** A new default of a served country's, from `effective_from` (a date on the country's clock). */
export async function addCountryDefault(
  deps: CommissionDeps,
  staff: StaffAccess,
  actor: AuditActor,
  body: CommissionDefaultBody,
): Promise<CommissionDefaults> {
  requireParkwell(staff);
  const now = deps.clock();
  const country = await deps.countries.byCode(body.country_code);
  if (!country || country.code !== body.country_code.trim()) {
    const codes = (await deps.countries.list()).map((c) => c.code).join(", ");
    throw AppError.validation({ country_code: `country_code must be one of ${codes}` });
  }
  const from = startOf(body, country.timezone, now);
  const product: CommissionProduct | null = body.product ?? null;
  await deps.db.transaction(async (tx) => {
    await insertRateAudited(tx, staff, actor, {
      owner: { operatorId: null, countryId: country.id },
      product,
      rateBps: body.rate_bps,
      from,
      now,
      action: "commission_default.create",
      after: { country_code: country.code },
    });
  });
  return commissionDefaults(deps, staff);
}

/** The operator's statement period from the next period on (the open one closes as it began). */
export async function setSettlementPeriod(
  deps: CommissionDeps,
  staff: StaffAccess,
  actor: AuditActor,
  id: number,
  period: SettlementPeriod,
): Promise<OperatorCommission> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const op = await operatorInScope(tx, staff, id, true);
    requireParkwell(staff);
    const country = op.country_id === null ? undefined : await deps.countries.byId(op.country_id, tx);
    const before = settingOf(op);
    const after = choosePeriod(before, period, now, country?.timezone ?? "UTC");
    await repo.setSettlementPeriod(tx, op.id, after);
    const view = (s: PeriodSetting) => ({
      settlement_period: s.current,
      settlement_period_next: s.next,
      settlement_period_from: s.from?.toISOString() ?? null,
    });
    await recordAudit(tx, actor, {
      action: "operator.settlement_period",
      entity: "operator",
      entityId: op.id,
      operatorId: op.id,
      before: view(before),
      after: view(after),
    });
  });
  return operatorCommission(deps, staff, id);
}
