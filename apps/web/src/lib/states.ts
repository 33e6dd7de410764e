import type { State } from "@parkwell/contract";
import { api, apiUnreachable } from "./api";
import { readJson, STORAGE_KEYS, writeStorage } from "./storage-keys";

/**
 * A country's states for the driver's pages: GET /states/load, cached locally as `states`; when
 * the API cannot be reached or fails (offline, 5xx), the rows this browser stored for that country.
 * A refusal (4xx), an abort, or a failure with nothing stored for the country is thrown as before.
 *
 * `states` holds one array of rows (id, name, code, country_id) of every country fetched here: a
 * country's answer replaces that country's rows and leaves the others', so a driver who switches
 * country keeps both offline. `code` is kept beside the rule's fields since the pages store and
 * match a state by its code (a vehicle's state of registration).
 */
export async function loadStates(countryId: number, signal?: AbortSignal): Promise<State[]> {
  let states: State[];
  try {
    states = await api("/states/load", { query: { country_id: countryId }, signal });
  } catch (err) {
    const cached = apiUnreachable(err) ? cachedStates(countryId) : [];
    if (cached.length === 0) throw err;
    return cached;
  }
  const others = storedStates().filter((s) => s.country_id !== countryId);
  const fetched = states.map(({ id, name, code, country_id }) => ({ id, name, code, country_id }));
  writeStorage(STORAGE_KEYS.states, JSON.stringify([...others, ...fetched]));
  return states;
}

/** The rows this browser stored for a country (each checked for its four fields); empty when none. */
export function cachedStates(countryId: number): State[] {
  return storedStates().filter((s) => s.country_id === countryId);
}

function storedStates(): State[] {
  const stored = readJson<unknown>(STORAGE_KEYS.states);
  return Array.isArray(stored) ? stored.filter(isState) : [];
}

function isState(s: unknown): s is State {
  const o = s as Partial<State> | null;
  return (
    typeof o === "object" &&
    o !== null &&
    typeof o.id === "number" &&
    typeof o.name === "string" &&
    typeof o.code === "string" &&
    typeof o.country_id === "number"
  );
}
