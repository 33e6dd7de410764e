/** A vehicle document request as the API answers it: amounts in major units, times as ISO 8601. */
import {
  VEHICLE_DOC_CANCELLABLE,
  VEHICLE_DOC_TRANSITIONS,
  type VehicleDocRequest,
  type VehicleDocStage,
  type VehicleDocType,
} from "@parkwell/contract";
import { bpsToPercent, toMajor } from "../../lib/money";
import { feesByKind } from "./vehicle-docs.domain";
import type { EventRow, ExpiryRow, PickupParkRow, RequestItemRow, RequestRow } from "./vehicle-docs.repo";

/** A request's or quote's government fees and insurance premiums, apart (feesByKind). */
export function feeTotals(
  lines: readonly { documentType: string; feeMinor: number }[],
  money: (minor: number) => number,
): { fees_total: number; premiums_total: number } {
  const { governmentMinor, premiumsMinor } = feesByKind(
    lines.map((l) => ({ documentType: l.documentType as VehicleDocType, feeMinor: l.feeMinor })),
  );
  return { fees_total: money(governmentMinor), premiums_total: money(premiumsMinor) };
}

/** The pickup park as the driver and staff read it: open 24 hours when it has no hours. */
export function presentPickupPark(p: PickupParkRow) {
  const open24h = p.open24h || !p.openingHours;
  return {
    id: p.id,
    name: p.name,
    address: p.address,
    city: p.city,
    time_zone: p.timeZone,
    open_24h: open24h,
    opening_hours: open24h ? null : p.openingHours,
  };
}

export function presentSummary(
  r: RequestRow,
  items: RequestItemRow[],
  stateCode: string,
  decimals: number,
  pickupPark: PickupParkRow | null,
): Omit<VehicleDocRequest, "timeline" | "expiries"> {
  const money = (minor: number) => toMajor(minor, decimals);
  const stage = r.stage as VehicleDocStage;
  return {
    code: r.code,
    type: r.type as VehicleDocRequest["type"],
    stage,
    vehicle_id: r.vehicleId,
    plate_number: r.plateNumber,
    state_code: stateCode,
    delivery: {
      kind: r.pickupParkId !== null ? "pickup" : "delivery",
      address_id: r.addressId,
      address: r.addressText,
      park_id: r.pickupParkId,
    },
    pickup_park: pickupPark ? presentPickupPark(pickupPark) : null,
    currency: r.currency.trim(),
    lines: items.map((i) => ({ document_type: i.documentType as VehicleDocType, fee: money(i.feeMinor) })),
    ...feeTotals(items, money),
    service_charge: money(r.serviceChargeMinor),
    delivery_charge: money(r.deliveryChargeMinor),
    tax: money(r.taxMinor),
    total: money(r.totalMinor),
    refunded: money(r.refundedMinor),
    insurance:
      r.insurerName !== null &&
      r.insuredValueMinor !== null &&
      r.insuranceRateBps !== null &&
      r.insuranceMinimumMinor !== null
        ? {
            insurer_id: r.insurerId,
            insurer_name: r.insurerName,
            vehicle_value: money(r.insuredValueMinor),
            rate: bpsToPercent(r.insuranceRateBps),
            minimum_premium: money(r.insuranceMinimumMinor),
            premium: money(items.find((i) => i.documentType === "comprehensive_insurance")?.feeMinor ?? 0),
          }
        : null,
    question: r.question,
    answer: r.answer,
    can_cancel: VEHICLE_DOC_CANCELLABLE.includes(stage),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
    completed_at: r.completedAt?.toISOString() ?? null,
  };
}

export function presentRequest(
  r: RequestRow,
  detail: {
    items: RequestItemRow[];
    events: EventRow[];
    expiries: ExpiryRow[];
    stateCode: string;
    pickupPark: PickupParkRow | null;
  },
  decimals: number,
): VehicleDocRequest {
  return {
    ...presentSummary(r, detail.items, detail.stateCode, decimals, detail.pickupPark),
    timeline: detail.events.map((e) => ({
      stage: e.stage as VehicleDocStage,
      at: e.at.toISOString(),
      by: e.actorRole === "driver" ? "driver" : "staff",
      note: e.note,
    })),
    expiries: detail.expiries.map((e) => ({
      document_type: e.documentType as VehicleDocType,
      expires_on: e.expiresOn,
    })),
  };
}

/** The stages staff may move a request to from where it is. */
export function nextStages(r: RequestRow): VehicleDocStage[] {
  const delivery = r.pickupParkId !== null ? "pickup" : "delivery";
  return VEHICLE_DOC_TRANSITIONS.filter(
    (t) =>
      t.from === r.stage && t.by.includes("staff") && (t.delivery === undefined || t.delivery === delivery),
  ).map((t) => t.to);
}
