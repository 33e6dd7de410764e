/**
 * The purchase engine's pure parts (docs/decisions/040-purchase-engine.md): a request's
 * fingerprint, the ledger keys of a purchase's moves, what a kind registers, and what a company's
 * policy reads of a purchase bought in a country (company-purchases.service.ts has the park's).
 */
import { createHash } from "node:crypto";
import type { PricedPurchase } from "../companies/company-pay.domain";

/**
 * The fingerprint of a purchase request: the SHA-256 of the kind's parts as JSON. The same
 * Idempotency-Key with another fingerprint is refused; the parts are the kind's to choose (the
 * fields that change what is bought), and adding a part changes every hash, so a new optional
 * field is a part only when it is given.
 */
export function fingerprintOf(parts: readonly unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/** The ledger key of a purchase's move: `<prefix>:<id>:<n>`, n = 1 for the charge, then each refund's. */
export const moveKey = (prefix: string, purchaseId: string, move: number | string) =>
  `${prefix}:${purchaseId}:${move}`;

/** How many times a purchase draws a new code when two purchases drew the same one. */
export const CODE_ATTEMPTS = 5;

/**
 * The kinds on the engine (their names key the `purchases` rows): the contract's
 * PURCHASE_KIND_FACTS, the one table a new kind joins.
 */
export { PURCHASE_KINDS, type PurchaseKindName } from "@parkwell/contract";

/**
 * What a company's policy reads of a purchase bought in a country with no park and no hours (a
 * marketplace order, a vehicle-document request): its kind, country and total.
 */
export function countryPurchase(
  kind: "order" | "vehicle_docs",
  o: { countryId: number; countryName: string; amountMinor: number; currency: string; decimals: number },
): PricedPurchase {
  return {
    kind,
    countryId: o.countryId,
    countryName: o.countryName,
    parkType: null,
    weekWindow: null,
    amountMinor: o.amountMinor,
    currency: o.currency,
    decimals: o.decimals,
  };
}
