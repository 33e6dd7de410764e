// @vitest-environment happy-dom
import { WalletSchema } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { countries } from "../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../test/render";
import {
  cardsAnswer,
  mastercard,
  MASTERCARD_ID,
  savedCards,
  visa,
  VISA_ID,
} from "../../test/saved-card-fixtures";
import { WalletPage } from "./wallet-page";

const wallet = (provider: "paystack" | "wave" = "paystack", currency = "NGN") =>
  WalletSchema.parse({
    balance: 500,
    currency,
    currency_symbol: currency === "NGN" ? "₦" : currency,
    decimals: currency === "NGN" ? 2 : 0,
    provider,
    min_topup: 100,
    max_topup: 1000000,
    max_balance: 5000000,
  });

const walletApi = (cards = savedCards(), provider: "paystack" | "wave" = "paystack", currency = "NGN") =>
  new FakeApi()
    .on("GET /wallet", { json: { status: "success", message: "", data: wallet(provider, currency) } })
    .on("GET /wallet/transactions", {
      json: { status: "success", message: "", data: { items: [], total: 0, page: 1, size: 10, pages: 1 } },
    })
    .on("GET /countries", { json: countries })
    .on("GET /wallet/cards", cardsAnswer(cards));

describe("the wallet page's saved cards", () => {
  it("lists each card with its expiry and a Remove button named after it", async () => {
    await renderWithApp(<WalletPage />, {
      api: walletApi(savedCards({ cards: [visa, mastercard] })),
      route: "/wallet",
    });
    const rows = await screen.findAllByTestId("saved-card");
    expect(rows.map((r) => r.textContent)).toEqual([
      "Visa •••• 4242, expires 12/2030Remove",
      "Mastercard •••• 5100, expires 03/2029Remove",
    ]);
    expect(screen.getByRole("button", { name: "Remove Visa •••• 4242" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Automatic reload" })).toBeTruthy();
    expect(screen.getByText("Automatic reload is off.")).toBeTruthy();
  });

  it("removes a card after asking, with the keyboard, and reads the list again", async () => {
    let cards = savedCards({ cards: [visa, mastercard] });
    const api = walletApi()
      .on("GET /wallet/cards", () => cardsAnswer(cards))
      .on(`DELETE /wallet/cards/${VISA_ID}`, () => {
        cards = savedCards({ cards: [mastercard] });
        return { status: 204 };
      });
    await renderWithApp(<WalletPage />, { api, route: "/wallet" });
    const remove = await screen.findByRole("button", { name: "Remove Visa •••• 4242" });
    remove.focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Remove Visa •••• 4242?" });
    expect(within(dialog).getByText(/forgotten here and at the payment provider/)).toBeTruthy();
    expect(api.callsTo(`DELETE /wallet/cards/${VISA_ID}`)).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.getAllByTestId("saved-card")).toHaveLength(1));
    expect(api.callsTo(`DELETE /wallet/cards/${VISA_ID}`)).toHaveLength(1);
    expect(screen.getByTestId("saved-card").textContent).toContain("Mastercard •••• 5100");
  });

  it("saves an automatic reload with the chosen card, threshold and amount", async () => {
    const api = walletApi(savedCards({ cards: [visa, mastercard] })).on("PUT /wallet/auto-reload", (call) =>
      cardsAnswer(
        savedCards({
          cards: [visa, mastercard],
          auto_reload: {
            ...(call.body as { card_id: string; threshold: number; amount: number }),
            currency: "NGN",
            paused_at: null,
            pause_reason: null,
            last_reload_at: null,
          },
        }),
      ),
    );
    await renderWithApp(<WalletPage />, { api, route: "/wallet" });
    await userEvent.selectOptions(await screen.findByLabelText("Card"), "Mastercard •••• 5100");
    await userEvent.type(screen.getByLabelText("When my balance falls under (NGN)"), "1000");
    await userEvent.type(screen.getByLabelText("Add (NGN)"), "5000.50");
    expect(
      screen.getByText(/within about a minute of your balance falling under the threshold/).textContent,
    ).toBe(
      "The reload happens within about a minute of your balance falling under the threshold, and never takes your wallet over its maximum balance of ₦5,000,000.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Automatic reload saved.")).toBeTruthy();
    expect(api.callsTo("PUT /wallet/auto-reload").map((c) => c.body)).toEqual([
      { card_id: MASTERCARD_ID, threshold: 1000, amount: 5000.5 },
    ]);
    expect(screen.getByTestId("auto-reload-state").textContent).toBe(
      "On: when your balance falls under ₦1,000, ₦5,000.50 is added with Mastercard •••• 5100.",
    );
    expect(screen.getByRole("button", { name: "Turn off" })).toBeTruthy();
  });

  it("says a threshold or amount that cannot be saved at its field, and sends nothing", async () => {
    const api = walletApi();
    await renderWithApp(<WalletPage />, { api, route: "/wallet" });
    await userEvent.type(await screen.findByLabelText("When my balance falls under (NGN)"), "9000000");
    await userEvent.type(screen.getByLabelText("Add (NGN)"), "50");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("The threshold must be at most your wallet's maximum balance, ₦5,000,000"),
    ).toBeTruthy();
    expect(screen.getByText("The minimum top-up is ₦100")).toBeTruthy();
    expect(api.callsTo("PUT /wallet/auto-reload")).toEqual([]);
  });

  it("shows a paused reload in French, on the wallet's country's clock, and how to resume it", async () => {
    const paused = savedCards({
      auto_reload: {
        card_id: VISA_ID,
        threshold: 1000,
        amount: 5000,
        currency: "NGN",
        paused_at: "2026-12-01T14:30:00.000Z",
        pause_reason: "Fonds insuffisants",
        last_reload_at: "2026-11-20T08:00:00.000Z",
      },
    });
    await renderWithApp(<WalletPage />, { api: walletApi(paused), route: "/wallet", language: "fr" });
    const state = await screen.findByTestId("auto-reload-paused");
    const when = formatZonedDateTime("2026-12-01T14:30:00.000Z", "fr", "Africa/Lagos");
    expect(when).toContain("15:30");
    expect(when).toMatch(/déc/);
    expect(state.textContent).toBe(
      `En pause depuis le ${when}\u00a0: Fonds insuffisantsL'enregistrer à nouveau le relance.`,
    );
    expect(screen.getByTestId("auto-reload-state").textContent).toContain(
      `Dernier rechargement\u00a0: ${formatZonedDateTime("2026-11-20T08:00:00.000Z", "fr", "Africa/Lagos")}`,
    );
    expect((screen.getByLabelText("Quand mon solde passe sous (NGN)") as HTMLInputElement).value).toBe(
      "1000",
    );
    expect(screen.getByRole("button", { name: "Enregistrer et relancer" })).toBeTruthy();
  });

  it("says that Wave keeps no cards, and offers no reload", async () => {
    const none = savedCards({ available: false, provider: "wave", cards: [] });
    await renderWithApp(<WalletPage />, { api: walletApi(none, "wave", "XOF"), route: "/wallet" });
    expect((await screen.findByTestId("saved-cards-unavailable")).textContent).toBe(
      "Your wallet's provider, Wave, keeps no cards: one-tap payments and automatic reloads are not offered, and your top-ups go through Wave's page.",
    );
    expect(screen.queryByRole("heading", { name: "Automatic reload" })).toBeNull();
    expect(screen.queryByTestId("saved-card")).toBeNull();
  });
});
