import {
  DETECTION_FALLBACK_COUNTRY_CODE,
  type Country,
  type CountryCode,
  type CountryService,
} from "@parkwell/contract";
import type { IpData } from "./ip-lookup";

/** The detected-country info the picker shows (auto-detected, default, error fallback). */
export interface DetectedCountry {
  code: CountryCode;
  name: string;
  /** The visitor's country is one Parkwell serves: preselected as auto-detected. */
  autoDetected: boolean;
  /** Detection worked but the country is not served: the United States entry instead. */
  fallbackToDefault: boolean;
  /** Every lookup service failed: the United States entry, labelled error fallback. */
  errorFallback: boolean;
  detectedCity: string;
  ip: string;
}

/**
 * The picker's entries: the API's list when it loaded, else the four built-in countries. The API's
 * emoji `flag` is not shown: the web app draws its own flag images (components/ui/country-flag).
 */
export type PickerCountry = Pick<Country, "id" | "code" | "name">;

export const BUILT_IN_COUNTRIES: PickerCountry[] = [
  { id: 1, code: "NG", name: "Nigeria" },
  { id: 2, code: "CA", name: "Canada" },
  { id: 3, code: "SN", name: "Senegal" },
  { id: 4, code: "US", name: "United States" },
];

/**
 * The product lines the built-in countries offer, as their rows said at launch: what a first paint
 * (a server render, a browser without the API's list yet) shows; the API's list overrides it.
 */
export const BUILT_IN_SERVICES: Readonly<Record<CountryCode, readonly CountryService[]>> = {
  NG: ["vehicle_docs"],
};

/** A match is preselected, otherwise the United States entry is used. */
export function resolveDetected(ip: IpData | null, countries: PickerCountry[]): DetectedCountry {
  const list = countries.length > 0 ? countries : BUILT_IN_COUNTRIES;
  const fallback =
    list.find((c) => c.code === DETECTION_FALLBACK_COUNTRY_CODE) ??
    BUILT_IN_COUNTRIES.find((c) => c.code === DETECTION_FALLBACK_COUNTRY_CODE)!;
  const match = ip ? list.find((c) => c.code === ip.location.countryCode) : undefined;
  const chosen = match ?? fallback;
  return {
    code: chosen.code,
    name: chosen.name,
    autoDetected: Boolean(match),
    fallbackToDefault: Boolean(ip) && !match,
    errorFallback: !ip,
    detectedCity: ip?.location.city ?? "",
    ip: ip?.ip ?? "",
  };
}
