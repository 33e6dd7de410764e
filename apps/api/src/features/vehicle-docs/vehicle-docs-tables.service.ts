/**
 * The back office's tables of vehicle-document renewal: the insurers of comprehensive insurance
 * (rate, minimum premium, availability), the fees per state, document, use and engine band, and
 * Parkwell's service charge per request. Each edit is audited in its transaction.
 */
import type { EngineBand, VehicleDocInsurer, VehicleDocType, VehicleUse } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { toMajor, toMinor } from "../../lib/money";
import { servedCountries } from "../reference/served-countries";
import { presentInsurer } from "./vehicle-docs.present";
import * as repo from "./vehicle-docs.repo";
import {
  FEE_NOT_FOUND_MESSAGE,
  notInNigeria,
  STATE_UNKNOWN_MESSAGE,
  vehicleDocsCountry,
  type VehicleDocDeps,
} from "./vehicle-docs.service";

export const INSURER_NOT_FOUND_MESSAGE = "Insurer not found";

async function insurersAsRead(db: Db, rows: repo.InsurerRow[]): Promise<VehicleDocInsurer[]> {
  const country = await vehicleDocsCountry(servedCountries(db));
  if (!country) throw notInNigeria();
  return rows.map((i) => presentInsurer(i, country));
}

/** The insurers a driver may choose for comprehensive insurance (active ones), or every one for staff. */
export async function listInsurers(db: Db, all = false): Promise<VehicleDocInsurer[]> {
  const country = await vehicleDocsCountry(servedCountries(db));
  if (!country) throw notInNigeria();
  return insurersAsRead(db, await repo.insurersOf(db, country.id, all));
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
  const country = await vehicleDocsCountry(servedCountries(deps.db));
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
  return (await insurersAsRead(deps.db, [updated]))[0]!;
}

export async function listFees(db: Db, stateCode?: string) {
  const country = await vehicleDocsCountry(servedCountries(db));
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
/** The service charge's audit: also told the code of the country whose charge changed. */
export type ServiceChargeAudit = (
  tx: Tx,
  before: { feeMinor: number },
  after: { feeMinor: number },
  countryCode: string,
) => Promise<void>;

/** Changes one fee of the tables; `audit` writes the change's log entry in its transaction. */
export async function updateFee(
  deps: Pick<VehicleDocDeps, "db" | "clock">,
  staffId: string,
  id: number,
  fee: number,
  audit: FeeAudit,
) {
  const country = await vehicleDocsCountry(servedCountries(deps.db));
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
  audit: ServiceChargeAudit,
) {
  const country = await vehicleDocsCountry(servedCountries(deps.db));
  if (!country) throw notInNigeria();
  await deps.db.transaction(async (tx) => {
    const before = (await repo.serviceChargeOf(tx, country.id)) ?? 0;
    const minor = toMinor(serviceCharge, country.currencyDecimals);
    await repo.setServiceCharge(tx, country.id, minor, deps.clock(), staffId);
    await audit(tx, { feeMinor: before }, { feeMinor: minor }, country.code);
  });
  return listFees(deps.db);
}
