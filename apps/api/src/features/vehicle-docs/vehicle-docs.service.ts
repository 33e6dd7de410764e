/**
 * Vehicle document renewal in Nigeria (docs/PRODUCT-RULES.md#vehicle-documents-nigeria, decision
 * 031): a saved vehicle's renewal details, the quote from the fee tables, the request paid from the
 * wallet in one transaction (one ledger move `vehicle_docs:<id>:1` and its receipt), the stage
 * moves under the request's row lock (a refund at most once: `vehicle_docs:<id>:<moves + 1>` and
 * its credit note), the expiry dates of issued papers, and the fee tables' edits.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  INSURANCE_NOT_CHOSEN_MESSAGE,
  INSURANCE_REQUIRED_MESSAGE,
  INSURER_UNKNOWN_MESSAGE,
  VEHICLE_DOC_CANCELLABLE,
  VEHICLE_DOC_CANCEL_TOO_LATE_MESSAGE,
  VEHICLE_DOC_EXPIRIES_REQUIRED_MESSAGE,
  VEHICLE_DOC_NOT_FOUND_MESSAGE,
  VEHICLE_DOC_STAGE_REFUSED_MESSAGE,
  VEHICLE_PAPER_TYPES,
  VEHICLE_USES,
  dayOnClock,
  engineBandOf,
  paperStatus,
  findVehicleDocTransition,
  type EngineBand,
  type VehicleDocQuote,
  type VehicleDocInsurer,
  type VehicleDocQuoteBody,
  type VehicleDocRequest,
  type VehicleDocStage,
  type DriverLicenceExpiry,
  type VehicleDocType,
  type VehicleRenewalDetails,
  type VehicleRenewalDetailsBody,
  type VehicleUse,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { bpsToPercent, toMajor, toMinor } from "../../lib/money";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import { pgError, SQLSTATE } from "../../lib/pg-error";
import { readableCode } from "../../lib/readable-code";
import { deliveryToAddress } from "../marketplace/cart-pricing.service";
import { reversalOf } from "../receipts/receipts.domain";
import { bodiesOf, issueReceipt, receiptIdOf } from "../receipts/receipts.service";
import { servedCountries, type ServedCountries } from "../reference/served-countries";
import {
  chargeWallet,
  refundToWallet,
  revenueShard,
  shortOfFunds,
  walletBalanceMinor,
} from "../wallet/ledger.service";
import {
  documentsRefusal,
  DOCS_FOR_PAPERS_MESSAGE,
  DOCUMENT_NAMES,
  feeFor,
  NO_FEE_MESSAGE,
  premiumOf,
  priceRequest,
  requestReceiptBody,
  type PricedRequest,
  type ReceiptPickup,
} from "./vehicle-docs.domain";
import {
  feeTotals,
  nextStages,
  presentPickupPark,
  presentRequest,
  presentSummary,
} from "./vehicle-docs.present";
import * as repo from "./vehicle-docs.repo";
import type { RequestRow } from "./vehicle-docs.repo";

export type { RequestRow } from "./vehicle-docs.repo";

export const NIGERIA_ONLY_MESSAGE = "Vehicle document renewal is for vehicles registered in Nigeria";
export const NOT_REGISTERED_MESSAGE =
  "This vehicle is not registered in a Nigerian state: add its state of registration";
export const VEHICLE_NOT_FOUND_MESSAGE = "Vehicle not found";
export const VEHICLE_REQUIRED_MESSAGE = "Choose the vehicle whose papers to renew";
export const USE_REQUIRED_MESSAGE = "Say whether this vehicle is for private or commercial use";
export const ENGINE_REQUIRED_MESSAGE = "Add this vehicle's engine capacity";
export const STATE_REQUIRED_MESSAGE = "Choose the state that issues your licence";
export const STATE_UNKNOWN_MESSAGE = "This is not a Nigerian state";
export const PARK_UNKNOWN_MESSAGE = "Choose an open park to collect your papers";
export const PRICE_CHANGED_MESSAGE = "The price changed: check the new total before paying";
export const IDEMPOTENCY_REUSED_MESSAGE = "This Idempotency-Key was used for another request";
export const QUESTION_REQUIRED_MESSAGE = "Write the question for the driver";
export const FEE_NOT_FOUND_MESSAGE = "Fee not found";
export const NOT_ISSUED_MESSAGE = "The papers of this request are not issued yet";
/** The stages at which the papers exist: their expiry dates can be recorded. */
const ISSUED_STAGES: readonly VehicleDocStage[] = [
  "ready",
  "out_for_delivery",
  "ready_for_pickup",
  "delivered",
];
export const NOTHING_TO_RECORD_MESSAGE = "This request did not renew {document}";

