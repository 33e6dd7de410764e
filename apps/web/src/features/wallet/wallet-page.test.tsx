// @vitest-environment happy-dom
import { WalletSchema } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
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

const api = () =>
  new FakeApi()
    .on("GET /wallet", { json: { status: "success", message: "", data: wallet } })
    .on("GET /wallet/transactions", {
      json: { status: "success", message: "", data: { items: [], total: 0, page: 1, size: 10, pages: 1 } },
    });

const topUpFrom = (checkout: string) =>
  `/wallet?${new URLSearchParams({ amount: "4500", return_to: checkout }).toString()}`;

afterEach(() => sessionStorage.clear());

describe("the wallet page sent to by a checkout", () => {
  // Every checkout that can send a driver here keeps its choices in its query string (TopUpNotice).
  for (const checkout of [
    "/checkout/marina-car-park?vehicle_type_id=1&plate_number=LAG123XY",
    "/subscription-plans/12?vehicle_type_id=1&term=3&plate1=LAG123XY",
    "/vehicle-docs-renewal?vehicle=4&documents=road_worthiness&delivery=pickup&park=7",
    "/booking/event/EV7QX2AB?park=3",
    "/marketplace/checkout",
  ]) {
    it(`leads back to ${checkout.split("?")[0]} with the same choices`, async () => {
      await renderWithApp(<WalletPage />, { api: api(), route: topUpFrom(checkout) });
      const back = await screen.findByRole("link", { name: "Back to checkout", hidden: true });
      expect(back.getAttribute("href")).toBe(checkout);
    });
  }

  it("offers no way back to a page that is not a checkout", async () => {
    await renderWithApp(<WalletPage />, {
      api: api(),
      route: topUpFrom("/subscription-plans//evil.example"),
    });
    await screen.findByTestId("wallet-balance");
    expect(screen.queryByRole("link", { name: "Back to checkout", hidden: true })).toBeNull();
  });
});
