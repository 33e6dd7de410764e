/** A drive-up sale as the gate shows it (PosSale), amounts in major units. Pure: the row is read by pos.repo.ts. */
import type { PosSale } from "@parkwell/contract";
import { toMajor } from "../../../lib/money";
import { canVoid, stayPrice } from "./gate.domain";
import type { SaleRow } from "./pos.repo";

/** The sale's rate as stayPrice reads it (none when the park had no rate for the vehicle type). */
export const rateOf = (s: SaleRow) =>
  s.hourlyMinor != null && s.dailyMaxMinor != null
    ? { hourlyMinor: s.hourlyMinor, dailyMaxMinor: s.dailyMaxMinor }
    : null;

/** `decimals`: the currency decimals of the sale's park's country (pos.service's saleDecimals). */
export function presentSale(s: SaleRow, now: Date, decimals: number): PosSale {
  const amountMinor =
    s.status === "closed"
      ? s.amountMinor
      : s.status === "parked"
        ? stayPrice(s.startTime, now, rateOf(s))
        : null;
  return {
    id: s.id,
    sale_code: s.saleCode,
    status: s.status,
    park: { id: s.parkId, name: s.parkName, time_zone: s.timeZone },
    vehicle_type_id: s.vehicleTypeId,
    vehicle_type: s.vehicleType,
    plate_number: s.plateNumber,
    start_time: s.startTime.toISOString(),
    end_time: s.endTime.toISOString(),
    currency: s.currency,
    amount: amountMinor === null ? null : toMajor(amountMinor, decimals),
    payment_method: s.paymentMethod,
    created_at: s.createdAt.toISOString(),
    closed_at: s.closedAt?.toISOString() ?? null,
    can_void: canVoid(s, now),
  };
}