const NIGERIA = "NG";

export interface VehicleDocDeps {
  db: Db;
  jobs: Jobs;
  clock: Clock;
}

/** Runs in a change's transaction with the request as it was and as it is: the back office's audit. */
export type OnChange = (tx: Tx, before: RequestRow, after: RequestRow) => Promise<void>;

export const requestNotFound = () => AppError.notFound(VEHICLE_DOC_NOT_FOUND_MESSAGE, "request_not_found");
const notInNigeria = () => new AppError(422, "not_in_nigeria", NIGERIA_ONLY_MESSAGE);

/** The user's country when it is Nigeria (422 otherwise). */
async function nigeriaOf(served: ServedCountries, db: Tx, userId: string) {
  const countryId = await repo.userCountryId(db, userId);
  const country = countryId === undefined ? undefined : await served.byId(countryId, db);
  if (!country || country.code.trim() !== NIGERIA) throw notInNigeria();
  return country;
}

// ---------------------------------------------------------------- a vehicle's renewal details

function presentDetails(
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

/** Today on Nigeria's clock: the day papers' statuses are counted from. */
async function todayInNigeria(db: Db, clock: Clock): Promise<string> {
  const country = await servedCountries(db).facts({ code: NIGERIA });
  return dayOnClock(clock(), country?.timeZone ?? "Africa/Lagos");
}

export async function renewalDetails(
  db: Db,
  clock: Clock,
  userId: string,
  vehicleId: number,
): Promise<VehicleRenewalDetails> {
  const found = await repo.ownVehicle(db, userId, vehicleId);
  if (!found) throw AppError.notFound(VEHICLE_NOT_FOUND_MESSAGE, "vehicle_not_found");
  return presentDetails(found, await repo.vehicleExpiries(db, vehicleId), await todayInNigeria(db, clock));
}

/** Every saved vehicle of the user with its renewal details and each paper's status. */
export async function listRenewalDetails(
  db: Db,
  clock: Clock,
  userId: string,
): Promise<VehicleRenewalDetails[]> {
  const vehicles = await repo.ownVehicles(db, userId);
  const expiries = await repo.expiriesOfVehicles(
    db,
    vehicles.map((v) => v.vehicle.id),
  );
  const today = await todayInNigeria(db, clock);
  return vehicles.map((v) =>
    presentDetails(
      v,
      expiries.filter((e) => e.vehicleId === v.vehicle.id),
      today,
    ),
  );
}

/**
 * The driver records the expiry dates of a vehicle's papers renewed elsewhere: one current date per
 * paper (a later date from a request or the driver replaces it, and its reminders start again).
 */
export async function setOwnExpiries(
  db: Db,
  clock: Clock,
  userId: string,
  vehicleId: number,
  expiries: { document_type: VehicleDocType; expires_on: string }[],
): Promise<VehicleRenewalDetails> {
  if (!(await repo.ownVehicle(db, userId, vehicleId))) {
    throw AppError.notFound(VEHICLE_NOT_FOUND_MESSAGE, "vehicle_not_found");
  }
  if (expiries.some((e) => !VEHICLE_PAPER_TYPES.includes(e.document_type))) {
    throw AppError.validation({ expiries: DOCS_FOR_PAPERS_MESSAGE });
  }
  const now = clock();
  await db.transaction(async (tx) => {
    for (const e of expiries) {
      await repo.upsertExpiry(tx, {
        userId,
        vehicleId,
        documentType: e.document_type,
        expiresOn: e.expires_on,
        source: "driver",
        requestId: null,
        createdAt: now,
        updatedAt: now,
      });
    }
  });
  return renewalDetails(db, clock, userId, vehicleId);
}

/** The driver's licence's expiry: one date per driver (decision 031), with its status today. */
export async function ownLicenceExpiry(db: Db, clock: Clock, userId: string): Promise<DriverLicenceExpiry> {
  const [row] = await repo.licenceExpiries(db, userId);
  if (!row) return { licence: null };
  return {
    licence: {
      document_type: row.documentType as VehicleDocType,
      expires_on: row.expiresOn,
      source: row.source === "driver" ? "driver" : "request",
      ...paperStatus(row.expiresOn, await todayInNigeria(db, clock)),
    },
  };
}

/**
 * The driver types their licence's expiry date (renewed elsewhere), or clears it with null. The
 * licence has one date: it is kept under the length of the current row (the last renewal's,
 * 3 or 5 years) or drivers_licence_5y when there is none, and any other licence row goes. A
 * request's completion replaces it the same way (recordExpiries); a new date is reminded afresh.
 */
export async function setOwnLicenceExpiry(
  db: Db,
  clock: Clock,
  userId: string,
  expiresOn: string | null,
): Promise<DriverLicenceExpiry> {
  const now = clock();
  await db.transaction(async (tx) => {
    if (expiresOn === null) {
      await repo.deleteLicenceExpiries(tx, userId);
      return;
    }
    const [current] = await repo.licenceExpiries(tx, userId);
    const documentType = current?.documentType ?? "drivers_licence_5y";
    await repo.deleteLicenceExpiries(tx, userId, documentType);
    await repo.upsertExpiry(tx, {
      userId,
      vehicleId: null,
      documentType,
      expiresOn,
      source: "driver",
      requestId: null,
      createdAt: now,
      updatedAt: now,
    });
  });
  return ownLicenceExpiry(db, clock, userId);
}

/** Sets what renewal needs on one of the user's vehicles; the state is one of Nigeria's. */
export async function setRenewalDetails(
  db: Db,
  clock: Clock,
  userId: string,
  vehicleId: number,
  body: VehicleRenewalDetailsBody,
): Promise<VehicleRenewalDetails> {
  if (!(await repo.ownVehicle(db, userId, vehicleId))) {
    throw AppError.notFound(VEHICLE_NOT_FOUND_MESSAGE, "vehicle_not_found");
  }
  const patch: Parameters<typeof repo.updateVehicleDetails>[2] = { updatedAt: clock() };
  if (body.state_code !== undefined) {
    const country = await servedCountries(db).byCode(NIGERIA);
    const state = country && (await repo.stateByCode(db, country.id, body.state_code));
    if (!state) throw AppError.validation({ state_code: STATE_UNKNOWN_MESSAGE });
    patch.registrationStateId = state.id;
  }
  if (body.year !== undefined) patch.year = body.year;
  if (body.engine_cc !== undefined) patch.engineCc = body.engine_cc;
  if (body.vin !== undefined) patch.vin = body.vin;
  if (body.vehicle_use !== undefined) patch.vehicleUse = body.vehicle_use;
  await repo.updateVehicleDetails(db, vehicleId, patch);
  return renewalDetails(db, clock, userId, vehicleId);
}

// ---------------------------------------------------------------- pricing

interface Resolved {
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
  priced: PricedRequest;
}

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
): Promise<Resolved> {
  const country = await nigeriaOf(served, db, userId);
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
    priced: priceRequest(lines, serviceChargeMinor, deliveryMinor, fees.taxBps, insurance?.insurerName),
  };
}

