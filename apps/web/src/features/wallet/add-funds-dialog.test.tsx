// @vitest-environment happy-dom
import { WalletSchema } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { cardsAnswer, savedCards, VISA_ID } from "../../test/saved-card-fixtures";
import { WalletPage } from "./wallet-page";

const wallet = WalletSchema.parse({
  balance: 500,
  currency: "NGN",
  currency_symbol: "₦",
  decimals: 2,
  provider: "demo",
  min_topup: 100,
  max_topup: 1000000,
  max_balance: 5000000,
});

const started = (charged: boolean) => ({
  status: 201,
  json: {
    status: "success",
    message: "",
    data: {
      reference: "ref-topup",
      provider: "demo",
      amount: 2000,
      currency: "NGN",
      payment_info: charged ? { charged: true, card: { brand: "visa", last4: "4242" } } : {},
    },
  },
});

const api = (cards = savedCards({ cards: [] })) =>
  new FakeApi()
    .on("GET /wallet", { json: { status: "success", message: "", data: wallet } })
    .on("GET /wallet/transactions", {
      json: { status: "success", message: "", data: { items: [], total: 0, page: 1, size: 10, pages: 1 } },
    })
    .on("GET /wallet/cards", cardsAnswer(cards));

afterEach(() => sessionStorage.clear());

async function openDialog() {
  await userEvent.click(await screen.findByRole("button", { name: "Add funds" }));
  return screen.findByRole("dialog", { name: "Add funds" });
}

describe("the add-funds dialog and saved cards", () => {
  it("keeps the card paid with when Save this card is ticked", async () => {
    const fake = api().on("POST /wallet/add-funds", started(false));
    const { router } = await renderWithApp(<WalletPage />, { api: fake, route: "/wallet" });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText("Amount (NGN)"), "2000");
    await userEvent.click(
      within(dialog).getByRole("checkbox", {
        name: "Save this card for one-tap payments and automatic reloads",
      }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/payment"));
    expect(fake.callsTo("POST /wallet/add-funds").map((c) => c.body)).toEqual([
      { amount: 2000, save_card: true },
    ]);
  });

  it("offers no Save this card where the provider keeps none", async () => {
    const fake = api(savedCards({ available: false, provider: "wave", cards: [] }));
    await renderWithApp(<WalletPage />, { api: fake, route: "/wallet" });
    const dialog = await openDialog();
    await screen.findByTestId("saved-cards-unavailable");
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
  });

  it("pays with a saved card at once and goes to the payment's return page, no provider step", async () => {
    const fake = api(savedCards()).on("POST /wallet/add-funds", started(true));
    const { router } = await renderWithApp(<WalletPage />, { api: fake, route: "/wallet" });
    const dialog = await openDialog();
    const card = await within(dialog).findByRole("radio", { name: "Pay with Visa •••• 4242 now" });
    expect((card as HTMLInputElement).checked).toBe(true);
    // Paying with a saved card keeps no other card.
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    await userEvent.type(within(dialog).getByLabelText("Amount (NGN)"), "2000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/wallet/callback"));
    expect(router.state.location.search).toBe("?provider=demo&reference=ref-topup");
    expect(fake.callsTo("POST /wallet/add-funds").map((c) => c.body)).toEqual([
      { amount: 2000, card_id: VISA_ID },
    ]);
  });

  it("says a declined card's message in the dialog", async () => {
    const fake = api(savedCards()).on("POST /wallet/add-funds", {
      status: 409,
      json: { message: "Your card was declined: insufficient funds", code: "card_declined" },
    });
    const { router } = await renderWithApp(<WalletPage />, { api: fake, route: "/wallet" });
    const dialog = await openDialog();
    await within(dialog).findByRole("radio", { name: "Pay with Visa •••• 4242 now" });
    await userEvent.type(within(dialog).getByLabelText("Amount (NGN)"), "2000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Pay now" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Your card was declined: insufficient funds",
    );
    expect(router.state.location.pathname).toBe("/wallet");
  });
});
