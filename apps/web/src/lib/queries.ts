import { EVENT_CODE_PATTERN, normaliseEventCode } from "@parkwell/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, ApiError } from "./api";
import { learnCountriesCurrencies } from "./currencies";
import { eventAccessHeaders } from "./event-access";
import { getSession } from "./session";
import { STORAGE_KEYS, writeStorage } from "./storage-keys";

/**
 * Queries more than one feature reads (park, event, checkout, booking, wallet and account pages): one
 * definition each, so one cache key never means two things.
 */

/** A park by id, slug or QR code; its texts come in the language shown, so the key names it. */
export const parkQuery = (ref: string, language: string) =>
  queryOptions({
    queryKey: ["parks", "detail", ref, language],
    // The language is the key's, not the stored one (a server render serves the request's).
    queryFn: ({ signal }) =>
      api("/front/parks/{park}", { params: { park: ref }, headers: { "accept-language": language }, signal }),
    // An unknown or a deactivated park is an answer, not a failure to retry.
    retry: (count, err) =>
      count < 1 && !(err instanceof ApiError && (err.status === 404 || err.status === 410)),
  });

export function usePark(ref: string) {
  const { i18n } = useTranslation();
  return useQuery(parkQuery(ref, i18n.language));
}

/** The vehicle types (park filters, saved vehicles). */
export const vehicleTypesQuery = () =>
  queryOptions({
    queryKey: ["vehicles", "public"],
    queryFn: ({ signal }) => api("/vehicles/public", { signal }),
    staleTime: 10 * 60_000,
  });

export const walletQuery = () =>
  queryOptions({
    queryKey: ["wallet"],
    queryFn: async () => (await api("/wallet")).data,
    staleTime: 0,
  });

/**
 * The driver's saved vehicles; the list may arrive as a bare array or as `{ data: [...] }`, and
 * is kept under its storage key while signed in.
 */
/** The documented bare array, read as the client reads vehicles: `{ data: [...] }` too. */
function vehicleList<T>(res: T[] | { data: T[] }): T[] {
  return Array.isArray(res) ? res : res.data;
}

export const savedVehiclesQuery = () =>
  queryOptions({
    queryKey: ["user-vehicles"],
    queryFn: async () => {
      const list = vehicleList(await api("/user/vehicles/"));
      if (getSession().token) writeStorage(STORAGE_KEYS.vehicles, JSON.stringify(list));
      return list;
    },
  });

/** A window's spaces, price and whether it can be booked, the reason in the language shown. */
export const availabilityQuery = (
  parkId: number,
  vehicleTypeId: number,
  start: string,
  end: string,
  language: string,
  /** A charger group the booking names: a group priced per hour is in the price (decision 048). */
  chargerId?: number,
) =>
  queryOptions({
    queryKey: ["parks", "availability", parkId, vehicleTypeId, start, end, language, chargerId ?? null],
    queryFn: ({ signal }) =>
      api("/front/parks/{park}/availability", {
        params: { park: parkId },
        query: {
          vehicle_type_id: vehicleTypeId,
          start_time: start,
          end_time: end,
          ...(chargerId ? { charger_id: chargerId } : {}),
        },
        signal,
      }),
    retry: false,
  });

/** Two availability keys of the same park, vehicle type, window and language (the charger aside). */
const sameWindow = (a: readonly unknown[], b: readonly unknown[]) =>
  a.slice(0, 7).every((part, i) => part === b[i]);

export function useAvailability(
  parkId: number | undefined,
  vehicleTypeId: number,
  start?: string,
  end?: string,
  chargerId?: number,
) {
  const { i18n } = useTranslation();
  const options = availabilityQuery(
    parkId ?? 0,
    vehicleTypeId,
    start ?? "",
    end ?? "",
    i18n.language,
    chargerId,
  );
  return useQuery({
    ...options,
    // Another charger group for the same window: the window's spaces and chargers stay shown while
    // its price is asked again (never another window's, which would be wrong for this one).
    placeholderData: (previous, query) =>
      query && sameWindow(query.queryKey, options.queryKey) ? previous : undefined,
    enabled: parkId !== undefined && Boolean(start && end),
  });
}

/**
 * GET /admin/me: the back office's guard and the profile menu's link to it read the same entry.
 * A 401 or 403 is an answer (signed out, or no back-office permission), not a failure to retry.
 */
export const adminMeQuery = () =>
  queryOptions({
    queryKey: ["admin", "me"],
    queryFn: ({ signal }) => api("/admin/me", { signal }),
    retry: (count, err) =>
      count < 1 && !(err instanceof ApiError && (err.status === 401 || err.status === 403)),
  });

/** A code as typed in a URL ("ev-7k2q9") in its canonical form, or null when it cannot be one. */
export function eventCodeOf(raw: string): string | null {
  const code = normaliseEventCode(raw);
  return EVENT_CODE_PATTERN.test(code) ? code : null;
}

/**
 * One event (its page and its checkout), the description in the language shown (so the key names
 * it). A private event needs this session's grant, sent with the request; without it the answer is 404.
 */
export const eventQuery = (code: string, language: string) =>
  queryOptions({
    queryKey: ["events", "detail", code, language],
    queryFn: ({ signal }) =>
      api("/events/{eventCode}", { params: { eventCode: code }, signal, headers: eventAccessHeaders(code) }),
    // An unknown event is an answer, not a failure to retry.
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status === 404),
  });

/** The event of a code as a URL names it; a code that cannot be one is not asked for. */
export function useEvent(code: string | null) {
  const { i18n } = useTranslation();
  return useQuery({ ...eventQuery(code ?? "", i18n.language), enabled: code !== null });
}

/** The served countries with their currencies and zones (GET /countries): the back office's forms. */
export const countriesQuery = () =>
  queryOptions({
    queryKey: ["countries"],
    queryFn: async ({ signal }) => {
      const list = await api("/countries", { signal });
      learnCountriesCurrencies(list);
      return list;
    },
    staleTime: 10 * 60_000,
  });

/**
 * The receipts and credit notes of one purchase (a booking, an order, a monthly pass: its code),
 * oldest first as its page lists them; the receipts feature's pages read the same route.
 */
export const receiptsOfQuery = (reference: string) =>
  queryOptions({
    queryKey: ["receipts", "of", reference],
    queryFn: async ({ signal }) => {
      const page = await api("/receipts", { query: { reference, size: 100 }, signal });
      return [...page.items].reverse();
    },
  });