function presentQuote(type: VehicleDocQuoteBody["type"], r: Resolved): VehicleDocQuote {
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

/** Each fee, the service charge, delivery, tax and the total, before paying. */
export async function quote(db: Db, userId: string, body: VehicleDocQuoteBody): Promise<VehicleDocQuote> {
  return presentQuote(body.type, await resolve(servedCountries(db), db, userId, body));
}

// ---------------------------------------------------------------- the request

/** `VD-` and six readable characters. */
export function newRequestCode(bytes?: Uint8Array): string {
  return readableCode("VD-", 6, bytes);
}

const fingerprint = (body: VehicleDocQuoteBody) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        body.type,
        body.vehicle_id ?? null,
        body.state_code ?? null,
        [...body.documents].sort(),
        body.delivery,
        body.expected_total ?? null,
        // Only when given: a request without insurance keeps the hash it had before it existed.
        ...(body.insurance ? [body.insurance] : []),
      ]),
    )
    .digest("hex");

async function replay(db: Tx, userId: string, key: string, hash: string): Promise<RequestRow | null> {
  const found = await repo.requestByIdempotencyKey(db, userId, key);
  if (!found) return null;
  if (found.requestHash !== hash)
    throw new AppError(422, "idempotency_key_reused", IDEMPOTENCY_REUSED_MESSAGE);
  return found;
}

export interface PlacedRequest {
  request: VehicleDocRequest;
  replayed: boolean;
  wallet: { amount: number; currency: string };
}

/**
 * Sends a request and pays it from the wallet, all in one transaction: priced again from the
 * tables, the charge (`vehicle_docs:<id>:1`) and its receipt, the request, its documents, its first
 * timeline row and the mail job. A short wallet is 402 with the amount missing. The same
 * Idempotency-Key answers the first request again; with another body it is a 422.
 */
