/**
 * Drive-up sales (docs/PRODUCT-RULES.md "The gate"): a car without a booking takes a space exactly
 * as a booking does, under the same capacity row lock as book_space, and pays by the park's rate at
 * the exit in cash or by card (never through a wallet). The operator collects it, so Parkwell's
 * commission on it is taken from the operator's account when it is paid (accrueDriveUp).
 */
import { randomBytes } from "node:crypto";
import {
  POS_FULL_MESSAGE,
  POS_PLATE_PARKED_MESSAGE,
  readSaleCode,
  windowVerdict,
  type GatePaymentMethod,
  type PosSale,
  type PosSaleStatus,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { parkInScope, parkNotFound, requireParkInScope, type StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { lockPark, windowRefused } from "../../bookings/booking-core.service";
import { clockOfPark } from "../../parks/parks.present";
import { canVoid, expectedEnd, saleCode, stayPrice } from "./gate.domain";
import { servedCountries } from "../../reference/served-countries";
import { accrueDriveUp } from "../../settlements/operator-ledger.service";
import { presentSale, rateOf } from "./pos.present";
import * as repo from "./pos.repo";
import type { SaleRow } from "./pos.repo";
import { listPage } from "../../../lib/pagination";

export interface PosDeps {
  db: Db;
  clock: Clock;
  /** Test-only, as in bookings: skip the capacity row lock to prove the race test can fail. */
  unsafeSkipCapacityLock?: boolean;
}

const saleNotFound = () => AppError.notFound("Sale not found", "sale_not_found");

/** The currency decimals of a sale's park's country (the served countries'). */
export async function saleDecimals(db: Db, s: SaleRow): Promise<number> {
  return (await servedCountries(db).byId(s.countryId))!.currencyDecimals;
}

const auditView = (s: {
  status: string;
  endTime: Date;
  amountMinor?: number | null;
  paymentMethod?: string | null;
}) => ({
  status: s.status,
  end_time: s.endTime.toISOString(),
  amount_minor: s.amountMinor ?? null,
  payment_method: s.paymentMethod ?? null,
});

/**
 * Records a drive-up: in one transaction, lock the park's capacity row for the vehicle type (the
 * lock book_space takes), check the park is open now for the expected stay, read the peak of
 * bookings and parked sales over [now, now + expected) in a later statement, and insert the sale
 * when a space is left (409 when none is).
 */
export async function sell(
  deps: PosDeps,
  access: StaffAccess,
  actor: AuditActor,
  body: { park_id: number; vehicle_type_id: number; plate_number: string; expected_minutes: number },
): Promise<PosSale> {
  if (!parkInScope(access, body.park_id)) throw parkNotFound();
  const now = deps.clock();
  const end = expectedEnd(now, body.expected_minutes);
  const code = saleCode(randomBytes(8));
  const sale = await deps.db.transaction(async (tx) => {
    const park = await lockPark(tx, deps, body.park_id, body.vehicle_type_id);
    const verdict = windowVerdict(now, end, now, clockOfPark(park));
    if (!verdict.bookable) throw windowRefused(verdict, "expected_minutes");
    // Under the capacity lock: the same car sent twice at once (a double tap) is parked once.
    const parked = await repo.parkedSaleOfPlate(tx, body.park_id, body.plate_number);
    if (parked) {
      const message = POS_PLATE_PARKED_MESSAGE.replace("{code}", parked);
      throw new AppError(409, "already_parked", message, { plate_number: message });
    }
    if ((await repo.peak(tx, body.park_id, body.vehicle_type_id, now, end)) >= park.capacity) {
      throw new AppError(409, "no_capacity", POS_FULL_MESSAGE);
    }
    const id = await repo.insertSale(tx, {
      saleCode: code,
      parkId: body.park_id,
      vehicleTypeId: body.vehicle_type_id,
      plateNumber: body.plate_number,
      startTime: now,
      endTime: end,
      status: "parked",
      currency: park.currency,
      createdBy: access.userId,
      createdAt: now,
    });
    const created = (await repo.findSale(tx, code))!;
    await recordAudit(tx, actor, {
      action: "pos_sale.create",
      entity: "pos_sale",
      entityId: id,
      operatorId: created.operatorId,
      after: {
        sale_code: code,
        park_id: body.park_id,
        vehicle_type_id: body.vehicle_type_id,
        plate_number: body.plate_number,
        ...auditView({ status: "parked", endTime: end }),
      },
    });
    return created;
  });
  return presentSale(sale, now, await saleDecimals(deps.db, sale));
}

/** The parked sale a code names, locked, in the user's scope (else the same 404 as no sale). */
async function lockedSale(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  access: StaffAccess,
  rawCode: string,
): Promise<SaleRow> {
  const code = readSaleCode(rawCode);
  const sale = code ? await repo.findSale(tx, code, true) : undefined;
  if (!sale || !parkInScope(access, sale.parkId)) throw saleNotFound();
  if (sale.status !== "parked") {
    throw new AppError(
      409,
      "sale_not_parked",
      sale.status === "void" ? "This sale was voided" : "This sale is already closed",
    );
  }
  return sale;
}

/** The car leaves: the stay [start, exit) priced by the park's rate, paid in cash or by card; the space is freed. */
export async function close(
  deps: PosDeps,
  access: StaffAccess,
  actor: AuditActor,
  rawCode: string,
  method: GatePaymentMethod,
): Promise<PosSale> {
  const now = deps.clock();
  const sale = await deps.db.transaction(async (tx) => {
    const s = await lockedSale(tx, access, rawCode);
    const set = {
      status: "closed" as const,
      endTime: now > s.startTime ? now : new Date(s.startTime.getTime() + 1),
      amountMinor: stayPrice(s.startTime, now, rateOf(s)),
      paymentMethod: method,
      closedBy: access.userId,
      closedAt: now,
    };
    await repo.updateSale(tx, s.id, set);
    // Paid to the operator at its gate: Parkwell's commission on it is the operator's to owe.
    await accrueDriveUp(tx, {
      id: s.id,
      code: s.saleCode,
      parkId: s.parkId,
      operatorId: s.operatorId,
      parkCountryId: s.countryId,
      currency: s.currency,
      amountMinor: set.amountMinor,
      paidAt: now,
    });
    await recordAudit(tx, actor, {
      action: "pos_sale.close",
      entity: "pos_sale",
      entityId: s.id,
      operatorId: s.operatorId,
      before: auditView(s),
      after: auditView(set),
    });
    return { ...s, ...set };
  });
  return presentSale(sale, now, await saleDecimals(deps.db, sale));
}

/** A sale entered by mistake, within POS_VOID_MINUTES of being recorded: it frees the space, nothing is paid. */
export async function voidSale(
  deps: PosDeps,
  access: StaffAccess,
  actor: AuditActor,
  rawCode: string,
): Promise<PosSale> {
  const now = deps.clock();
  const sale = await deps.db.transaction(async (tx) => {
    const s = await lockedSale(tx, access, rawCode);
    if (!canVoid(s, now)) {
      throw new AppError(
        422,
        "void_too_late",
        "A sale can only be voided within 10 minutes of being recorded: close it instead",
      );
    }
    const set = { status: "void" as const, closedBy: access.userId, closedAt: now };
    await repo.updateSale(tx, s.id, set);
    await recordAudit(tx, actor, {
      action: "pos_sale.void",
      entity: "pos_sale",
      entityId: s.id,
      operatorId: s.operatorId,
      before: auditView(s),
      after: auditView({ ...s, ...set }),
    });
    return { ...s, ...set };
  });
  return presentSale(sale, now, await saleDecimals(deps.db, sale));
}

export async function list(
  deps: PosDeps,
  access: StaffAccess,
  q: { park_id?: number | undefined; status?: PosSaleStatus | undefined; page: number; size: number },
) {
  if (q.park_id !== undefined) await requireParkInScope(deps.db, access, q.park_id);
  const now = deps.clock();
  const { rows, total } = await repo.listSales(
    deps.db,
    { parkIds: access.parkIds, parkId: q.park_id, status: q.status },
    q.page,
    q.size,
  );
  return listPage(
    await Promise.all(rows.map(async (s) => presentSale(s, now, await saleDecimals(deps.db, s)))),
    total,
    q,
  );
}
