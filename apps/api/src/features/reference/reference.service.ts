import {
  isCountryService,
  type Country,
  type Fees,
  type State,
  type TaxDistrict,
  type VehicleType,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { bpsToPercent, toMajor } from "../../lib/money";
import * as repo from "./reference.repo";
import type { ServedCountries } from "./served-countries";

/**
 * The served countries' copy (ServedCountries): a country inserted or changed as rows is listed
 * once the copy is read again (at most a minute, or at once after `invalidate`).
 */
export async function getCountries(served: ServedCountries): Promise<Country[]> {
  const rows = await served.list();
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    code: c.code,
    currency: c.currency,
    currency_symbol: c.currencySymbol,
    currency_decimals: c.currencyDecimals,
    flag: c.flag,
    dial_code: c.dialCode,
    timezone: c.timezone,
    locale: c.locale,
    gateway: c.gateway,
    gateway_fallback: c.gatewayFallback,
    default_language: c.defaultLanguage === "fr" ? "fr" : "en",
    time_zones: c.timeZones,
    support_email: c.supportEmail,
    support_phone: c.supportPhone,
    services: c.services.filter(isCountryService),
  }));
}

/** An unknown country has no states: an empty list, not an error (clients then use their fallback). */
export async function getStates(db: Db, countryId: number): Promise<State[]> {
  const rows = await repo.listStates(db, countryId);
  return rows.map((s) => ({ id: s.id, name: s.name, code: s.code, country_id: s.countryId }));
}

/** A state's tax districts (decision 049); an unknown state or one without districts: an empty list. */
export async function getTaxDistricts(db: Db, stateId: number): Promise<TaxDistrict[]> {
  const rows = await repo.listTaxDistricts(db, stateId);
  return rows.map((d) => ({
    id: d.id,
    code: d.code,
    name: d.name,
    country_id: d.countryId,
    state_id: d.stateId,
  }));
}

export async function getFees(served: ServedCountries, countryId: number): Promise<Fees> {
  const [f, country] = await Promise.all([served.feesOf(countryId), served.byId(countryId)]);
  if (!f || !country) throw AppError.notFound("No fees are set for this country", "country_not_found");
  const major = (minor: number) => toMajor(minor, country.currencyDecimals);
  return {
    country_id: f.countryId,
    currency: country.currency,
    service_fee: major(f.serviceFeeMinor),
    booking_fee_percent: bpsToPercent(f.bookingFeeBps),
    tax_percent: bpsToPercent(f.taxBps),
    tax_name: f.taxName,
    min_topup: major(f.minTopupMinor),
    max_topup: major(f.maxTopupMinor),
    max_wallet_balance: major(f.maxWalletBalanceMinor),
  };
}

export async function getVehicleTypes(db: Db): Promise<VehicleType[]> {
  const rows = await repo.listVehicleTypes(db);
  return rows.map((v) => ({
    id: v.id,
    code: v.code,
    name: v.name,
    description: v.description,
    sort_order: v.sortOrder,
  }));
}