export async function placeRequest(
  deps: VehicleDocDeps,
  userId: string,
  body: VehicleDocQuoteBody,
  idempotencyKey: string | undefined,
): Promise<PlacedRequest> {
  const { db } = deps;
  const hash = fingerprint(body);
  const answer = async (row: RequestRow, replayed: boolean): Promise<PlacedRequest> => {
    const currency = row.currency.trim();
    const decimals = await servedCountries(db).currencyDecimals(currency);
    return {
      request: await view(db, row),
      replayed,
      wallet: { amount: toMajor(await walletBalanceMinor(db, userId, currency), decimals), currency },
    };
  };
  if (idempotencyKey) {
    const found = await replay(db, userId, idempotencyKey, hash);
    if (found) return answer(found, true);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await db.transaction((tx) =>
        placeInTransaction(deps, tx, userId, body, idempotencyKey, hash),
      );
      return answer(row, false);
    } catch (err) {
      const { code, constraint } = pgError(err);
      if (code !== SQLSTATE.uniqueViolation) throw err;
      if (idempotencyKey && constraint === "vehicle_doc_requests_idempotency_key") {
        const found = await replay(db, userId, idempotencyKey, hash);
        if (found) return answer(found, true);
      }
      if (constraint === "vehicle_doc_requests_code_key" && attempt < 5) continue;
      throw err;
    }
  }
}

async function placeInTransaction(
  deps: VehicleDocDeps,
  tx: Tx,
  userId: string,
  body: VehicleDocQuoteBody,
  idempotencyKey: string | undefined,
  hash: string,
): Promise<RequestRow> {
  const now = deps.clock();
  const r = await resolve(servedCountries(deps.db), tx, userId, body);
  const { priced } = r;
  if (body.expected_total !== undefined && toMinor(body.expected_total, r.decimals) !== priced.totalMinor) {
    throw new AppError(409, "price_changed", PRICE_CHANGED_MESSAGE, undefined, {
      total: toMajor(priced.totalMinor, r.decimals),
    });
  }
  const id = randomUUID();
  const code = newRequestCode();
  const ledgerKey = `vehicle_docs:${id}:1`;
  if (priced.totalMinor > 0) {
    try {
      await chargeWallet(tx, {
        userId,
        currency: r.currency,
        amountMinor: priced.totalMinor,
        idempotencyKey: ledgerKey,
        kind: "vehicle_docs_charge",
        reference: code,
        description: `Vehicle documents ${code}`,
        revenueShard: revenueShard(id),
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "insufficient_funds") throw err;
      throw await shortOfFunds(tx, userId, r.currency, priced.totalMinor, r.decimals, "request");
    }
  }
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
    idempotencyKey: idempotencyKey ?? null,
    requestHash: idempotencyKey ? hash : null,
    createdAt: now,
    updatedAt: now,
  });
  if (priced.totalMinor > 0) {
    // Its receipt, with the charge.
    await issueReceipt(tx, {
      kind: "vehicle_docs",
      userId,
      ledgerKey,
      reference: code,
      countryId: r.countryId,
      parkId: "parkId" in r.delivery ? r.delivery.parkId : null,
      issuedAt: now,
      currency: r.currency,
      decimals: r.decimals,
      body: requestReceiptBody(
        priced,
        { name: r.taxName, rateBps: r.taxBps },
        await receiptPickup(tx, r.delivery),
      ),
      expectedMinor: priced.totalMinor,
    });
  }
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
}

/** The pickup park as the receipt records it (null for a delivery). */
async function receiptPickup(tx: Tx, delivery: Resolved["delivery"]): Promise<ReceiptPickup | null> {
  if (!("parkId" in delivery)) return null;
  const [park] = await repo.pickupParks(tx, [delivery.parkId]);
  if (!park) return null;
  const shown = presentPickupPark(park);
  return { name: shown.name, address: shown.address, openingHours: shown.opening_hours };
}

async function queueMail(
  jobs: Jobs,
  tx: Tx,
  r: RequestRow,
  stage: VehicleDocStage,
  refundMinor: number,
  at: Date,
): Promise<void> {
  // A stage can be reached again (more information asked twice): the instant tells the mails apart.
  await jobs.send(tx, "mail", {
    key: `vehicle_docs:${r.id}:${stage}:${at.getTime()}`,
    type: "vehicle_docs",
    requestId: r.id,
    stage,
    refundMinor,
  });
}

