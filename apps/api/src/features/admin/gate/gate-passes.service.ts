/**
 * Monthly passes at the gate (docs/PRODUCT-RULES.md "Monthly passes"): a car on a pass comes in
 * by the pass's code or QR, at its park, while the pass is valid and in its plan's hours, one car
 * of the pass at a time; at the exit its time outside the plan's hours is an overstay priced by
 * the park's rate as a booking's, charged to the wallet or owed at the gate.
 */
import { randomUUID } from "node:crypto";
import {
  passHoursRefusal,
  type ErrorDetails,
  type GateCheckinBody,
  type GateCodeBody,
  type PassCheckinResult,
  type PassCheckoutResult,
  type PlanWindow,
} from "@parkwell/contract";
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import type { Language } from "../../../lib/language";
import { toMajor } from "../../../lib/money";
import { standardRate } from "../../bookings/booking-core.service";
import { OVERSTAY, overstayReceiptBody } from "../../bookings/booking-receipts.service";
import { PASS_MOVES } from "../../passes/passes.service";
import { chargeMove } from "../../purchases/purchases.service";
import { hoursAndPrices } from "../../passes/plans.service";
import { PASS_GRACE_DAYS } from "../../passes/passes.domain";
import { servedCountries } from "../../reference/served-countries";
import { lockWalletBalance } from "../../wallet/ledger.service";
import { parkInScope, requireParkInScope, type StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { enteringPlate, passEnd, passSpanRefusal } from "./gate-passes.domain";
import { presentGatePass } from "./gate-passes.present";
import * as repo from "./gate-passes.repo";
import type { GatePassRead } from "./gate-passes.repo";
import { overstayOf, type GateRefusal } from "./gate.domain";
import { INVALID_QR, unknownBooking, type GateDeps } from "./gate.service";

export const NO_CAR_INSIDE = "This pass has no car inside";

function refuse(refusal: NonNullable<GateRefusal>, details?: ErrorDetails<"choose_plate">): never {
  throw new AppError(refusal.status, refusal.code, refusal.message, undefined, details);
}

const carInside = (plate: string) =>
  new AppError(409, "pass_car_inside", `${plate} is already inside on this pass`);

/** "This pass covers weekdays 07:00-19:00", said in the request's language (the hours in words too). */
const outsideHours = (windows: PlanWindow[], language: Language) =>
  new AppError(422, "pass_outside_hours", passHoursRefusal(windows, language));

async function windowsOf(db: Tx, planId: number): Promise<PlanWindow[]> {
  return (await hoursAndPrices(db, [planId])).get(planId)?.windows ?? [];
}

/**
 * The pass a code names, at the park chosen at the gate: a pass at a park outside the user's
 * scope is the same 404 as no booking (the guessing throttle counts it), a QR naming another park
 * is refused as forged, a pass of another of the user's parks is refused naming its park.
 */
async function gatePass(
  tx: Tx,
  access: StaffAccess,
  request: GateCodeBody,
  named: { code: string; park?: number },
): Promise<GatePassRead> {
  await requireParkInScope(tx, access, request.park_id);
  const p = await repo.findPassByCode(tx, named.code);
  if (!p || !parkInScope(access, p.parkId)) throw unknownBooking();
  if (named.park !== undefined && named.park !== p.parkId) {
    throw new AppError(422, "invalid_qr", INVALID_QR, { code: INVALID_QR });
  }
  if (p.parkId !== request.park_id) throw new AppError(409, "wrong_park", `This pass is for ${p.parkName}`);
  return p;
}

const visitOf = (id: string, plate: string, inAt: Date, outAt: Date | null) => ({
  id,
  plate,
  checked_in_at: inAt.toISOString(),
  checked_out_at: outAt?.toISOString() ?? null,
});

/**
 * A car on a pass comes in. In order: the pass (404, wrong park), valid now (ended, not started
 * yet; grace is valid), in its plan's hours, no car of it inside, then which car (the plate given
 * must be on the pass; one of two must be given). Records an open visit, audited.
 */
export async function checkIn(
  deps: GateDeps,
  access: StaffAccess,
  actor: AuditActor,
  request: GateCheckinBody,
  named: { code: string; park?: number },
  language: Language,
): Promise<PassCheckinResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const p = await gatePass(tx, access, request, named);
    const span = passSpanRefusal(p, now, p.timeZone, PASS_GRACE_DAYS);
    if (span) refuse(span);
    const windows = await windowsOf(tx, p.planId);
    if (!(await repo.inPlanHours(tx, p.planId, p.timeZone, now))) throw outsideHours(windows, language);
    if (p.insidePlate) throw carInside(p.insidePlate);
    const entering = enteringPlate(p.plates, request.plate);
    if ("refusal" in entering) refuse(entering.refusal, entering.plates && { plates: entering.plates });
    const visitId = randomUUID();
    const recorded = await repo.insertVisit(tx, {
      id: visitId,
      passId: p.id,
      parkId: p.parkId,
      plate: entering.plate,
      at: now,
      by: access.userId,
    });
    // Another car of the pass came in meanwhile (the open visits' unique index): the same 409.
    if (!recorded) {
      const other = await repo.findPassByCode(tx, p.passCode);
      throw carInside(other?.insidePlate ?? entering.plate);
    }
    await recordAudit(tx, actor, {
      action: "checkin.create",
      entity: "pass",
      entityId: p.id,
      operatorId: p.operatorId,
      before: { inside: null },
      after: {
        checked_in_at: now.toISOString(),
        pass_code: p.passCode,
        plate: entering.plate,
        visit_id: visitId,
      },
    });
    const after = { ...p, visitId, insidePlate: entering.plate, insideSince: now };
    return {
      message: "Checked in",
      pass: presentGatePass(after, windows),
      visit: visitOf(visitId, entering.plate, now, null),
    };
  });
}

