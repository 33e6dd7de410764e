/**
 * The driver's saved cards and automatic reload (decision 069): GET /wallet/cards, the one way the
 * pages read them (the wallet page, its add-funds dialog, every checkout's "Pay … with Visa ••••
 * 4242"). Under the wallet's key, so a top-up's or a purchase's refresh of ["wallet"] reads them
 * again too (a card saved while paying shows once the payment is confirmed).
 */
import type { SavedCard, SavedCards } from "@parkwell/contract";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";

export const savedCardsQuery = () =>
  queryOptions({
    queryKey: ["wallet", "cards"],
    queryFn: async ({ signal }) => (await api("/wallet/cards", { signal })).data as SavedCards,
    staleTime: 0,
    retry: false,
  });

/** The cards a payment can use now: none while loading, on error, or where the provider keeps none. */
export function useSavedCards() {
  const query = useQuery(savedCardsQuery());
  const data = query.data;
  const cards = data?.available ? data.cards : [];
  return {
    query,
    data,
    cards,
    /** The card a one-tap payment offers: the automatic reload's, else the first one. */
    preferred: cards.find((c) => c.id === data?.auto_reload?.card_id) ?? cards[0] ?? null,
  };
}

/**
 * After a card is removed or the reload is saved or stopped: the server's answer (`next`, PUT's)
 * is the list now, else the list is read again.
 */
export function useRefreshSavedCards() {
  const client = useQueryClient();
  return async (next?: SavedCards) => {
    if (next) client.setQueryData(savedCardsQuery().queryKey, next);
    else await client.invalidateQueries({ queryKey: savedCardsQuery().queryKey });
  };
}

/** The networks' own names; another brand is written as the provider names it, capitalised. */
const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  verve: "Verve",
  amex: "American Express",
  american_express: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

export function brandName(brand: string): string {
  const key = brand.trim().toLowerCase();
  return BRANDS[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}

/** "Visa •••• 4242": a card as every page names it (names and digits: the same in every language). */
export function cardName(card: Pick<SavedCard, "brand" | "last4">): string {
  return `${brandName(card.brand)} •••• ${card.last4}`;
}

/** "12/2030", or null when the provider gave no expiry. */
export function cardExpiry(card: Pick<SavedCard, "exp_month" | "exp_year">): string | null {
  if (card.exp_month === null || card.exp_year === null) return null;
  return `${String(card.exp_month).padStart(2, "0")}/${card.exp_year}`;
}

export function removeSavedCard(id: string) {
  return api("/wallet/cards/{id}", { method: "DELETE", params: { id } });
}

export async function saveAutoReload(body: { card_id: string; threshold: number; amount: number }) {
  return (await api("/wallet/auto-reload", { method: "PUT", body })).data as SavedCards;
}

export function stopAutoReload() {
  return api("/wallet/auto-reload", { method: "DELETE" });
}
