/**
 * A vehicle-document request as a purchase (docs/decisions/040-purchase-engine.md): its quote
 * from the fee tables, and the kind the purchase engine places. The engine owns the
 * Idempotency-Key, the `VD-` code, the charge (`vehicle_docs:<id>:1`: the wallet's, or a company's
 * within its policy) with its 402 and the receipt; this kind prices the request again under the
 * engine's transaction, refuses a changed price (409 `price_changed`), and writes the request, its
 * documents, its first timeline row and its mail.
 */
import type { Language } from "../../lib/language";
import {
  INSURANCE_NOT_CHOSEN_MESSAGE,
  INSURANCE_REQUIRED_MESSAGE,
  INSURER_UNKNOWN_MESSAGE,
  VEHICLE_USES,
  engineBandOf,
  type EngineBand,
  type VehicleDocQuote,
  type VehicleDocQuoteBody,
  type VehicleDocRequestBody,
  VehicleDocRequestBodySchema,
  type VehicleDocRequest,
  type VehicleUse,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { toMajor, toMinor } from "../../lib/money";
import { deliveryToAddress } from "../marketplace/cart-pricing.service";
import { countryPurchase } from "../purchases/purchases.domain";
import type { CheckoutRegistration } from "../purchases/purchase-checkouts.service";
import { couponFor } from "../purchases/coupons.service";
import { makePurchase, type PurchaseKind, type PurchasePrice } from "../purchases/purchases.service";
import { servedCountries, type ServedCountries } from "../reference/served-countries";
import { walletBalanceMinor } from "../wallet/ledger.service";
import {
  documentsRefusal,
  feeFor,
  NO_FEE_MESSAGE,
  DOCUMENT_NAMES,
  premiumOf,
  priceRequest,
  requestReceiptBody,
  type ReceiptPickup,
} from "./vehicle-docs.domain";
import { presentPickupPark, presentQuote, type Resolved } from "./vehicle-docs.present";
import * as repo from "./vehicle-docs.repo";
import type { RequestRow } from "./vehicle-docs.repo";
import {
  ENGINE_REQUIRED_MESSAGE,
  IDEMPOTENCY_REUSED_MESSAGE,
  docsCountryOf,
  notInNigeria,
  NOT_REGISTERED_MESSAGE,
  PARK_UNKNOWN_MESSAGE,
  PRICE_CHANGED_MESSAGE,
  queueMail,
  STATE_REQUIRED_MESSAGE,
  STATE_UNKNOWN_MESSAGE,
  USE_REQUIRED_MESSAGE,
  VEHICLE_NOT_FOUND_MESSAGE,
  VEHICLE_DOCS_MOVES,
  VEHICLE_REQUIRED_MESSAGE,
  view,
  type VehicleDocDeps,
} from "./vehicle-docs.service";

/**
 * Reads everything a quote or a request needs and prices it from the tables; every refusal is a
 * 422 naming the field (a vehicle not registered in a Nigerian state: `not_registered_in_nigeria`;
 * documents the request cannot hold: `documents_not_applicable`).
 */
async function resolve(
  served: ServedCountries,
  db: Tx,
  userId: string,
  body: VehicleDocQuoteBody,
  at: { now: Date; lockCoupon: boolean },
): Promise<Resolved> {
  const country = await docsCountryOf(served, db, userId);
  const fees = await served.feesOf(country.id, db);
  const serviceChargeMinor = await repo.serviceChargeOf(db, country.id);
  if (!fees || serviceChargeMinor === undefined) throw notInNigeria();

  let state: Resolved["state"];
  let vehicle: Resolved["vehicle"] = null;
  let use: VehicleUse | null = null;
  let band: EngineBand | null = null;
  if (body.type === "vehicle_papers") {
    if (body.vehicle_id === undefined) throw AppError.validation({ vehicle_id: VEHICLE_REQUIRED_MESSAGE });
    const found = await repo.ownVehicle(db, userId, body.vehicle_id);
    if (!found) throw AppError.notFound(VEHICLE_NOT_FOUND_MESSAGE, "vehicle_not_found");
    const v = found.vehicle;
    if (v.registrationStateId === null || found.stateCountryId !== country.id) {
      throw new AppError(422, "not_registered_in_nigeria", NOT_REGISTERED_MESSAGE, {
        vehicle_id: NOT_REGISTERED_MESSAGE,
      });
    }
    state = { id: v.registrationStateId, code: found.stateCode!, name: found.stateName! };
    vehicle = { id: v.id, plate: v.plateNumber };
    use = (VEHICLE_USES as readonly string[]).includes(v.vehicleUse ?? "")
      ? (v.vehicleUse as VehicleUse)
      : null;
    if (use === null) throw AppError.validation({ vehicle_id: USE_REQUIRED_MESSAGE });
    band = v.engineCc === null ? null : engineBandOf(v.engineCc);
    if (band === null && body.documents.includes("vehicle_licence")) {
      throw AppError.validation({ vehicle_id: ENGINE_REQUIRED_MESSAGE });
    }
  } else {
    if (!body.state_code) throw AppError.validation({ state_code: STATE_REQUIRED_MESSAGE });
    const found = await repo.stateByCode(db, country.id, body.state_code);
    if (!found) throw AppError.validation({ state_code: STATE_UNKNOWN_MESSAGE });
    state = { id: found.id, code: found.code, name: found.name };
  }

  const refusal = documentsRefusal(body.type, body.documents, use);
  if (refusal) {
    throw new AppError(422, "documents_not_applicable", refusal, { documents: refusal });
  }
  // Comprehensive insurance: the chosen insurer's premium on the declared value.
  let insurance: Resolved["insurance"] = null;
  if (body.documents.includes("comprehensive_insurance")) {
    if (!body.insurance) {
      throw new AppError(422, "insurance_required", INSURANCE_REQUIRED_MESSAGE, {
        insurance: INSURANCE_REQUIRED_MESSAGE,
      });
    }
    const insurer = await repo.insurerById(db, body.insurance.insurer_id);
    if (!insurer || !insurer.active || insurer.countryId !== country.id) {
      throw AppError.validation({ "insurance.insurer_id": INSURER_UNKNOWN_MESSAGE }, INSURER_UNKNOWN_MESSAGE);
    }
    const valueMinor = toMinor(body.insurance.vehicle_value, country.currencyDecimals);
    insurance = {
      insurerId: insurer.id,
      insurerName: insurer.name,
      valueMinor,
      rateBps: insurer.rateBps,
      minimumMinor: insurer.minimumPremiumMinor,
      premiumMinor: premiumOf(valueMinor, insurer.rateBps, insurer.minimumPremiumMinor),
    };
  } else if (body.insurance) {
    throw AppError.validation({ insurance: INSURANCE_NOT_CHOSEN_MESSAGE }, INSURANCE_NOT_CHOSEN_MESSAGE);
  }

  const rows = await repo.feeRows(db, state.id, body.documents);
  const lines = body.documents.map((documentType) => {
    if (documentType === "comprehensive_insurance" && insurance) {
      return { documentType, feeMinor: insurance.premiumMinor };
    }
    const feeMinor = feeFor(rows, documentType, use, band);
    if (feeMinor === undefined) {
      const message = NO_FEE_MESSAGE.replace("{document}", DOCUMENT_NAMES[documentType]);
      throw new AppError(422, "documents_not_applicable", message, { documents: message });
    }
    return { documentType, feeMinor };
  });

  let delivery: Resolved["delivery"];
  let deliveryMinor = 0;
  const { address_id: addressId, park_id: parkId } = body.delivery;
  if (addressId !== undefined) {
    const found = await deliveryToAddress(db, userId, country.id, addressId);
    if (!found.ok) throw AppError.validation({ address_id: found.message });
    delivery = { addressId, text: found.text };
    deliveryMinor = found.chargeMinor;
  } else {
    if (parkId === undefined || !(await repo.activeParkIn(db, parkId, country.id))) {
      throw AppError.validation({ park_id: PARK_UNKNOWN_MESSAGE });
    }
    delivery = { parkId };
  }

  // A coupon takes its discount off the service charge (the quote says why one does not apply).
  const coupon = body.coupon_code
    ? await couponFor(db, {
        code: body.coupon_code,
        kind: "vehicle_docs",
        country: { id: country.id, currency: country.currency, decimals: country.currencyDecimals },
        userId,
        baseMinor: serviceChargeMinor,
        now: at.now,
        lock: at.lockCoupon,
      })
    : null;
  return {
    countryId: country.id,
    currency: country.currency,
    decimals: country.currencyDecimals,
    taxName: fees.taxName,
    taxBps: fees.taxBps,
    state,
    vehicle,
    use,
    band,
    delivery,
    insurance,
    coupon,
    priced: priceRequest(
      lines,
      serviceChargeMinor,
      deliveryMinor,
      fees.taxBps,
      insurance?.insurerName,
      coupon?.applied ? coupon : null,
    ),
  };
}

/** Each fee, the service charge, delivery, tax and the total, before paying. */
export async function quote(
  db: Db,
  now: Date,
  userId: string,
  body: VehicleDocQuoteBody,
  language: Language,
): Promise<VehicleDocQuote> {
  return presentQuote(
    body.type,
    // A quote locks nothing: outside a transaction a lock would only make it wait on a purchase.
    await resolve(servedCountries(db), db, userId, body, { now, lockCoupon: false }),
    language,
  );
}

// ---------------------------------------------------------------- the request, a purchase

/** The pickup park as the receipt records it (null for a delivery). */
async function receiptPickup(tx: Tx, delivery: Resolved["delivery"]): Promise<ReceiptPickup | null> {
  if (!("parkId" in delivery)) return null;
  const [park] = await repo.pickupParks(tx, [delivery.parkId]);
  if (!park) return null;
  const shown = presentPickupPark(park);
  return { name: shown.name, address: shown.address, openingHours: shown.opening_hours };
}

type PricedForPurchase = Resolved & PurchasePrice;

/** The kind the purchase engine places: what a vehicle-document request does differently. */
function vehicleDocsKind(
  deps: VehicleDocDeps,
): PurchaseKind<VehicleDocRequestBody, PricedForPurchase, RequestRow> {
  return {
    name: "vehicle_docs",
    ...VEHICLE_DOCS_MOVES,
    chargeKind: "vehicle_docs_charge",
    receiptKind: "vehicle_docs",
    describe: (code) => `Vehicle documents ${code}`,
    walletPurpose: "request",
    company: { purpose: "request", chargeKind: "vehicle_docs" },
    keyReusedMessage: IDEMPOTENCY_REUSED_MESSAGE,
    fingerprint: (body) => [
      body.type,
      body.vehicle_id ?? null,
      body.state_code ?? null,
      [...body.documents].sort(),
      body.delivery,
      body.expected_total ?? null,
      // Only when given: a request without insurance keeps the hash it had before it existed.
      ...(body.insurance ? [body.insurance] : []),
      // Only when given, as the insurance.
      ...(body.company_id != null ? [{ company_id: body.company_id }] : []),
      ...(body.coupon_code ? [{ coupon_code: body.coupon_code }] : []),
    ],
    async prepare(tx, { userId, input: body, now }) {
      // The coupon's row locked until the purchase commits: its uses are counted one purchase at a time.
      const r = await resolve(servedCountries(deps.db), tx, userId, body, { now, lockCoupon: true });
      const { priced } = r;
      if (
        body.expected_total !== undefined &&
        toMinor(body.expected_total, r.decimals) !== priced.totalMinor
      ) {
        throw new AppError(409, "price_changed", PRICE_CHANGED_MESSAGE, undefined, {
          total: toMajor(priced.totalMinor, r.decimals),
        });
      }
      return {
        ...r,
        amountMinor: priced.totalMinor,
        parkId: "parkId" in r.delivery ? r.delivery.parkId : null,
        receiptBody: requestReceiptBody(
          priced,
          { name: r.taxName, rateBps: r.taxBps },
          await receiptPickup(tx, r.delivery),
        ),
        // What a company's policy reads: the request's country and total.
        companyPurchase: countryPurchase("vehicle_docs", {
          countryId: r.countryId,
          countryName: (await servedCountries(deps.db).byId(r.countryId, tx))?.name ?? "",
          amountMinor: priced.totalMinor,
          currency: r.currency,
          decimals: r.decimals,
        }),
      };
    },
    async insert(tx, { id, code, userId, input: body, priced: r, now, ledgerKey }) {
      const { priced } = r;
      const row = await repo.insertRequest(tx, {
        id,
        code,
        userId,
        countryId: r.countryId,
        vehicleId: r.vehicle?.id ?? null,
        plateNumber: r.vehicle?.plate ?? null,
        type: body.type,
        stage: "submitted",
        stateId: r.state.id,
        vehicleUse: r.use,
        engineBand: r.band,
        addressId: "addressId" in r.delivery ? r.delivery.addressId : null,
        addressText: "addressId" in r.delivery ? r.delivery.text : null,
        pickupParkId: "parkId" in r.delivery ? r.delivery.parkId : null,
        currency: r.currency,
        feesMinor: priced.feesMinor,
        serviceChargeMinor: priced.serviceChargeMinor,
        discountMinor: priced.discountMinor,
        couponId: priced.discountMinor > 0 ? r.coupon!.id : null,
        couponCode: priced.couponCode,
        deliveryChargeMinor: priced.deliveryChargeMinor,
        taxMinor: priced.taxMinor,
        taxName: r.taxName,
        taxBps: r.taxBps,
        totalMinor: priced.totalMinor,
        insurerId: r.insurance?.insurerId ?? null,
        insurerName: r.insurance?.insurerName ?? null,
        insuredValueMinor: r.insurance?.valueMinor ?? null,
        insuranceRateBps: r.insurance?.rateBps ?? null,
        insuranceMinimumMinor: r.insurance?.minimumMinor ?? null,
        ledgerKey,
        moves: 1,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertItems(
        tx,
        priced.lines.map((l) => ({ requestId: id, documentType: l.documentType, feeMinor: l.feeMinor })),
      );
      await repo.insertEvent(tx, {
        requestId: id,
        stage: "submitted",
        actorId: userId,
        actorRole: "driver",
        at: now,
      });
      await queueMail(deps.jobs, tx, row, "submitted", 0, now);
      return row;
    },
    load: (db, id) => repo.requestById(db, id),
  };
}

/** A request as a top-up of the difference sends it (purchase-checkouts.service.ts): POST /vehicle-docs/requests' body. */
export const vehicleDocsCheckout = (deps: VehicleDocDeps): CheckoutRegistration<VehicleDocRequestBody> => ({
  schema: VehicleDocRequestBodySchema,
  kind: () => vehicleDocsKind(deps),
  verified: {
    made: (code) => `Payment verified: your request ${code} is sent`,
    notMade: "Payment verified, but your request could not be sent: the money is in your wallet",
  },
});

export interface PlacedRequest {
  request: VehicleDocRequest;
  replayed: boolean;
  wallet: { amount: number; currency: string };
}

/**
 * Sends a request and pays it from the wallet, in one transaction through the purchase engine:
 * priced again from the tables, the charge and its receipt, the request, its documents, its first
 * timeline row and the mail job. A short wallet is 402 with the amount missing. The same
 * Idempotency-Key answers the first request again; with another body it is a 422.
 */
export async function placeRequest(
  deps: VehicleDocDeps,
  userId: string,
  body: VehicleDocRequestBody,
  idempotencyKey: string | undefined,
): Promise<PlacedRequest> {
  const { db } = deps;
  const { row, replayed } = await makePurchase(vehicleDocsKind(deps), deps, {
    userId,
    input: body,
    idempotencyKey,
    companyId: body.company_id,
  });
  const currency = row.currency.trim();
  const decimals = await servedCountries(db).currencyDecimals(currency);
  return {
    request: await view(db, row),
    replayed,
    wallet: { amount: toMajor(await walletBalanceMinor(db, userId, currency), decimals), currency },
  };
}
