/**
 * The gate (docs/PRODUCT-RULES.md "The gate"): check a booked car in and out by its code or its
 * signed QR, at the attendant's parks only, and today's arrivals, departures and parked drive-ups.
 */
import {
  BOOKING_NOT_FOUND_MESSAGE,
  readGateCode,
  type CheckinResult,
  type CheckoutResult,
  type GateCodeBody,
  type GateToday,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { toMajor } from "../../../lib/money";
import { parkInScope, requireParkInScope, type StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { assertSameCurrency, standardRate } from "../../bookings/booking-core.service";
import { verifyQr } from "../../bookings/qr";
import { BOOKING_MOVES, OVERSTAY, overstayReceiptBody } from "../../bookings/booking-receipts.service";
import { chargeMove } from "../../purchases/purchases.service";
import { lockWalletBalance } from "../../wallet/ledger.service";
import { checkinRefusal, checkoutRefusal, overstay, type GateRefusal } from "./gate.domain";
import * as repo from "./gate.repo";
import type { GateBookingRead, GateBookingRow } from "./gate.repo";
import { servedCountries, type ServedCountries } from "../../reference/served-countries";
import type { Tx } from "../../../db/tx";
import { presentGateBooking } from "./gate.present";
import { presentSale } from "./pos.present";
import { saleDecimals } from "./pos.service";
import { parkedSales } from "./pos.repo";
import { passesToday } from "./gate-passes.repo";
import { presentGatePass } from "./gate-passes.present";
import { hoursAndPrices } from "../../passes/plans.service";

export interface GateDeps {
  db: Db;
  clock: Clock;
  qrSecret: string;
}

export const INVALID_QR = "This QR code is not a valid Parkwell booking QR code";

/** An unknown code, or a booking at a park outside the user's: the same 404 (`counts` for the throttle). */
export const unknownBooking = () => AppError.notFound(BOOKING_NOT_FOUND_MESSAGE, "booking_not_found");

/** Whether a failure is one the code-guessing throttle counts: an unknown code or a forged QR. */
export const guessFailure = (err: unknown) =>
  err instanceof AppError && (err.code === "booking_not_found" || err.code === "invalid_qr");

/**
 * The code named by what was typed or scanned (a booking's `PW-…` or a monthly pass's `MP-…`); a
 * QR must carry a valid signature.
 */
export function gateCodeOf(deps: Pick<GateDeps, "qrSecret">, raw: string): { code: string; park?: number } {
  const read = readGateCode(raw);
  if (!read) throw unknownBooking();
  if (read.kind === "code") return { code: read.code };
  const claims = verifyQr(read.token, deps.qrSecret);
  if (!claims || claims.v !== 1 || typeof claims.code !== "string" || typeof claims.park !== "number") {
    throw new AppError(422, "invalid_qr", INVALID_QR, { code: INVALID_QR });
  }
  return { code: claims.code, park: claims.park };
}

function refuse(refusal: NonNullable<GateRefusal>): never {
  throw new AppError(refusal.status, refusal.code, refusal.message);
}

/**
 * Runs `change` on the booking a code names, locked for the transaction. The park chosen at the
 * gate is the user's (else the 404 of a park). A booking at a park outside the user's scope is
 * the same 404 as no booking; a QR whose park is not the booking's is refused as forged; a
 * booking for another of the user's parks is refused naming its park: the car is at the wrong
 * gate.
 */
async function withGateBooking<T>(
  deps: GateDeps,
  access: StaffAccess,
  request: GateCodeBody,
  change: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0], b: GateBookingRow) => Promise<T>,
): Promise<T> {
  const { code, park } = gateCodeOf(deps, request.code);
  return deps.db.transaction(async (tx) => {
    await requireParkInScope(tx, access, request.park_id);
    const read = await repo.findByCode(tx, code, true);
    if (!read || !parkInScope(access, read.parkId)) throw unknownBooking();
    const b = await withDecimals(servedCountries(deps.db), read, tx);
    if (park !== undefined && park !== b.parkId) {
      throw new AppError(422, "invalid_qr", INVALID_QR, { code: INVALID_QR });
    }
    if (b.parkId !== request.park_id) {
      throw new AppError(409, "wrong_park", `This booking is for ${b.parkName}`);
    }
    return change(tx, b);
  });
}

/** A booking read at the gate with its park's country's currency decimals; `via`: the transaction. */
async function withDecimals(served: ServedCountries, b: GateBookingRead, via?: Tx): Promise<GateBookingRow> {
  return { ...b, decimals: (await served.byId(b.countryId, via))!.currencyDecimals };
}

export async function checkIn(
  deps: GateDeps,
  access: StaffAccess,
  actor: AuditActor,
  request: GateCodeBody,
): Promise<CheckinResult> {
  const now = deps.clock();
  return withGateBooking(deps, access, request, async (tx, b) => {
    const refusal = checkinRefusal(b, now, b.timeZone);
    if (refusal) refuse(refusal);
    await repo.markCheckedIn(tx, b.id, now, access.userId);
    await recordAudit(tx, actor, {
      action: "checkin.create",
      entity: "booking",
      entityId: b.id,
      operatorId: b.operatorId,
      before: { checked_in_at: null },
      after: { checked_in_at: now.toISOString(), booking_code: b.bookingCode },
    });
    return { message: "Checked in", booking: presentGateBooking({ ...b, checkedInAt: now }) };
  });
}

