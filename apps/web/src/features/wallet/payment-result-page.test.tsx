// @vitest-environment happy-dom
// The payment's return page for a top-up that paid the difference for an order, a pass or a
// request (decision 026, "Every kind"): on to the purchase once it is made, or why it was not.
import { HOLD_REASONS } from "@parkwell/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { PaymentResultPage } from "./payment-result-page";

const verified = (purchase: object, message = "Payment verified") => ({
  json: {
    status: "success",
    message,
    data: {
      reference: "ref-1",
      provider: "demo",
      amount: 42_360,
      currency: "NGN",
      new_balance: 42_360,
      credited: true,
      purchase,
    },
  },
});

describe("the payment's return page, for a purchase paid by a top-up of the difference", () => {
  it("goes on to the pass once it is made", async () => {
    const api = new FakeApi().on(
      "POST /wallet/verify-payment",
      verified({ kind: "pass", status: "made", code: "MP-ABCD2345" }),
    );
    const { router } = await renderWithApp(<PaymentResultPage />, {
      api,
      route: "/payment-success?reference=ref-1&provider=demo",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/passes/MP-ABCD2345"));
  });

  it.each([
    ["order", "MK-AB12/3", "/orders/MK-AB12%2F3", "?placed=1"],
    ["vehicle_docs", "VD-7Q2", "/vehicle-docs-renewal/requests/VD-7Q2", ""],
  ])("goes on to the %s once it is made, its code escaped", async (kind, code, pathname, search) => {
    const api = new FakeApi().on("POST /wallet/verify-payment", verified({ kind, status: "made", code }));
    const { router } = await renderWithApp(<PaymentResultPage />, {
      api,
      route: "/payment-success?reference=ref-1&provider=demo",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
  });

  it("says plainly, in French, that the order could not be placed and the money is in the wallet", async () => {
    const api = new FakeApi().on(
      "POST /wallet/verify-payment",
      verified({ kind: "order", status: "not_made", code: null, reason: "out_of_stock" }),
    );
    await renderWithApp(<PaymentResultPage />, {
      api,
      language: "fr",
      route: "/payment-success?reference=ref-1&provider=demo",
    });
    const said = await screen.findByTestId("payment-purchase");
    expect(said.textContent).toBe(
      "Votre commande n'a pas pu être passée (un article est épuisé ou son prix a changé)\u00a0: l'argent est dans votre portefeuille.",
    );
  });
});

describe("the payment's return page, for a booking paid by a top-up of the difference that was not booked", () => {
  const notBooked = (reason: string) => ({
    json: {
      status: "success",
      message: "Payment verified",
      data: {
        reference: "ref-1",
        provider: "demo",
        amount: 500,
        currency: "NGN",
        new_balance: 587.94,
        credited: true,
        booking: { booking_code: "PW-AB12CD", status: "not_booked", reason },
      },
    },
  });

  // Every reason the API may give (HOLD_REASONS) has its sentence in both languages: a reason
  // added without one showed the driver its key ("result.bookingNotBooked.coupon_used_up").
  it.each(
    HOLD_REASONS.flatMap((reason) => (["en", "fr"] as const).map((language) => [reason, language] as const)),
  )("says why %s in a sentence (%s)", async (reason, language) => {
    const api = new FakeApi().on("POST /wallet/verify-payment", notBooked(reason));
    await renderWithApp(<PaymentResultPage />, {
      api,
      language,
      route: "/payment-success?reference=ref-1&provider=demo",
    });
    const shown = await screen.findByTestId("payment-booking");
    // Set apart from "Payment successful": nothing was booked.
    expect(shown.className).toBe("alert alert--notice");
    const said = shown.textContent ?? "";
    expect(said).not.toMatch(/bookingNotBooked|_/);
    expect(said).toMatch(language === "fr" ? /portefeuille\.$/ : /wallet\.$/);
  });

  it("says in French that the coupon was used up meanwhile", async () => {
    const api = new FakeApi().on("POST /wallet/verify-payment", notBooked("coupon_used_up"));
    await renderWithApp(<PaymentResultPage />, {
      api,
      language: "fr",
      route: "/payment-success?reference=ref-1&provider=demo",
    });
    expect((await screen.findByTestId("payment-booking")).textContent).toBe(
      "Votre code promo a été utilisé autant de fois qu'il le permet avant l'arrivée de ce paiement, rien n'a donc été réservé\u00a0: l'argent est dans votre portefeuille.",
    );
  });
});

describe("the payment's return page, while another check of the payment runs", () => {
  const pending = (message: string, verifying?: boolean) => ({
    json: {
      status: "pending",
      message,
      data: {
        reference: "ref-1",
        provider: "demo",
        amount: 5_000,
        currency: "NGN",
        ...(verifying ? { verifying } : {}),
      },
    },
  });

  it("asks again, in French too (the message is translated; `verifying` says why), and shows the credit", async () => {
    let calls = 0;
    const api = new FakeApi().on("POST /wallet/verify-payment", () =>
      ++calls === 1
        ? pending("La vérification du paiement est déjà en cours", true)
        : {
            json: {
              status: "success",
              message: "Paiement vérifié",
              data: { ...pending("", false).json.data, new_balance: 5_000, credited: true },
            },
          },
    );
    await renderWithApp(<PaymentResultPage />, {
      api,
      language: "fr",
      route: "/payment-success?reference=ref-1&provider=demo",
    });
    await waitFor(() => expect(api.callsTo("POST /wallet/verify-payment")).toHaveLength(2), {
      timeout: 5_000,
    });
    await waitFor(() =>
      expect(screen.queryByText(/La vérification du paiement est déjà en cours/)).toBeNull(),
    );
  });

  it("does not ask again when the provider has not been paid yet: it says so", async () => {
    const api = new FakeApi().on(
      "POST /wallet/verify-payment",
      pending("Le paiement n'est pas encore terminé"),
    );
    await renderWithApp(<PaymentResultPage />, {
      api,
      language: "fr",
      route: "/payment-success?reference=ref-1&provider=demo",
    });
    expect(await screen.findByText(/Le paiement n'est pas encore terminé/)).toBeTruthy();
    expect(api.callsTo("POST /wallet/verify-payment")).toHaveLength(1);
  });
});
