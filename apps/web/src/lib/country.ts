import {
  COUNTRY_CODE_PATTERN,
  DEFAULT_COUNTRY_CODE,
  isCountryService,
  type Country,
  type CountryCode,
  type CountryService,
} from "@parkwell/contract";
import { createContext, useContext, useSyncExternalStore } from "react";
import { api } from "./api";
import {
  BUILT_IN_COUNTRIES,
  BUILT_IN_SERVICES,
  resolveDetected,
  type DetectedCountry,
  type PickerCountry,
} from "./country-detection";
import { learnCountriesCurrencies } from "./currencies";
import { lookupIp } from "./ip-lookup";
import { serverState } from "./server-state";
import { readJson, STORAGE_KEYS, writeCountryCookie, writeStorage } from "./storage-keys";

/**
 * The selected country: the one place the rest of the app reads it from (it scopes parks, fees,
 * states and the payment gateway). Stored as `selectedCountry` with code, name and id.
 * Nigeria when nothing is stored. Also the country flow (PRODUCT-RULES.md): picker and detection.
 */
export interface SelectedCountry {
  code: CountryCode;
  name: string;
  id: number;
}

/**
 * The served countries as this browser last had them: the API's list (GET /countries, stored as
 * `countries`), else the four built-in ones. A country added on the server as rows reaches the
 * app through that list; nothing here names a country but the built-in fallback.
 */
export function servedCountries(): PickerCountry[] {
  const list = cachedCountries();
  return list.length > 0 ? list.map(({ id, code, name }) => ({ id, code, name })) : BUILT_IN_COUNTRIES;
}

/** The API's list as this browser stored it (its entries checked for id, code and name); empty when none. */
function cachedCountries(): (PickerCountry & Partial<Pick<Country, "services" | "timezone">>)[] {
  const stored = readJson<unknown>(STORAGE_KEYS.countries);
  return Array.isArray(stored) ? stored.filter(isPickerCountry) : [];
}

/**
 * The product lines a served country offers beside parking (its row's `services`, docs/decisions/
 * 018-a-country-is-data.md): the API's list, else what the built-in countries offered at launch.
 */
export function servicesOf(code: CountryCode): readonly CountryService[] {
  return servicesIn(cachedCountries(), code);
}

function servicesIn(list: ReturnType<typeof cachedCountries>, code: CountryCode): readonly CountryService[] {
  const services = list.find((c) => c.code === code)?.services;
  return Array.isArray(services) ? services.filter(isCountryService) : (BUILT_IN_SERVICES[code] ?? []);
}

/** The served countries that offer a product line, in display order (the switch a page offers). */
export function countriesOffering(service: CountryService): PickerCountry[] {
  return servedCountries().filter((c) => servicesOf(c.code).includes(service));
}

/**
 * Whether the selected country offers a product line (a link or page shown by its row, not by a
 * code). A server render, and hydration after it, answer from the built-in countries.
 */
export function useCountryOffers(service: CountryService): boolean {
  const { code } = useSelectedCountry();
  return useSyncExternalStore(
    subscribe,
    () => servicesOf(code).includes(service),
    () => servicesIn([], code).includes(service),
  );
}

/**
 * The country a back-office form starts a new record in: the first served country in display
 * order (the API's list, else the built-in four).
 */
export function firstServedCountryCode(): CountryCode {
  return servedCountries()[0]?.code ?? DEFAULT_COUNTRY_CODE;
}

/** A served country's capital's clock as the API's list gives it; undefined before the list is had. */
export function servedZoneOf(code: CountryCode): string | undefined {
  return cachedCountries().find((c) => c.code === code)?.timezone;
}

function isPickerCountry(c: unknown): c is PickerCountry {
  const o = c as Partial<PickerCountry> | null;
  return (
    typeof o === "object" &&
    o !== null &&
    typeof o.id === "number" &&
    typeof o.name === "string" &&
    typeof o.code === "string" &&
    COUNTRY_CODE_PATTERN.test(o.code)
  );
}

/** Fired on the window when the selection changes in this tab (local-storage-updated). */
export const LOCAL_STORAGE_UPDATED = "local-storage-updated";

/** The background IP check runs 2 s after the app opens when a country is already set. */
export const BACKGROUND_CHECK_DELAY_MS = 2_000;

/**
 * The stored choice, read with no request (the first screen needs none): a code of a served
 * country (the cached list, else the built-in four), named and numbered as that list has it;
 * Nigeria otherwise.
 */
function read(): SelectedCountry {
  const stored = readJson<Partial<SelectedCountry>>(STORAGE_KEYS.selectedCountry);
  const served = servedCountries();
  const known = stored?.code ? served.find((c) => c.code === stored.code) : undefined;
  const chosen =
    known ??
    served.find((c) => c.code === DEFAULT_COUNTRY_CODE) ??
    BUILT_IN_COUNTRIES.find((c) => c.code === DEFAULT_COUNTRY_CODE)!;
  return { code: chosen.code, name: chosen.name, id: chosen.id };
}

/** What a server render shows without a `country` cookie (a first visit). */
export const DEFAULT_COUNTRY: SelectedCountry = (({ code, name, id }) => ({ code, name, id }))(
  BUILT_IN_COUNTRIES.find((c) => c.code === DEFAULT_COUNTRY_CODE)!,
);