/**
 * The car of a pass leaves (whatever the pass's state now: a car is never kept in). The minutes
 * of its visit outside the plan's hours, or outside the pass's valid span, are an overstay priced
 * by the park's rate for the pass's vehicle type as a booking's overstay, charged to the wallet
 * when its balance covers it (`pass:<id>:visit:<visit id>`), else owed at the gate.
 */
export async function checkOut(
  deps: GateDeps,
  access: StaffAccess,
  actor: AuditActor,
  request: GateCodeBody,
  named: { code: string; park?: number },
): Promise<PassCheckoutResult> {
  const now = deps.clock();
  const served = servedCountries(deps.db);
  return deps.db.transaction(async (tx) => {
    const p = await gatePass(tx, access, request, named);
    const visit = await repo.lockOpenVisit(tx, p.id);
    if (!visit) throw new AppError(409, "pass_no_car_inside", NO_CAR_INSIDE);
    const currency = p.currency.trim();
    const end = passEnd(p, PASS_GRACE_DAYS);
    const from = visit.checkedInAt > p.startsAt ? visit.checkedInAt : p.startsAt;
    const to = end && end < now ? end : now;
    const inside = await repo.msInPlanHours(tx, p.planId, p.timeZone, from, to);
    const rate = await standardRate(served, tx, p.parkId, p.vehicleTypeId);
    const over = overstayOf(now.getTime() - visit.checkedInAt.getTime() - inside, rate);
    if (over.amountMinor > 0 && rate!.currency !== currency) {
      throw new AppError(
        409,
        "currency_mismatch",
        `This pass was paid in ${currency} but the park now charges in ${rate!.currency}, so the overstay cannot be priced`,
      );
    }
    let chargedMinor = 0;
    // The visit row is locked first, then the wallet's: the balance read is the balance charged.
    if (over.amountMinor > 0 && (await lockWalletBalance(tx, p.userId, currency)) >= over.amountMinor) {
      await chargeMove(
        tx,
        { ...OVERSTAY, ...PASS_MOVES },
        {
          id: p.id,
          code: p.passCode,
          userId: p.userId,
          currency,
          decimals: (await served.byId(p.countryId, tx))!.currencyDecimals,
          countryId: p.countryId,
          parkId: p.parkId,
        },
        {
          move: `visit:${visit.id}`,
          amountMinor: over.amountMinor,
          description: `Overstay ${p.passCode}`,
          at: now,
          receiptBody: overstayReceiptBody({
            park: { name: p.parkName },
            amountMinor: over.amountMinor,
            from: visit.checkedInAt,
            to: now,
            detail: visit.plate,
          }),
        },
      );
      chargedMinor = over.amountMinor;
    }
    const owedMinor = over.amountMinor - chargedMinor;
    await repo.closeVisit(tx, visit.id, {
      at: now,
      by: access.userId,
      minutes: over.minutes,
      overstayMinor: over.amountMinor,
      owedMinor,
    });
    await recordAudit(tx, actor, {
      action: "checkout.create",
      entity: "pass",
      entityId: p.id,
      operatorId: p.operatorId,
      before: { inside: { plate: visit.plate, since: visit.checkedInAt.toISOString() } },
      after: {
        checked_out_at: now.toISOString(),
        pass_code: p.passCode,
        plate: visit.plate,
        visit_id: visit.id,
        overstay_minutes: over.minutes,
        overstay_minor: over.amountMinor,
        charged_minor: chargedMinor,
        owed_minor: owedMinor,
      },
    });
    const decimals = (await served.byId(p.countryId, tx))!.currencyDecimals;
    const windows = await windowsOf(tx, p.planId);
    return {
      message: owedMinor > 0 ? "Checked out: overstay owed at the gate" : "Checked out",
      pass: presentGatePass({ ...p, visitId: null, insidePlate: null, insideSince: null }, windows),
      visit: visitOf(visit.id, visit.plate, visit.checkedInAt, now),
      exit_time: now.toISOString(),
      overstay_minutes: over.minutes,
      overstay_amount: toMajor(over.amountMinor, decimals),
      charged: toMajor(chargedMinor, decimals),
      owed: toMajor(owedMinor, decimals),
      currency,
    };
  });
}
