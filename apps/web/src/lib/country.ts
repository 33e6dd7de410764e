import { DEFAULT_COUNTRY_CODE, type CountryCode } from "@parkwell/contract";
import { useSyncExternalStore } from "react";
import { readJson, STORAGE_KEYS, writeStorage } from "./storage-keys";

/**
 * The selected country: the one place the rest of the app reads it from (it scopes parks, fees,
 * states and the payment gateway). Stored as `selectedCountry` with code, name and id (SPEC 3).
 * Nigeria when nothing is stored (SPEC 9).
 */
export interface SelectedCountry {
  code: CountryCode;
  name: string;
  id: number;
}

/** Ids are fixed (DESIGN.md): 1 NG, 2 CA, 3 SN, 4 US. */
export const KNOWN_COUNTRIES: Record<CountryCode, SelectedCountry> = {
  NG: { code: "NG", name: "Nigeria", id: 1 },
  CA: { code: "CA", name: "Canada", id: 2 },
  SN: { code: "SN", name: "Senegal", id: 3 },
  US: { code: "US", name: "United States", id: 4 },
};

/** Fired on the window when the selection changes in this tab (SPEC 4: local-storage-updated). */
export const LOCAL_STORAGE_UPDATED = "local-storage-updated";

function read(): SelectedCountry {
  const stored = readJson<Partial<SelectedCountry>>(STORAGE_KEYS.selectedCountry);
  const known = stored?.code ? KNOWN_COUNTRIES[stored.code as CountryCode] : undefined;
  return known ?? KNOWN_COUNTRIES[DEFAULT_COUNTRY_CODE];
}

let snapshot = read();
const listeners = new Set<() => void>();
function emit(): void {
  snapshot = read();
  for (const l of listeners) l();
}
if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.selectedCountry) emit();
  });
  window.addEventListener(LOCAL_STORAGE_UPDATED, emit);
}

export function getSelectedCountry(): SelectedCountry {
  return snapshot;
}

export function hasStoredCountry(): boolean {
  return readJson(STORAGE_KEYS.selectedCountry) !== null;
}

export function useSelectedCountry(): SelectedCountry {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSelectedCountry,
    getSelectedCountry,
  );
}

/** Stores the choice and tells this tab; the caller decides whether to reload (SPEC 4 does). */
export function storeSelectedCountry(country: SelectedCountry, autoDetected: boolean): void {
  writeStorage(STORAGE_KEYS.selectedCountry, JSON.stringify(country));
  writeStorage(STORAGE_KEYS.countryAutoDetected, String(autoDetected));
  window.dispatchEvent(new Event(LOCAL_STORAGE_UPDATED));
}
