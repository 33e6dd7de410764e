// @vitest-environment happy-dom
// The card form once Stripe says the card payment succeeded: our server credits it (POST
// /wallet/credit), and while another verification of it is running (a pending, "in progress"
// answer) the form goes to the payment's result page, which asks again, never to the success page.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { StripeCard } from "./stripe-card";

// Stripe.js as far as the form uses it: an element to mount, and a payment it confirms.
vi.mock("@stripe/stripe-js/pure", () => ({
  loadStripe: () =>
    Promise.resolve({
      elements: () => ({ create: () => ({ mount: () => undefined }) }),
      confirmPayment: () => Promise.resolve({ paymentIntent: { status: "succeeded" } }),
    }),
}));

const payment = {
  reference: "PW-card-1",
  provider: "stripe" as const,
  amount: 40,
  currency: "CAD",
  payment_info: { client_secret: "pi_1_secret_x", publishable_key: "pk_test_x", payment_intent_id: "pi_1" },
};
const data = { reference: payment.reference, provider: "stripe", amount: 40, currency: "CAD" };

async function payWith(answer: { status?: number; json: unknown }) {
  const api = new FakeApi().on("POST /wallet/credit", answer);
  const { router } = await renderWithApp(
    <>
      <h1>Card</h1>
      <StripeCard payment={payment} />
    </>,
    { api, route: "/payment/stripe" },
  );
  const pay = await screen.findByRole("button", { name: /Pay/ });
  await waitFor(() => expect(pay).toHaveProperty("disabled", false));
  fireEvent.click(pay);
  await waitFor(() => expect(api.callsTo("POST /wallet/credit")).toHaveLength(1));
  return router;
}

describe("the card form after Stripe confirmed the payment", () => {
  it("credited: on to the success page with the result", async () => {
    const router = await payWith({
      json: {
        status: "success",
        message: "Your wallet was credited",
        data: { ...data, new_balance: 40, credited: true },
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/payment/success"));
    expect(router.state.location.state).toMatchObject({ result: { credited: true, new_balance: 40 } });
  });

  it("another verification in progress: on to the result page, which verifies again, without a result", async () => {
    const router = await payWith({
      json: { status: "pending", message: "Payment verification already in progress", data },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/wallet/callback"));
    expect(router.state.location.search).toBe("?provider=stripe&reference=PW-card-1");
    expect(router.state.location.state).toBeNull();
  });
});