/**
 * The car leaves. Past the window's end, the overstay is priced by the park's rate and charged to
 * the driver's wallet when its balance covers it (one ledger move, `booking:<id>:<n>`), else
 * recorded as owed at the gate. The booking is completed at the exit, early or late: its space is
 * free for the rest of its window (the capacity engine counts active bookings only), and it can no
 * longer be extended, renewed or given another vehicle.
 */
export async function checkOut(
  deps: GateDeps,
  access: StaffAccess,
  actor: AuditActor,
  request: GateCodeBody,
): Promise<CheckoutResult> {
  const now = deps.clock();
  return withGateBooking(deps, access, request, async (tx, b) => {
    const refusal = checkoutRefusal(b, b.timeZone);
    if (refusal) refuse(refusal);
    const rate = await standardRate(servedCountries(deps.db), tx, b.parkId, b.vehicleTypeId);
    const over = overstay(b.endTime, now, rate);
    // Priced by the park's rate: only in the booking's own currency (never another's minor units).
    if (over.amountMinor > 0) assertSameCurrency(b, rate!);
    let chargedMinor = 0;
    let moves = b.moves;
    // The wallet row is locked (after the booking: the lock order of every booking change), so
    // the balance read is the balance charged.
    if (over.amountMinor > 0 && (await lockWalletBalance(tx, b.userId, b.currency)) >= over.amountMinor) {
      moves += 1;
      await chargeMove(
        tx,
        { ...OVERSTAY, ...BOOKING_MOVES },
        {
          id: b.id,
          code: b.bookingCode,
          userId: b.userId,
          currency: b.currency,
          decimals: b.decimals,
          countryId: b.countryId,
          parkId: b.parkId,
        },
        {
          move: moves,
          amountMinor: over.amountMinor,
          description: `Overstay ${b.bookingCode}`,
          at: now,
          receiptBody: overstayReceiptBody({
            park: { name: b.parkName },
            amountMinor: over.amountMinor,
            from: b.endTime,
            to: now,
            detail: [b.plateNumber, b.vehicleType].filter(Boolean).join(" · ") || null,
          }),
        },
      );
      chargedMinor = over.amountMinor;
    }
    const owedMinor = over.amountMinor - chargedMinor;
    await repo.markCheckedOut(tx, b.id, {
      at: now,
      by: access.userId,
      overstayMinor: over.amountMinor,
      overstayOwedMinor: owedMinor,
      moves,
    });
    await recordAudit(tx, actor, {
      action: "checkout.create",
      entity: "booking",
      entityId: b.id,
      operatorId: b.operatorId,
      before: { checked_out_at: null, status: b.status },
      after: {
        checked_out_at: now.toISOString(),
        status: "completed",
        booking_code: b.bookingCode,
        overstay_minutes: over.minutes,
        overstay_minor: over.amountMinor,
        charged_minor: chargedMinor,
        owed_minor: owedMinor,
      },
    });
    const after: GateBookingRow = {
      ...b,
      checkedOutAt: now,
      overstayMinor: over.amountMinor,
      overstayOwedMinor: owedMinor,
      moves,
      status: "completed",
    };
    return {
      message: owedMinor > 0 ? "Checked out: overstay owed at the gate" : "Checked out",
      booking: presentGateBooking(after),
      exit_time: now.toISOString(),
      overstay_minutes: over.minutes,
      overstay_amount: toMajor(over.amountMinor, b.decimals),
      charged: toMajor(chargedMinor, b.decimals),
      owed: toMajor(owedMinor, b.decimals),
      currency: b.currency,
    };
  });
}

/** Today's arrivals and departures (on each park's clock) and the drive-ups parked now. */
export async function today(
  deps: GateDeps,
  access: StaffAccess,
  parkId: number | undefined,
): Promise<GateToday> {
  if (parkId !== undefined) await requireParkInScope(deps.db, access, parkId);
  const now = deps.clock();
  const [{ arrivals, departures }, parked, passes] = await Promise.all([
    repo.today(deps.db, access.parkIds, parkId, now),
    parkedSales(deps.db, access.parkIds, parkId, repo.TODAY_LIMIT),
    passesToday(deps.db, access.parkIds, parkId, now),
  ]);
  const hours = await hoursAndPrices(deps.db, [...new Set(passes.map((p) => p.planId))]);
  const served = servedCountries(deps.db);
  const shown = (rows: GateBookingRead[]) =>
    Promise.all(rows.map(async (r) => presentGateBooking(await withDecimals(served, r))));
  return {
    arrivals: await shown(arrivals),
    departures: await shown(departures),
    parked: await Promise.all(parked.map(async (s) => presentSale(s, now, await saleDecimals(deps.db, s)))),
    passes: passes.map((p) => presentGatePass(p, hours.get(p.planId)?.windows ?? [])),
  };
}
