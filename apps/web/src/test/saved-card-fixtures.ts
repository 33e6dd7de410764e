/** Saved cards as GET /wallet/cards answers them (decision 069), for the wallet's and the checkouts' tests. */
import { SavedCardsSchema, type SavedCards } from "@parkwell/contract";

export const VISA_ID = "4b0c8a52-7f0e-4d3c-9a6e-1f2a3b4c5d6e";
export const MASTERCARD_ID = "9d8e7f60-5a4b-4c3d-8e2f-1a0b9c8d7e6f";

export const visa = {
  id: VISA_ID,
  provider: "paystack" as const,
  brand: "visa",
  last4: "4242",
  exp_month: 12,
  exp_year: 2030,
  created_at: "2026-11-02T10:00:00.000Z",
};
export const mastercard = {
  id: MASTERCARD_ID,
  provider: "paystack" as const,
  brand: "mastercard",
  last4: "5100",
  exp_month: 3,
  exp_year: 2029,
  created_at: "2026-10-01T10:00:00.000Z",
};

export const savedCards = (overrides: Partial<SavedCards> = {}): SavedCards =>
  SavedCardsSchema.parse({
    available: true,
    provider: "paystack",
    cards: [visa],
    auto_reload: null,
    ...overrides,
  });

/** The envelope of GET /wallet/cards and PUT /wallet/auto-reload. */
export const cardsAnswer = (data: SavedCards) => ({ json: { status: "success", message: "", data } });
