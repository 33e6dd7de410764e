/** A vehicle document request as the API answers it: amounts in major units, times as ISO 8601. */
import type { Language } from "../../lib/language";
import { presentCoupon } from "../purchases/coupons.present";
import {
  VEHICLE_DOC_CANCELLABLE,
  VEHICLE_DOC_TRANSITIONS,
  paperStatus,
  type EngineBand,
  type VehicleDocInsurer,
  type VehicleDocQuote,
  type VehicleDocQuoteBody,
  type VehicleDocRequest,
  type VehicleDocStage,
  type VehicleDocType,
  type VehicleRenewalDetails,
  type VehicleUse,
} from "@parkwell/contract";
import { bpsToPercent, toMajor } from "../../lib/money";
import type { PurchaseCoupon } from "../purchases/coupons.service";
import { feesByKind, type PricedRequest } from "./vehicle-docs.domain";
import type * as repo from "./vehicle-docs.repo";
import type {
  EventRow,
  ExpiryRow,
  InsurerRow,
  PickupParkRow,
  RequestItemRow,
  RequestRow,
} from "./vehicle-docs.repo";

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
    discount: money(r.discountMinor),
    coupon_code: r.couponCode,
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

export function presentDetails(
  found: NonNullable<Awaited<ReturnType<typeof repo.ownVehicle>>>,
  expiries: repo.ExpiryRow[],
  today: string,
): VehicleRenewalDetails {
  const v = found.vehicle;
  return {
    vehicle_id: v.id,
    plate_number: v.plateNumber,
    make: v.make,
    model: v.model,
    color: v.color,
    year: v.year,
    engine_cc: v.engineCc,
    vin: v.vin,
    state_code: found.stateCode,
    state_name: found.stateName,
    vehicle_use: (v.vehicleUse as VehicleUse | null) ?? null,
    expiries: expiries.map((e) => ({
      document_type: e.documentType as VehicleDocType,
      expires_on: e.expiresOn,
      source: e.source === "driver" ? ("driver" as const) : ("request" as const),
      ...paperStatus(e.expiresOn, today),
    })),
  };
}

/** Everything a quote or a request needs, read and priced from the tables (vehicle-docs-purchase's resolve). */
export interface Resolved {
  countryId: number;
  currency: string;
  decimals: number;
  taxName: string;
  taxBps: number;
  state: { id: number; code: string; name: string };
  vehicle: { id: number; plate: string } | null;
  use: VehicleUse | null;
  band: EngineBand | null;
  delivery: { addressId: number; text: string } | { parkId: number };
  insurance: {
    insurerId: number;
    insurerName: string;
    valueMinor: number;
    rateBps: number;
    minimumMinor: number;
    premiumMinor: number;
  } | null;
  /** The coupon code the request was priced with: applied, or why not. */
  coupon: PurchaseCoupon | null;
  priced: PricedRequest;
}

export function presentQuote(
  type: VehicleDocQuoteBody["type"],
  r: Resolved,
  language: Language,
): VehicleDocQuote {
  const money = (minor: number) => toMajor(minor, r.decimals);
  return {
    type,
    state_code: r.state.code,
    state_name: r.state.name,
    vehicle_use: r.use,
    engine_band: r.band,
    currency: r.currency,
    lines: r.priced.lines.map((l) => ({ document_type: l.documentType, fee: money(l.feeMinor) })),
    ...feeTotals(r.priced.lines, money),
    service_charge: money(r.priced.serviceChargeMinor),
    discount: money(r.priced.discountMinor),
    coupon: presentCoupon(r.coupon, money, language),
    delivery_charge: money(r.priced.deliveryChargeMinor),
    tax: money(r.priced.taxMinor),
    tax_name: r.taxName,
    total: money(r.priced.totalMinor),
    insurance: r.insurance && {
      insurer_id: r.insurance.insurerId,
      insurer_name: r.insurance.insurerName,
      vehicle_value: money(r.insurance.valueMinor),
      rate: bpsToPercent(r.insurance.rateBps),
      minimum_premium: money(r.insurance.minimumMinor),
      premium: money(r.insurance.premiumMinor),
    },
  };
}

/** An insurer as drivers and staff read it, in its country's currency. */
export function presentInsurer(
  i: InsurerRow,
  country: { currency: string; currencyDecimals: number },
): VehicleDocInsurer {
  return {
    id: i.id,
    name: i.name,
    rate: bpsToPercent(i.rateBps),
    minimum_premium: toMajor(i.minimumPremiumMinor, country.currencyDecimals),
    active: i.active,
    currency: country.currency,
    updated_at: i.updatedAt.toISOString(),
  };
}
