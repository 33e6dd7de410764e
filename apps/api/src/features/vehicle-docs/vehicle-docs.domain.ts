/**
 * The pure rules of vehicle document renewal (docs/decisions/031-vehicle-documents.md): which
 * documents a request may hold, the fee a table row gives, the tax and total, and the receipt's
 * body. Amounts in integer minor units.
 */
import {
  COMMERCIAL_ONLY_DOC_TYPES,
  DRIVERS_LICENCE_TYPES,
  INSURANCE_DOC_TYPES,
  INSURANCE_EXCLUSIVE_MESSAGE,
  VEHICLE_PAPER_TYPES,
  bpsOf,
  taxBaseOf,
  taxOf,
  type EngineBand,
  type PriceParts,
  type VehicleDocRequestType,
  type VehicleDocType,
  type VehicleUse,
  type WeekHours,
} from "@parkwell/contract";
import type { ReceiptLineRecord } from "../../lib/receipt-records";
import type { ReceiptBody } from "../receipts/receipts.domain";

export const DOCS_FOR_PAPERS_MESSAGE = "A vehicle papers request renews the vehicle's papers only";
export const ONE_LICENCE_MESSAGE = "A driver's licence request renews one licence: 3 or 5 years";
export const COMMERCIAL_ONLY_MESSAGE = "A hackney permit is only for a vehicle in commercial use";
export const NO_FEE_MESSAGE = "{document} cannot be renewed in this state yet";

/** What a document is called in messages (English; the French in server.json's vehicle-docs). */
export const DOCUMENT_NAMES: Record<VehicleDocType, string> = {
  vehicle_licence: "Vehicle licence",
  roadworthiness: "Roadworthiness certificate",
  third_party_insurance: "Third-party motor insurance",
  comprehensive_insurance: "Comprehensive motor insurance",
  proof_of_ownership: "Proof of ownership",
  hackney_permit: "Hackney permit",
  drivers_licence_3y: "Driver's licence (3 years)",
  drivers_licence_5y: "Driver's licence (5 years)",
};

/** Why a request cannot hold these documents, or null when it can. */
export function documentsRefusal(
  type: VehicleDocRequestType,
  documents: readonly VehicleDocType[],
  use: VehicleUse | null,
): string | null {
  if (type === "drivers_licence") {
    return documents.length === 1 && DRIVERS_LICENCE_TYPES.includes(documents[0]!)
      ? null
      : ONE_LICENCE_MESSAGE;
  }
  if (documents.some((d) => !VEHICLE_PAPER_TYPES.includes(d))) return DOCS_FOR_PAPERS_MESSAGE;
  if (documents.filter((d) => INSURANCE_DOC_TYPES.includes(d)).length > 1) return INSURANCE_EXCLUSIVE_MESSAGE;
  if (use !== "commercial" && documents.some((d) => COMMERCIAL_ONLY_DOC_TYPES.includes(d))) {
    return COMMERCIAL_ONLY_MESSAGE;
  }
  return null;
}

export interface FeeRowView {
  documentType: string;
  vehicleUse: string;
  engineBand: string;
  feeMinor: number;
}

/**
 * The fee of a document from a state's rows: the row for the vehicle's use and band wins over one
 * for `any`, the use before the band. Undefined when the table has none.
 */
export function feeFor(
  rows: readonly FeeRowView[],
  document: VehicleDocType,
  use: VehicleUse | null,
  band: EngineBand | null,
): number | undefined {
  const score = (r: FeeRowView) =>
    (r.vehicleUse === use ? 2 : r.vehicleUse === "any" ? 0 : -10) +
    (r.engineBand === band ? 1 : r.engineBand === "any" ? 0 : -10);
  const best = rows
    .filter((r) => r.documentType === document && score(r) >= 0)
    .sort((a, b) => score(b) - score(a))[0];
  return best?.feeMinor;
}

/**
 * An insurer's comprehensive premium: its rate on the declared value (half up), never below its
 * minimum premium. Minor units.
 */
export function premiumOf(valueMinor: number, rateBps: number, minimumMinor: number): number {
  return Math.max(bpsOf(valueMinor, rateBps), minimumMinor);
}

/** A request's money by the pricing core's parts: whose money each line is decides its tax. */
function partsOf(
  p: Pick<PricedRequest, "lines" | "serviceChargeMinor" | "discountMinor" | "deliveryChargeMinor">,
): PriceParts {
  const { governmentMinor, premiumsMinor } = feesByKind(p.lines);
  return {
    government_fee: governmentMinor,
    insurance_premium: premiumsMinor,
    service_charge: p.serviceChargeMinor - p.discountMinor,
    delivery: p.deliveryChargeMinor,
  };
}

