import {
  CART_LINE_MAX_QUANTITY,
  CART_MAX_LINES,
  CART_STORAGE_KEY,
  LINE_ADDONS_MAX,
} from "@parkwell/contract";
import { useSyncExternalStore } from "react";
import { readJson, writeStorage } from "../../lib/storage-keys";

/**
 * The marketplace cart: kept in the browser (localStorage `parkwell_cart`) as
 * `{ [country_code]: CartLine[] }`, so it works signed out and each country has its own. It holds
 * what was chosen, never a price: the server prices it (POST /marketplace/quote). A line is an item,
 * its variation and its add-ons; adding the same again adds to its quantity.
 */
export interface CartLine {
  item_id: number;
  variation_id: number | null;
  /** Sorted ascending, so two lines with the same add-ons compare equal. */
  addon_ids: number[];
  quantity: number;
}

export type CartStore = Record<string, CartLine[]>;

/** What adding did: a new line, more of a line already there (`capped` when the limit cut it), or nothing. */
export type AddOutcome = "added" | "merged" | "capped" | "cart_full" | "line_full";

const positiveInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v > 0;

/** A stored line as it must be, or null: a hand-edited or older value never breaks the cart. */
export function cleanLine(raw: unknown): CartLine | null {
  const o = raw as Partial<CartLine> | null;
  if (typeof o !== "object" || o === null || !positiveInt(o.item_id) || !positiveInt(o.quantity)) return null;
  const variation = o.variation_id == null ? null : positiveInt(o.variation_id) ? o.variation_id : undefined;
  if (variation === undefined) return null;
  const addons = Array.isArray(o.addon_ids) ? o.addon_ids : [];
  if (!addons.every(positiveInt) || new Set(addons).size !== addons.length || addons.length > LINE_ADDONS_MAX)
    return null;
  return {
    item_id: o.item_id,
    variation_id: variation,
    addon_ids: [...addons].sort((a, b) => a - b),
    quantity: Math.min(o.quantity, CART_LINE_MAX_QUANTITY),
  };
}

/** The stored carts, each cleaned (bad lines dropped, at most CART_MAX_LINES). */
export function parseCartStore(raw: unknown): CartStore {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
  const out: CartStore = {};
  for (const [country, lines] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^[A-Z]{2}$/.test(country) || !Array.isArray(lines)) continue;
    const clean = lines.map(cleanLine).filter((l): l is CartLine => l !== null);
    if (clean.length > 0) out[country] = clean.slice(0, CART_MAX_LINES);
  }
  return out;
}

export const sameLine = (a: Omit<CartLine, "quantity">, b: Omit<CartLine, "quantity">): boolean =>
  a.item_id === b.item_id &&
  (a.variation_id ?? null) === (b.variation_id ?? null) &&
  a.addon_ids.length === b.addon_ids.length &&
  [...a.addon_ids].sort((x, y) => x - y).every((id, i) => id === [...b.addon_ids].sort((x, y) => x - y)[i]);

/** The lines after adding `line`: merged into an equal line (quantity capped), else appended if there is room. */
export function addLine(lines: CartLine[], line: CartLine): { lines: CartLine[]; outcome: AddOutcome } {
  const clean = cleanLine(line);
  if (!clean) return { lines, outcome: "line_full" };
  const at = lines.findIndex((l) => sameLine(l, clean));
  if (at >= 0) {
    const current = lines[at]!;
    if (current.quantity >= CART_LINE_MAX_QUANTITY) return { lines, outcome: "line_full" };
    const wanted = current.quantity + clean.quantity;
    const quantity = Math.min(wanted, CART_LINE_MAX_QUANTITY);
    return {
      lines: lines.map((l, i) => (i === at ? { ...l, quantity } : l)),
      outcome: quantity < wanted ? "capped" : "merged",
    };
  }
  if (lines.length >= CART_MAX_LINES) return { lines, outcome: "cart_full" };
  return { lines: [...lines, clean], outcome: "added" };
}

/** The lines with one line's quantity set (1 to the limit); 0 or less removes it. */
export function setLineQuantity(lines: CartLine[], index: number, quantity: number): CartLine[] {
  if (!Number.isInteger(quantity) || index < 0 || index >= lines.length) return lines;
  if (quantity <= 0) return lines.filter((_, i) => i !== index);
  return lines.map((l, i) =>
    i === index ? { ...l, quantity: Math.min(quantity, CART_LINE_MAX_QUANTITY) } : l,
  );
}

/** Units in a cart (the header's count). */
export const cartCount = (lines: readonly CartLine[]): number => lines.reduce((n, l) => n + l.quantity, 0);

// ---- The store: localStorage, this tab's listeners and other tabs' storage events -------------------

const EMPTY: CartLine[] = [];
let snapshot: CartStore = parseCartStore(readJson<unknown>(CART_STORAGE_KEY));
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function reload(): void {
  snapshot = parseCartStore(readJson<unknown>(CART_STORAGE_KEY));
  emit();
}

if (typeof window !== "undefined" && typeof window.addEventListener === "function") {
  window.addEventListener("storage", (e) => {
    if (e.key === null || e.key === CART_STORAGE_KEY) reload();
  });
}

function save(next: CartStore): void {
  snapshot = next;
  const kept = Object.fromEntries(Object.entries(next).filter(([, lines]) => lines.length > 0));
  writeStorage(CART_STORAGE_KEY, Object.keys(kept).length > 0 ? JSON.stringify(kept) : null);
  emit();
}

/** Reads the stored value again (after something else wrote it). */
export const reloadCart = reload;

export function getCartLines(country: string): CartLine[] {
  return snapshot[country] ?? EMPTY;
}

export function addToCart(country: string, line: CartLine): AddOutcome {
  const { lines, outcome } = addLine(getCartLines(country), line);
  if (outcome !== "cart_full" && outcome !== "line_full") save({ ...snapshot, [country]: lines });
  return outcome;
}

export function setCartQuantity(country: string, index: number, quantity: number): void {
  save({ ...snapshot, [country]: setLineQuantity(getCartLines(country), index, quantity) });
}

export function removeCartLine(country: string, index: number): void {
  setCartQuantity(country, index, 0);
}

/** Empties one country's cart (after an order is placed, or when leaving the country). */
export function emptyCart(country: string): void {
  const next = { ...snapshot };
  delete next[country];
  save(next);
}

/**
 * The country changes (after the side panel's warning): the cart of the country left is emptied,
 * as its products and prices do not apply in the new one. Choosing the same country keeps it.
 */
export function leaveCountry(from: string, to: string): void {
  if (from !== to) emptyCart(from);
}

// ---- The cart drawer: opened by the header's button and by "Add to cart" ------------------------------

let drawerOpen = false;
const drawerListeners = new Set<() => void>();
function setDrawer(open: boolean): void {
  if (drawerOpen === open) return;
  drawerOpen = open;
  for (const l of drawerListeners) l();
}
export const openCartDrawer = (): void => setDrawer(true);
export const closeCartDrawer = (): void => setDrawer(false);
export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      drawerListeners.add(l);
      return () => drawerListeners.delete(l);
    },
    () => drawerOpen,
    () => false,
  );
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The country's cart lines, re-rendered on every change (in this tab and others). */
export function useCart(country: string): CartLine[] {
  return useSyncExternalStore(
    subscribe,
    () => getCartLines(country),
    () => EMPTY,
  );
}
