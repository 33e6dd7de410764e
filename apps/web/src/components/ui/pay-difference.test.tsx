// @vitest-environment happy-dom
import { WalletSchema } from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { cardsAnswer, savedCards, VISA_ID } from "../../test/saved-card-fixtures";
import { PayDifference, usePayDifference } from "./pay-difference";

const wallet = WalletSchema.parse({
  balance: 500,
  currency: "NGN",
  currency_symbol: "₦",
  decimals: 2,
  provider: "paystack",
  min_topup: 100,
  max_topup: 1000000,
  max_balance: 5000000,
});

const request = { items: [{ item_id: 3, quantity: 1 }], expected_total: 4000 };

/** A checkout's short wallet, as the order, pass and vehicle documents checkouts show it. */
function ShortCheckout() {
  const difference = usePayDifference("order");
  return (
    <>
      <h1>Checkout</h1>
      <PayDifference
        short={{ amount: 3500, currency: "NGN" }}
        error={null}
        minTopUp={100}
        busy={difference.busy}
        failed={difference.failed}
        onPay={(cardId) => difference.pay(request, cardId)}
        label={(amount) => `Pay ${amount} and order`}
      />
    </>
  );
}

const checkoutAnswer = (charged: boolean) => ({
  status: 201,
  json: {
    kind: "order",
    status: "pending",
    currency: "NGN",
    total: 4000,
    balance: 500,
    amount_missing: 3500,
    top_up_amount: 3500,
    raised_to_minimum: false,
    payment: {
      reference: "ref-order",
      provider: "paystack",
      amount: 3500,
      currency: "NGN",
      payment_info: charged
        ? { charged: true, card: { brand: "visa", last4: "4242" } }
        : { authorization_url: "https://checkout.paystack.test/abc" },
    },
  },
});

const api = (cards = savedCards()) =>
  new FakeApi()
    .on("GET /wallet", { json: { status: "success", message: "", data: wallet } })
    .on("GET /wallet/cards", cardsAnswer(cards));

afterEach(() => sessionStorage.clear());

describe("Pay the difference with a saved card", () => {
  it("pays in one tap: card_id sent, then the payment's return page, no provider step", async () => {
    const fake = api().on("POST /purchases/checkout", checkoutAnswer(true));
    const { router } = await renderWithApp(<ShortCheckout />, { api: fake, route: "/marketplace/checkout" });
    expect(screen.getByRole("button", { name: "Pay ₦3,500 and order" })).toBeTruthy();
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦3,500 with Visa •••• 4242" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/wallet/callback"));
    expect(router.state.location.search).toBe("?provider=paystack&reference=ref-order");
    const calls = fake.callsTo("POST /purchases/checkout");
    expect(calls.map((c) => c.body)).toEqual([{ kind: "order", request, card_id: VISA_ID }]);
    expect(calls[0]!.headers.get("idempotency-key")).toMatch(/\S{8,}/);
  });

  it("offers the card the automatic reload uses, in French", async () => {
    const fake = api(
      savedCards({
        cards: [
          { ...savedCards().cards[0]!, id: "0d1e2f30-4a5b-4c6d-8e7f-901a2b3c4d5e", last4: "1111" },
          savedCards().cards[0]!,
        ],
        auto_reload: {
          card_id: VISA_ID,
          threshold: 1000,
          amount: 5000,
          currency: "NGN",
          paused_at: null,
          pause_reason: null,
          last_reload_at: null,
        },
      }),
    );
    await renderWithApp(<ShortCheckout />, { api: fake, route: "/marketplace/checkout", language: "fr" });
    expect(await screen.findByTestId("pay-difference-card")).toHaveProperty(
      "textContent",
      "Payer 3\u202f500\u00a0₦ avec Visa •••• 4242",
    );
  });

  it("says a declined card in the checkout's alert, nothing paid", async () => {
    const fake = api().on("POST /purchases/checkout", {
      status: 409,
      json: { message: "Your card was declined: insufficient funds", code: "card_declined" },
    });
    const { router } = await renderWithApp(<ShortCheckout />, { api: fake, route: "/marketplace/checkout" });
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦3,500 with Visa •••• 4242" }));
    const alert = await screen.findByText("Your card was declined: insufficient funds");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(router.state.location.pathname).toBe("/marketplace/checkout");
    expect((screen.getByTestId("pay-difference-card") as HTMLButtonElement).disabled).toBe(false);
  });

  it("offers no one-tap button without a saved card, or where the provider keeps none", async () => {
    await renderWithApp(<ShortCheckout />, {
      api: api(savedCards({ available: false, provider: "wave", cards: [] })),
      route: "/marketplace/checkout",
    });
    await screen.findByRole("button", { name: "Pay ₦3,500 and order" });
    await waitFor(() => expect(screen.queryByTestId("pay-difference-card")).toBeNull());
  });
});