export interface PricedRequest {
  lines: { documentType: VehicleDocType; feeMinor: number }[];
  /** The comprehensive line's insurer, when the request holds one (its receipt line names it). */
  insurerName?: string | undefined;
  feesMinor: number;
  serviceChargeMinor: number;
  /** A coupon's discount: off the service charge, at most all of it. */
  discountMinor: number;
  /** The coupon's code when it took something off. */
  couponCode: string | null;
  deliveryChargeMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/**
 * The amounts of a request: the government fees and premiums pass through untaxed; a coupon's
 * discount comes off Parkwell's service charge (never more than it); the country's tax is on
 * Parkwell's own charges (service after the discount, and delivery), by the pricing core's one
 * tax rule.
 */
export function priceRequest(
  lines: { documentType: VehicleDocType; feeMinor: number }[],
  serviceChargeMinor: number,
  deliveryChargeMinor: number,
  taxBps: number,
  insurerName?: string,
  coupon: { code: string; discountMinor: number } | null = null,
): PricedRequest {
  const feesMinor = lines.reduce((s, l) => s + l.feeMinor, 0);
  const discountMinor = Math.min(coupon?.discountMinor ?? 0, serviceChargeMinor);
  const { taxMinor } = taxOf(
    partsOf({ lines, serviceChargeMinor, discountMinor, deliveryChargeMinor }),
    taxBps,
  );
  return {
    lines,
    insurerName,
    feesMinor,
    serviceChargeMinor,
    discountMinor,
    couponCode: discountMinor > 0 ? coupon!.code : null,
    deliveryChargeMinor,
    taxMinor,
    totalMinor: feesMinor + serviceChargeMinor - discountMinor + deliveryChargeMinor + taxMinor,
  };
}

/**
 * A request's documents in the two kinds a driver and the back office see apart: the government
 * fees (licences, permits, certificates) and the insurance premiums (third-party at the national
 * tariff, comprehensive at an insurer's rate). Parkwell's own charges are a third kind.
 */
export function feesByKind(lines: readonly { documentType: VehicleDocType; feeMinor: number }[]): {
  governmentMinor: number;
  premiumsMinor: number;
} {
  let governmentMinor = 0;
  let premiumsMinor = 0;
  for (const l of lines) {
    if (INSURANCE_DOC_TYPES.includes(l.documentType)) premiumsMinor += l.feeMinor;
    else governmentMinor += l.feeMinor;
  }
  return { governmentMinor, premiumsMinor };
}

/** Where the papers are collected, as the receipt records it. */
export interface ReceiptPickup {
  name: string;
  address: string;
  openingHours: WeekHours;
}

/**
 * The receipt of a request's charge: one government fee line per document, an insurance premium
 * line for insurance (naming the insurer for comprehensive), the charges, the tax, the pickup
 * park. A line's detail is the document's English name; the receipt words it in the reader's
 * language.
 */
export function requestReceiptBody(
  p: PricedRequest,
  tax: { name: string; rateBps: number },
  pickup: ReceiptPickup | null = null,
): ReceiptBody {
  const lines: ReceiptLineRecord[] = [
    ...p.lines.map((l): ReceiptLineRecord =>
      INSURANCE_DOC_TYPES.includes(l.documentType)
        ? {
            kind: "insurance_premium",
            amountMinor: l.feeMinor,
            detail: DOCUMENT_NAMES[l.documentType],
            ...(l.documentType === "comprehensive_insurance" && p.insurerName
              ? { subject: p.insurerName }
              : {}),
          }
        : { kind: "government_fee", amountMinor: l.feeMinor, detail: DOCUMENT_NAMES[l.documentType] },
    ),
    { kind: "service_fee" as const, amountMinor: p.serviceChargeMinor },
    { kind: "discount" as const, amountMinor: -p.discountMinor, detail: p.couponCode },
    { kind: "delivery" as const, amountMinor: p.deliveryChargeMinor },
  ].filter((l) => l.amountMinor !== 0);
  if (pickup) {
    lines.push({
      kind: "pickup",
      amountMinor: 0,
      subject: pickup.name,
      detail: pickup.address,
      openingHours: pickup.openingHours,
    });
  }
  const taxes =
    p.taxMinor !== 0
      ? [
          {
            name: tax.name,
            rateBps: tax.rateBps,
            baseMinor: taxBaseOf(partsOf(p)),
            amountMinor: p.taxMinor,
          },
        ]
      : [];
  return { lines, taxes };
}