// ---------------------------------------------------------------- stage moves

export interface MoveInput {
  code: string;
  to: VehicleDocStage;
  actor: { role: "driver" | "staff"; userId: string };
  note?: string | undefined;
  /** info_needed: the staff's question. */
  question?: string | undefined;
  /** info_needed -> submitted: the driver's answer. */
  answer?: string | undefined;
  /** -> delivered: each issued document's new expiry date (required for those not yet recorded). */
  expiries?: ExpiryEntry[] | undefined;
}

export interface ExpiryEntry {
  document_type: VehicleDocType;
  expires_on: string;
}

function stageRefused(from: string, to: string) {
  return new AppError(
    409,
    "stage_refused",
    VEHICLE_DOC_STAGE_REFUSED_MESSAGE.replace("{from}", from).replace("{to}", to),
    undefined,
    { from, to },
  );
}

/**
 * Moves a request when the stage table allows it for the actor and the delivery kind, under the
 * request's row lock (the stage read again under it, so two moves at once are judged one after the
 * other). A driver moves only their own request (404 otherwise). A driver's cancel once the request
 * is at the office is 409 `cancel_too_late`; any other pair the table refuses is 409 `stage_refused`.
 * A refunding move gives back what is not yet refunded, with its credit note, exactly once.
 */
export async function moveRequest(
  deps: VehicleDocDeps,
  input: MoveInput,
  onChange?: OnChange,
): Promise<RequestRow> {
  return deps.db.transaction(async (tx) => {
    const r = await repo.lockRequest(tx, input.code);
    if (!r) throw requestNotFound();
    const { role, userId } = input.actor;
    if (role === "driver" && r.userId !== userId) throw requestNotFound();
    const from = r.stage as VehicleDocStage;
    const delivery = r.pickupParkId !== null ? "pickup" : "delivery";
    const transition = findVehicleDocTransition(from, input.to, delivery);
    if (!transition || !transition.by.includes(role)) {
      if (
        input.to === "cancelled" &&
        !VEHICLE_DOC_CANCELLABLE.includes(from) &&
        from !== "cancelled" &&
        from !== "refunded"
      ) {
        throw new AppError(409, "cancel_too_late", VEHICLE_DOC_CANCEL_TOO_LATE_MESSAGE, undefined, { from });
      }
      throw stageRefused(from, input.to);
    }
    if (input.to === "info_needed" && !input.question?.trim()) {
      throw AppError.validation({ question: QUESTION_REQUIRED_MESSAGE });
    }

    const now = deps.clock();
    if (input.to === "delivered") {
      // The papers' new expiry dates drive the reminders: no request is delivered without them.
      const detail = await repo.requestDetail(tx, r);
      const given = input.expiries ?? [];
      const missing = detail.items.filter(
        (i) =>
          !given.some((e) => e.document_type === i.documentType) &&
          !detail.expiries.some((e) => e.documentType === i.documentType),
      );
      if (missing.length > 0) {
        throw new AppError(422, "expiries_required", VEHICLE_DOC_EXPIRIES_REQUIRED_MESSAGE, {
          expiries: VEHICLE_DOC_EXPIRIES_REQUIRED_MESSAGE,
        });
      }
      await writeExpiries(tx, r, detail.items, given, now);
    }
    const patch: Partial<RequestRow> = { stage: input.to, updatedAt: now };
    if (input.to === "info_needed") {
      patch.question = input.question!.trim();
      patch.answer = null;
    }
    if (from === "info_needed" && input.to === "submitted" && input.answer !== undefined) {
      patch.answer = input.answer.trim();
    }
    if (input.to === "cancelled" || input.to === "refunded") patch.cancelledAt = now;
    if (input.to === "delivered") patch.completedAt = now;

    let refundMinor = 0;
    if (transition.refund) {
      refundMinor = r.totalMinor - r.refundedMinor;
      if (refundMinor > 0) {
        const move = r.moves + 1;
        const key = `vehicle_docs:${r.id}:${move}`;
        const currency = r.currency.trim();
        await refundToWallet(tx, {
          userId: r.userId,
          currency,
          amountMinor: refundMinor,
          idempotencyKey: key,
          reference: r.code,
          description: `Vehicle documents refund ${r.code}`,
          revenueShard: revenueShard(r.id),
        });
        await issueCreditNote(tx, r, key, refundMinor, now);
        patch.moves = move;
        patch.refundedMinor = r.refundedMinor + refundMinor;
      }
    }
    const updated = await repo.updateRequest(tx, r.id, patch);
    const note =
      input.to === "info_needed"
        ? patch.question!
        : from === "info_needed" && input.to === "submitted"
          ? (patch.answer ?? null)
          : input.note?.trim()
            ? input.note.trim().slice(0, 500)
            : null;
    await repo.insertEvent(tx, {
      requestId: r.id,
      stage: input.to,
      actorId: userId,
      actorRole: role,
      note,
      at: now,
    });
    // The driver's own answer sends the request back to be checked: they wrote it, and "your request
    // is received" was mailed once already, at submission.
    if (!(from === "info_needed" && input.to === "submitted")) {
      await queueMail(deps.jobs, tx, updated, input.to, refundMinor, now);
    }
    if (onChange) await onChange(tx, r, updated);
    return updated;
  });
}

