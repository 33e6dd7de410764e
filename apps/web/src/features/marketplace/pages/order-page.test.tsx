// @vitest-environment happy-dom
import { OrderSchema } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
import { OrderPage } from "./order-page";

const ngn = (amount: number) => ({ amount, currency: "NGN" });

/** A pickup order just placed, as GET /orders/{code} answers it. */
const order = OrderSchema.parse({
  order_code: "MO-7K3MQ2",
  stage: "placed",
  payment_status: "paid",
  order_type: "takeaway",
  source: "web",
  items: 1,
  total: ngn(3600),
  refunded: ngn(0),
  created_at: "2026-11-26T08:00:00.000Z",
  time_zone: "Africa/Lagos",
  lines: [
    {
      item_id: 5,
      kind: "product",
      name: "Air freshener",
      variation_name: "Large",
      addons: [],
      quantity: 1,
      returned_quantity: 0,
      unit_price: ngn(3600),
      unit_offer: ngn(0),
      line_total: ngn(3600),
    },
  ],
  subtotal: ngn(3600),
  offer_discount: ngn(0),
  coupon_code: null,
  coupon_discount: ngn(0),
  delivery_charge: ngn(0),
  tax: ngn(0),
  tax_name: "VAT",
  address: null,
  park: { id: 42, name: "Ikeja Garage", address: "1 Allen Avenue", city: "Lagos" },
  booking_code: null,
  time_slot: null,
  timeline: [{ stage: "placed", at: "2026-11-26T08:00:00.000Z" }],
  courier: null,
  can_cancel: true,
  paid_by_company: null,
});

const cancelled = {
  ...order,
  stage: "canceled",
  refunded: ngn(3600),
  can_cancel: false,
  timeline: [...order.timeline, { stage: "canceled", at: "2026-11-26T08:05:00.000Z" }],
};

async function renderOrder(api: FakeApi) {
  await renderWithApp(
    <Routes>
      <Route path="/orders/:orderCode" element={<OrderPage />} />
    </Routes>,
    { api, route: "/orders/MO-7K3MQ2" },
  );
  await screen.findByRole("heading", { name: "Order MO-7K3MQ2" });
}

const dialog = () => screen.getByRole("dialog", { name: "Cancel this order?" });

describe("the order page", () => {
  it("cancels the order only once the driver confirms, and shows the refund", async () => {
    const api: FakeApi = new FakeApi()
      // The server's order: cancelled once the cancel went through.
      .on("GET /orders/MO-7K3MQ2", () => ({
        json: api.callsTo("POST /orders/MO-7K3MQ2/cancel").length > 0 ? cancelled : order,
      }))
      .on("POST /orders/MO-7K3MQ2/cancel", { json: cancelled });
    await renderOrder(api);
    expect(screen.getByTestId("order-stage").textContent).toBe("Placed");

    // Keep the order: nothing is sent.
    await userEvent.click(screen.getByRole("button", { name: "Cancel the order" }));
    expect(within(dialog()).getByText(/₦3,600 goes back to your wallet/)).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole("button", { name: "Keep the order" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.callsTo("POST /orders/MO-7K3MQ2/cancel")).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Cancel the order" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Cancel the order" }));
    await waitFor(() => expect(screen.getByTestId("order-stage").textContent).toBe("Cancelled"));
    const calls = api.callsTo("POST /orders/MO-7K3MQ2/cancel");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toBeUndefined();
    expect(screen.getByTestId("order-refunded").textContent).toBe("₦3,600 refunded to your wallet.");
    expect(screen.queryByRole("button", { name: "Cancel the order" })).toBeNull();
  });

  it("says a company-paid order was paid by the company and its refund went back to it", async () => {
    const paid = { ...order, paid_by_company: "Acme Ltd" };
    const api: FakeApi = new FakeApi()
      .on("GET /orders/MO-7K3MQ2", () => ({
        json:
          api.callsTo("POST /orders/MO-7K3MQ2/cancel").length > 0
            ? { ...cancelled, paid_by_company: "Acme Ltd" }
            : paid,
      }))
      .on("POST /orders/MO-7K3MQ2/cancel", { json: { ...cancelled, paid_by_company: "Acme Ltd" } });
    await renderWithApp(
      <Routes>
        <Route path="/orders/:orderCode" element={<OrderPage />} />
      </Routes>,
      { api, route: "/orders/MO-7K3MQ2?placed=1" },
    );
    expect((await screen.findByTestId("order-placed")).textContent).toBe(
      "Thank you: your order is placed and paid by Acme Ltd.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Cancel the order" }));
    expect(
      within(dialog()).getByText("The order is cancelled and ₦3,600 goes back to Acme Ltd at once."),
    ).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole("button", { name: "Cancel the order" }));
    await waitFor(() =>
      expect(screen.getByTestId("order-refunded").textContent).toBe("₦3,600 refunded to Acme Ltd."),
    );
  });

  it("shows why a cancel was refused in the dialog and keeps the order as it was", async () => {
    const api = new FakeApi()
      .on("GET /orders/MO-7K3MQ2", { json: order })
      .on("POST /orders/MO-7K3MQ2/cancel", {
        status: 409,
        json: { message: "The order is already being prepared.", code: "stage_refused" },
      });
    await renderOrder(api);
    await userEvent.click(screen.getByRole("button", { name: "Cancel the order" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Cancel the order" }));
    expect(await within(dialog()).findByText("The order is already being prepared.")).toBeTruthy();
    expect(screen.getByTestId("order-stage").textContent).toBe("Placed");

    // Closing forgets the refusal: the next attempt starts clean.
    await userEvent.click(within(dialog()).getByRole("button", { name: "Keep the order" }));
    await userEvent.click(screen.getByRole("button", { name: "Cancel the order" }));
    expect(within(dialog()).queryByText("The order is already being prepared.")).toBeNull();
  });
});
