/**
 * The back office's busy-time rules of a park (docs/PRODUCT-RULES.md#busy-time-prices, decision
 * 059): list, add, edit, delete, with the permissions of the park's rates (parks.view reads,
 * parks.update writes) and in the caller's scope (another operator's park is the same 404 as none).
 * Each change is one transaction under the park's row lock, with its audit entry. A booking keeps
 * the rule it was priced with in its own breakdown, so a rule is deleted outright, and a quote
 * already given keeps its price until its token expires.
 */
import {
  minutesOfTime,
  RATE_RULES_PER_PARK_MAX,
  type AdminRateRuleParsed,
  type AdminRateRules,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import { decimalsRefusal, toMinor } from "../../../lib/money";
import { servedCountries, type CountryFacts } from "../../reference/served-countries";
import * as rules from "../../parks/rate-rules.service";
import { presentRateRule } from "./rate-rules.present";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { parkInScopeOr404 } from "./admin-parks.service";
import type { ParkRow } from "./admin-parks.repo";

const ruleNotFound = () => AppError.notFound("Busy-time rule not found", "rate_rule_not_found");
/** RATE_RULES_PER_PARK_MAX in words. */
const TOO_MANY = "A park has at most 20 busy-time rules";

/** What the audit log keeps of a rule (minor units and minutes, as stored). */
const auditView = (r: rules.RateRuleRow) => ({
  id: r.id,
  name: r.name,
  adjustment_bps: r.adjustmentBps,
  days: r.days,
  from_minute: r.fromMinute,
  to_minute: r.toMinute,
  dates: r.dates,
  occupancy_above_percent: r.occupancyAbovePercent,
  floor_minor: r.floorMinor,
  ceiling_minor: r.ceilingMinor,
  active: r.active,
});

async function view(db: Db, tx: Tx, park: ParkRow): Promise<AdminRateRules> {
  const country = (await servedCountries(db).facts({ id: park.countryId }, tx))!;
  return {
    park_id: park.id,
    currency: country.currency,
    decimals: country.decimals,
    time_zone: park.timeZone,
    items: (await rules.listRules(tx, park.id)).map((r) => presentRateRule(r, country.decimals)),
  };
}

export async function list(db: Db, access: StaffAccess, parkId: number): Promise<AdminRateRules> {
  return view(db, db, await parkInScopeOr404(db, access, parkId));
}

/** The body as stored: minutes, basis points, minor units (a floor or ceiling with too many decimals is the field's 422). */
function valuesOf(body: AdminRateRuleParsed, country: CountryFacts): rules.RateRuleValues {
  const fields: Record<string, string> = {};
  const minor = (field: "floor" | "ceiling") => {
    const amount = body[field];
    if (amount == null) return null;
    const wrong = decimalsRefusal(amount, country.currency, country.decimals);
    if (wrong) fields[field] = wrong;
    return toMinor(amount, country.decimals);
  };
  const values = {
    name: body.name,
    adjustmentBps: body.adjustment_percent * 100,
    days: body.days?.length ? [...new Set(body.days)].sort() : null,
    fromMinute: body.from_time == null ? null : minutesOfTime(body.from_time),
    toMinute: body.to_time == null ? null : minutesOfTime(body.to_time),
    dates: body.dates?.length ? [...new Set(body.dates)].sort() : null,
    occupancyAbovePercent: body.occupancy_above_percent ?? null,
    floorMinor: minor("floor"),
    ceilingMinor: minor("ceiling"),
    active: body.active,
  };
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
  return values;
}

export async function add(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  parkId: number,
  body: AdminRateRuleParsed,
): Promise<AdminRateRules> {
  return db.transaction(async (tx) => {
    const park = await parkInScopeOr404(tx, access, parkId, true);
    const country = (await servedCountries(db).facts({ id: park.countryId }, tx))!;
    const values = valuesOf(body, country);
    if ((await rules.listRules(tx, parkId)).length >= RATE_RULES_PER_PARK_MAX) {
      throw new AppError(422, "validation_error", TOO_MANY, { name: TOO_MANY });
    }
    const added = await rules.insertRule(tx, parkId, values);
    await recordAudit(tx, actor, {
      action: "park.rate_rule.add",
      entity: "park",
      entityId: parkId,
      operatorId: park.operatorId,
      after: { rate_rule: auditView(added) },
    });
    return view(db, tx, park);
  });
}

export async function update(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  parkId: number,
  ruleId: number,
  body: AdminRateRuleParsed,
  now: Date,
): Promise<AdminRateRules> {
  return db.transaction(async (tx) => {
    const park = await parkInScopeOr404(tx, access, parkId, true);
    const before = await rules.findRule(tx, parkId, ruleId);
    if (!before) throw ruleNotFound();
    const country = (await servedCountries(db).facts({ id: park.countryId }, tx))!;
    const after = await rules.updateRule(tx, ruleId, valuesOf(body, country), now);
    await recordAudit(tx, actor, {
      action: "park.rate_rule.update",
      entity: "park",
      entityId: parkId,
      operatorId: park.operatorId,
      before: { rate_rule: auditView(before) },
      after: { rate_rule: auditView(after) },
    });
    return view(db, tx, park);
  });
}

export async function remove(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  parkId: number,
  ruleId: number,
): Promise<AdminRateRules> {
  return db.transaction(async (tx) => {
    const park = await parkInScopeOr404(tx, access, parkId, true);
    const before = await rules.findRule(tx, parkId, ruleId);
    if (!before) throw ruleNotFound();
    await rules.deleteRule(tx, ruleId);
    await recordAudit(tx, actor, {
      action: "park.rate_rule.delete",
      entity: "park",
      entityId: parkId,
      operatorId: park.operatorId,
      before: { rate_rule: auditView(before) },
    });
    return view(db, tx, park);
  });
}