/** The credit note of a full refund: it reverses the request's receipt and any earlier credit note. */
async function issueCreditNote(tx: Tx, r: RequestRow, ledgerKey: string, refundMinor: number, at: Date) {
  const reversesId = await receiptIdOf(tx, r.ledgerKey);
  if (reversesId === null) return;
  const bodies = await bodiesOf(tx, r.userId, r.code);
  const charged = bodies.find((b) => b.id === reversesId);
  if (!charged) return;
  await issueReceipt(tx, {
    kind: "credit_note",
    userId: r.userId,
    ledgerKey,
    reference: r.code,
    countryId: r.countryId,
    parkId: r.pickupParkId,
    issuedAt: at,
    currency: r.currency.trim(),
    decimals: charged.decimals,
    body: reversalOf(bodies),
    expectedMinor: -refundMinor,
    reversesId,
  });
}

/** The driver cancels: a full refund, only before the request reaches the licensing office. */
export function cancelOwn(deps: VehicleDocDeps, userId: string, code: string) {
  return moveRequest(deps, { code, to: "cancelled", actor: { role: "driver", userId } });
}

/** The driver answers the staff's question: the request goes back to be checked. */
export function answerOwn(deps: VehicleDocDeps, userId: string, code: string, answer: string) {
  return moveRequest(deps, { code, to: "submitted", actor: { role: "driver", userId }, answer });
}

// ---------------------------------------------------------------- reading

export async function view(db: Db, r: RequestRow): Promise<VehicleDocRequest> {
  const detail = await repo.requestDetail(db, r);
  return presentRequest(r, detail, await servedCountries(db).currencyDecimals(r.currency.trim()));
}

/** One of the driver's requests; another user's is as unknown as a missing one (404). */
export async function getOwn(db: Db, userId: string, code: string): Promise<VehicleDocRequest> {
  const r = await repo.requestByCode(db, code, userId);
  if (!r) throw requestNotFound();
  return view(db, r);
}

async function summaries(db: Db, rows: RequestRow[]) {
  const { items, states, parks } = await repo.listExtras(db, rows);
  const decimals = await servedCountries(db).currencyDecimals("NGN");
  return rows.map((r) =>
    presentSummary(
      r,
      items.filter((i) => i.requestId === r.id),
      states.find((s) => s.id === r.stateId)?.code ?? "",
      decimals,
      parks.find((p) => p.id === r.pickupParkId) ?? null,
    ),
  );
}

/** The driver's requests, newest first, one page, optionally of one stage. */
export async function listOwn(
  db: Db,
  userId: string,
  q: PageQuery & { stage?: VehicleDocStage | undefined },
) {
  const { rows, total } = await repo.requestsPage(
    db,
    { userId, stage: q.stage },
    { size: q.size, offset: offsetOf(q) },
  );
  return listPage(await summaries(db, rows), total, q);
}

// ---------------------------------------------------------------- the back office

const customerOf = (c: { id: string; firstName: string; lastName: string; email: string } | undefined) => ({
  id: c?.id ?? "",
  name: c ? `${c.firstName} ${c.lastName}`.trim() : "",
  email: c?.email ?? "",
});

/** The queue, oldest first: by stage, state of issue and age (days since it was sent). */
export async function listQueue(
  db: Db,
  clock: Clock,
  q: PageQuery & {
    stage?: VehicleDocStage | undefined;
    state_code?: string | undefined;
    min_age_days?: number | undefined;
  },
) {
  let stateId: number | undefined;
  if (q.state_code) {
    const country = await servedCountries(db).byCode(NIGERIA);
    const state = country && (await repo.stateByCode(db, country.id, q.state_code));
    if (!state) return listPage([], 0, q);
    stateId = state.id;
  }
  const createdBefore =
    q.min_age_days === undefined ? undefined : new Date(clock().getTime() - q.min_age_days * 86_400_000);
  const { rows, total } = await repo.requestsPage(
    db,
    { stage: q.stage, stateId, createdBefore },
    { size: q.size, offset: offsetOf(q), oldestFirst: true },
  );
  const customers = await repo.customersOf(db, [...new Set(rows.map((r) => r.userId))]);
  const items = await summaries(db, rows);
  return listPage(
    items.map((s, i) => ({ ...s, customer: customerOf(customers.find((c) => c.id === rows[i]!.userId)) })),
    total,
    q,
  );
}

