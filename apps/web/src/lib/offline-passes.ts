import type { BookingDetail, PassDetail } from "@parkwell/contract";
import { apiUnreachable } from "./api";
import { syncProfile } from "./profile-sync";
import { getSession } from "./session";
import { readJson, STORAGE_KEYS, writeStorage } from "./storage-keys";

/**
 * The driver's gate passes kept on this device (docs/PRODUCT-RULES.md, "Offline"): each upcoming
 * or current booking and monthly pass whose page was seen with its QR code, as the API answered it,
 * so its page opens at a barrier with no signal. A page seen again online replaces its copy (or
 * removes it: cancelled, ended, left, no code any more); a copy whose end has passed is dropped when
 * the store is read; logging out removes them all. They are the signed-in driver's: another
 * account's copies are never shown (and are dropped by the first write).
 */
export interface SavedCopy {
  /** When the API gave this copy. */
  saved_at: string;
}

/** A booking or a pass as its page shows it, marked when it came from this device. */
export type MaybeSaved<T> = T & { saved_copy?: SavedCopy };

interface Entry<K extends "booking" | "pass", T> {
  kind: K;
  /** The booking's code or the pass's code, as its page's address names it. */
  code: string;
  /** After this instant the copy is of no use at the gate. */
  ends_at: string;
  saved_at: string;
  data: T;
}

type StoredEntry = Entry<"booking", BookingDetail> | Entry<"pass", PassDetail>;

interface Store {
  user_id: string;
  entries: StoredEntry[];
}

/** The signed-in driver's id, as the cached profile has it; null signed out. */
function currentUser(): string | null {
  const { token, profile } = getSession();
  const id = profile?.id;
  return token && id !== undefined && id !== null ? String(id) : null;
}

/** The driver's copies still of use at `now`. */
function liveEntries(now: Date): StoredEntry[] {
  const user = currentUser();
  const store = readJson<Store>(STORAGE_KEYS.offlinePasses);
  if (!user || !store || store.user_id !== user || !Array.isArray(store.entries)) return [];
  return store.entries.filter((e) => Date.parse(e.ends_at) > now.getTime());
}

function write(entries: StoredEntry[]): void {
  const user = currentUser();
  if (!user) return;
  writeStorage(
    STORAGE_KEYS.offlinePasses,
    entries.length === 0 ? null : JSON.stringify({ user_id: user, entries } satisfies Store),
  );
}

/** The copy a page seen online leaves: kept while it opens the gate, else none. */
function keep(entry: StoredEntry | null, kind: StoredEntry["kind"], code: string, now: Date): void {
  const others = liveEntries(now).filter((e) => !(e.kind === kind && e.code === code));
  write(entry ? [...others, entry] : others);
}

/**
 * A booking's end while its QR opens the gate (active, not left, not waiting for the guarantee's
 * choice, a code given), else null: there is nothing to keep.
 */
export function bookingGateEnd(b: BookingDetail): string | null {
  const usable = b.status === "active" && b.qr !== null && !b.checked_out_at && b.open_offer === null;
  return usable ? b.end_time : null;
}

/** A pass's end while its QR opens the gate (not ended, a code given): the paid term's, else null. */
export function passGateEnd(p: PassDetail): string | null {
  return p.status !== "ended" && p.qr ? (p.grace?.lapses_at ?? p.paid_until) : null;
}

/**
 * Asks the API through `load`; its answer is kept (or its copy removed, see bookingGateEnd and
 * passGateEnd). When the API cannot answer (offline, the server failing), the copy kept stands in,
 * marked `saved_copy`; without one, the failure is the page's.
 */
async function throughStore<K extends StoredEntry["kind"], T extends StoredEntry["data"]>(
  kind: K,
  code: string,
  load: () => Promise<T>,
  gateEnd: (data: T) => string | null,
  now: () => Date,
): Promise<MaybeSaved<T>> {
  try {
    const data = await load();
    // The copy is the account's: its id comes with the cached profile, fetched if not had yet.
    if (!currentUser()) await syncProfile();
    const ends = gateEnd(data);
    const at = now();
    keep(
      ends ? ({ kind, code, ends_at: ends, saved_at: at.toISOString(), data } as StoredEntry) : null,
      kind,
      code,
      at,
    );
    return data;
  } catch (err) {
    const copy = apiUnreachable(err)
      ? liveEntries(now()).find((e) => e.kind === kind && e.code === code)
      : undefined;
    if (!copy) throw err;
    return { ...(copy.data as T), saved_copy: { saved_at: copy.saved_at } };
  }
}

export const bookingThroughStore = (
  code: string,
  load: () => Promise<BookingDetail>,
  now = () => new Date(),
) => throughStore("booking", code, load, bookingGateEnd, now);

export const passThroughStore = (code: string, load: () => Promise<PassDetail>, now = () => new Date()) =>
  throughStore("pass", code, load, passGateEnd, now);

/** A page of a list as the client reads it (PRODUCT-RULES.md, client data shapes). */
export interface ListPage<I> {
  items: I[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

/**
 * A list's page from the API through `load`; when the API cannot answer, the items this device
 * kept (`saved`, as of now) on one page, marked `saved_copy`.
 */
export async function pageThroughStore<P extends ListPage<unknown>>(
  load: () => Promise<P>,
  saved: (now: Date) => P["items"],
  now = () => new Date(),
): Promise<P & { saved_copy?: true }> {
  try {
    return await load();
  } catch (err) {
    if (!apiUnreachable(err)) throw err;
    const items = saved(now());
    const page: ListPage<P["items"][number]> & { saved_copy: true } = {
      items,
      total: items.length,
      page: 1,
      size: Math.max(items.length, 1),
      pages: 1,
      saved_copy: true,
    };
    // The page's own fields beyond a list's (none today) are not kept offline.
    return page as P & { saved_copy: true };
  }
}

/** The bookings kept on this device for the driver, soonest first. */
export function savedBookings(now = new Date()): Entry<"booking", BookingDetail>[] {
  return liveEntries(now)
    .filter((e): e is Entry<"booking", BookingDetail> => e.kind === "booking")
    .sort((a, b) => a.data.start_time.localeCompare(b.data.start_time));
}

/** The monthly passes kept on this device for the driver. */
export function savedPasses(now = new Date()): Entry<"pass", PassDetail>[] {
  return liveEntries(now).filter((e): e is Entry<"pass", PassDetail> => e.kind === "pass");
}