/**
 * The same choice keeps its object: a page hydrated from the country it was rendered for (the
 * store's server snapshot) is not drawn again at once, in one task, for an equal copy of it read
 * from storage (useSyncExternalStore compares snapshots by identity).
 */
function same(next: SelectedCountry, previous: SelectedCountry): SelectedCountry {
  return next.code === previous.code && next.name === previous.name && next.id === previous.id
    ? previous
    : next;
}

let snapshot = same(read(), hydrationCountry());
const listeners = new Set<() => void>();
function emit(): void {
  snapshot = same(read(), snapshot);
  for (const l of listeners) l();
}
if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.selectedCountry) emit();
  });
  window.addEventListener(LOCAL_STORAGE_UPDATED, emit);
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * The country a server render shows (entry-server.tsx provides the visitor's, from the `country`
 * cookie); in the browser there is no provider, and hydration starts from the one the page was
 * rendered with, then moves to the stored choice if it differs.
 */
const RenderedCountry = createContext<SelectedCountry | null>(null);
export const RenderedCountryProvider = RenderedCountry.Provider;
function hydrationCountry(): SelectedCountry {
  return serverState()?.country ?? DEFAULT_COUNTRY;
}

export function getSelectedCountry(): SelectedCountry {
  return snapshot;
}

export function hasStoredCountry(): boolean {
  return readJson(STORAGE_KEYS.selectedCountry) !== null;
}

export function useSelectedCountry(): SelectedCountry {
  const rendered = useContext(RenderedCountry);
  return useSyncExternalStore(subscribe, getSelectedCountry, rendered ? () => rendered : hydrationCountry);
}

/** Stores the choice and tells this tab; the caller decides whether to reload (the country flow does). */
export function storeSelectedCountry(country: SelectedCountry, autoDetected: boolean): void {
  writeStorage(STORAGE_KEYS.selectedCountry, JSON.stringify(country));
  writeStorage(STORAGE_KEYS.countryAutoDetected, String(autoDetected));
  writeCountryCookie(country.code);
  window.dispatchEvent(new Event(LOCAL_STORAGE_UPDATED));
}

// ---- The country flow (docs/PRODUCT-RULES.md#country-flow) -----------------------------------------------

export interface CountryFlowState {
  pickerOpen: boolean;
  /** The picker cannot be dismissed before a first choice is stored. */
  required: boolean;
  detecting: boolean;
  countries: PickerCountry[];
  detected: DetectedCountry | null;
}

const flowListeners = new Set<() => void>();
function setFlow(patch: Partial<CountryFlowState>): void {
  flow = { ...flow, ...patch };
  for (const l of flowListeners) l();
}

/** The flow as a server render sees it (nothing stored, nothing open): where hydration starts. */
const SERVER_FLOW: CountryFlowState = {
  pickerOpen: false,
  required: false,
  detecting: false,
  countries: BUILT_IN_COUNTRIES,
  detected: null,
};

/** The flow starts as the server's when the served list is the built-in one (the same object, as above). */
let flow: CountryFlowState = ((countries) =>
  countries === BUILT_IN_COUNTRIES ? SERVER_FLOW : { ...SERVER_FLOW, countries })(servedCountries());

export function useCountryFlow(): CountryFlowState {
  return useSyncExternalStore(
    (l) => {
      flowListeners.add(l);
      return () => flowListeners.delete(l);
    },
    () => flow,
    () => SERVER_FLOW,
  );
}

/** GET /countries, cached locally; when it fails, the cached list (else the built-in four). */
async function loadCountries(): Promise<PickerCountry[]> {
  try {
    const list = await api("/countries");
    writeStorage(STORAGE_KEYS.countries, JSON.stringify(list));
    learnCountriesCurrencies(list);
  } catch {
    // The list this browser had stands.
  }
  return servedCountries();
}

async function detect(): Promise<DetectedCountry> {
  const countries = await loadCountries();
  const detected = resolveDetected(await lookupIp(), countries);
  setFlow({ countries, detected });
  return detected;
}

let started = false;
/**
 * Runs once per page load: nothing stored -> the picker opens and the location is detected with
 * the country list loaded; otherwise a quiet IP check 2 s later keeps the detection fresh. It
 * lives as long as the page, so there is nothing to clean up (and a remount does not restart it).
 */
export function startCountryFlow(): void {
  if (started) return;
  started = true;
  if (!hasStoredCountry()) {
    setFlow({ pickerOpen: true, required: true, detecting: true });
    void detect().finally(() => setFlow({ detecting: false }));
    return;
  }
  setTimeout(() => void detect(), BACKGROUND_CHECK_DELAY_MS);
}

export function openCountryPicker(): void {
  setFlow({ pickerOpen: true, required: !hasStoredCountry() });
  if (!flow.detected && !flow.detecting) {
    setFlow({ detecting: true });
    void detect().finally(() => setFlow({ detecting: false }));
  }
}

export function closeCountryPicker(): void {
  if (!flow.required) setFlow({ pickerOpen: false });
}

/** Store (code, name, id), set countryAutoDetected, close, broadcast, reload. */
export function chooseCountry(country: SelectedCountry): void {
  const autoDetected = flow.detected?.autoDetected === true && flow.detected.code === country.code;
  storeSelectedCountry({ code: country.code, name: country.name, id: country.id }, autoDetected);
  setFlow({ pickerOpen: false, required: false });
  window.location.reload();
}