/** A request as staff see it: the driver, the timeline and the stages it may move to. */
export async function staffView(db: Db, r: RequestRow) {
  const [customer] = await repo.customersOf(db, [r.userId]);
  return { ...(await view(db, r)), customer: customerOf(customer), next_stages: nextStages(r) };
}

export async function getForStaff(db: Db, code: string) {
  const r = await repo.requestByCode(db, code);
  if (!r) throw requestNotFound();
  return staffView(db, r);
}

/**
 * Records the issued papers' expiry dates on the vehicle (or the driver, for a licence): one
 * current date per paper, the reminders' marks cleared. Only the documents the request renewed.
 */
export async function recordExpiries(
  deps: VehicleDocDeps,
  code: string,
  expiries: ExpiryEntry[],
  onChange?: OnChange,
): Promise<RequestRow> {
  return deps.db.transaction(async (tx) => {
    const r = await repo.lockRequest(tx, code);
    if (!r) throw requestNotFound();
    if (!ISSUED_STAGES.includes(r.stage as VehicleDocStage)) {
      throw new AppError(409, "not_issued", NOT_ISSUED_MESSAGE, undefined, { stage: r.stage });
    }
    const { items } = await repo.requestDetail(tx, r);
    const now = deps.clock();
    await writeExpiries(tx, r, items, expiries, now);
    const updated = await repo.updateRequest(tx, r.id, { updatedAt: now });
    if (onChange) await onChange(tx, r, updated);
    return updated;
  });
}

/**
 * Writes a request's issued papers' dates (one current date per paper, the reminders' marks
 * cleared); a document the request did not renew is a 422.
 */
async function writeExpiries(
  tx: Tx,
  r: RequestRow,
  items: readonly { documentType: string }[],
  expiries: readonly ExpiryEntry[],
  now: Date,
): Promise<void> {
  for (const e of expiries) {
    if (!items.some((i) => i.documentType === e.document_type)) {
      const message = NOTHING_TO_RECORD_MESSAGE.replace("{document}", DOCUMENT_NAMES[e.document_type]);
      throw AppError.validation({ expiries: message }, message);
    }
  }
  for (const e of expiries) {
    // The driver has one licence date: the renewed length's replaces the other's.
    if (r.type !== "vehicle_papers") await repo.deleteLicenceExpiries(tx, r.userId, e.document_type);
    await repo.upsertExpiry(tx, {
      userId: r.userId,
      vehicleId: r.type === "vehicle_papers" ? r.vehicleId : null,
      documentType: e.document_type,
      expiresOn: e.expires_on,
      source: "request",
      requestId: r.id,
      createdAt: now,
      updatedAt: now,
    });
  }
}

// ---------------------------------------------------------------- insurers (comprehensive insurance)

export const INSURER_NOT_FOUND_MESSAGE = "Insurer not found";

async function presentInsurers(db: Db, rows: repo.InsurerRow[]): Promise<VehicleDocInsurer[]> {
  const country = await servedCountries(db).byCode(NIGERIA);
  if (!country) throw notInNigeria();
  return rows.map((i) => ({
    id: i.id,
    name: i.name,
    rate: bpsToPercent(i.rateBps),
    minimum_premium: toMajor(i.minimumPremiumMinor, country.currencyDecimals),
    active: i.active,
    currency: country.currency,
    updated_at: i.updatedAt.toISOString(),
  }));
}

/** The insurers a driver may choose for comprehensive insurance (active ones), or every one for staff. */
export async function listInsurers(db: Db, all = false): Promise<VehicleDocInsurer[]> {
  const country = await servedCountries(db).byCode(NIGERIA);
  if (!country) throw notInNigeria();
  return presentInsurers(db, await repo.insurersOf(db, country.id, all));
}

export type InsurerAudit = (
  tx: Tx,
  before: { rateBps: number; minimumPremiumMinor: number; active: boolean },
  after: { rateBps: number; minimumPremiumMinor: number; active: boolean },
) => Promise<void>;

/** Changes an insurer's rate, minimum premium or availability; `audit` logs it in the transaction. */
export async function updateInsurer(
  deps: Pick<VehicleDocDeps, "db" | "clock">,
  staffId: string,
  id: number,
  body: { rate?: number | undefined; minimum_premium?: number | undefined; active?: boolean | undefined },
  audit: InsurerAudit,
): Promise<VehicleDocInsurer> {
  const country = await servedCountries(deps.db).byCode(NIGERIA);
  if (!country) throw notInNigeria();
  const updated = await deps.db.transaction(async (tx) => {
    const found = await repo.lockInsurer(tx, id);
    if (!found || found.countryId !== country.id) {
      throw AppError.notFound(INSURER_NOT_FOUND_MESSAGE, "insurer_not_found");
    }
    const patch: Parameters<typeof repo.updateInsurer>[2] = {};
    if (body.rate !== undefined) patch.rateBps = Math.round(body.rate * 100);
    if (body.minimum_premium !== undefined) {
      patch.minimumPremiumMinor = toMinor(body.minimum_premium, country.currencyDecimals);
    }
    if (body.active !== undefined) patch.active = body.active;
    const row = await repo.updateInsurer(tx, id, patch, deps.clock(), staffId);
    const facts = (i: repo.InsurerRow) => ({
      rateBps: i.rateBps,
      minimumPremiumMinor: i.minimumPremiumMinor,
      active: i.active,
    });
    await audit(tx, facts(found), facts(row));
    return row;
  });
  return (await presentInsurers(deps.db, [updated]))[0]!;
}

export async function listFees(db: Db, stateCode?: string) {
  const country = await servedCountries(db).byCode(NIGERIA);
  if (!country) throw notInNigeria();
  let stateId: number | undefined;
  if (stateCode) {
    const state = await repo.stateByCode(db, country.id, stateCode);
    if (!state) throw AppError.validation({ state_code: STATE_UNKNOWN_MESSAGE });
    stateId = state.id;
  }
  const money = (minor: number) => toMajor(minor, country.currencyDecimals);
  const rows = await repo.listFees(db, stateId);
  return {
    items: rows.map(({ fee, stateCode: code }) => ({
      id: fee.id,
      state_code: code,
      document_type: fee.documentType as VehicleDocType,
      vehicle_use: fee.vehicleUse as VehicleUse | "any",
      engine_band: fee.engineBand as EngineBand | "any",
      fee: money(fee.feeMinor),
      updated_at: fee.updatedAt.toISOString(),
    })),
    service_charge: money((await repo.serviceChargeOf(db, country.id)) ?? 0),
    currency: country.currency,
  };
}

export type FeeAudit = (tx: Tx, before: { feeMinor: number }, after: { feeMinor: number }) => Promise<void>;

/** Changes one fee of the tables; `audit` writes the change's log entry in its transaction. */
export async function updateFee(
  deps: Pick<VehicleDocDeps, "db" | "clock">,
  staffId: string,
  id: number,
  fee: number,
  audit: FeeAudit,
) {
  const country = await servedCountries(deps.db).byCode(NIGERIA);
  if (!country) throw notInNigeria();
  await deps.db.transaction(async (tx) => {
    const found = await repo.lockFee(tx, id);
    if (!found) throw AppError.notFound(FEE_NOT_FOUND_MESSAGE, "fee_not_found");
    const feeMinor = toMinor(fee, country.currencyDecimals);
    await repo.updateFee(tx, id, feeMinor, deps.clock(), staffId);
    await audit(tx, { feeMinor: found.fee.feeMinor }, { feeMinor });
  });
  const all = await listFees(deps.db);
  return all.items.find((f) => f.id === id)!;
}

/** Changes Parkwell's service charge per request. */
export async function updateServiceCharge(
  deps: Pick<VehicleDocDeps, "db" | "clock">,
  staffId: string,
  serviceCharge: number,
  audit: FeeAudit,
) {
  const country = await servedCountries(deps.db).byCode(NIGERIA);
  if (!country) throw notInNigeria();
  await deps.db.transaction(async (tx) => {
    const before = (await repo.serviceChargeOf(tx, country.id)) ?? 0;
    const minor = toMinor(serviceCharge, country.currencyDecimals);
    await repo.setServiceCharge(tx, country.id, minor, deps.clock(), staffId);
    await audit(tx, { feeMinor: before }, { feeMinor: minor });
  });
  return listFees(deps.db);
}
