// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { marinaPark } from "../../test/booking-fixtures";
import { renderWithApp } from "../../test/render";
import { CheckoutForm } from "./checkout-form";
import { driverApi, held, route, sentWindow, short } from "./checkout.test-kit";

const park = marinaPark();

describe("the checkout's flight, at an airport park", () => {
  it("asks for the flight at an airport park only, and books with what the driver typed", async () => {
    const api = driverApi().on("POST /bookings", { status: 201, json: { booking_code: "PW-7QX2AB3C" } });
    const airport = marinaPark({ type: "airport" });
    const { router } = await renderWithApp(<CheckoutForm park={airport} />, { api, route });
    await screen.findByTestId("spaces-left");
    expect(
      screen.getByText(
        "The attendant sees it, and your pass shows it. You can add or change it later from your booking.",
      ),
    ).toBeTruthy();
    const date = screen.getByLabelText("Day you fly back") as HTMLInputElement;
    // The return day is one of the booking's days on the park's clock.
    expect([date.min, date.max]).toEqual(["2027-01-10", "2027-01-10"]);
    await userEvent.type(screen.getByLabelText(/^Flight number/), "w3 105");
    fireEvent.change(date, { target: { value: "2027-01-10" } });
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/booking-success"));
    expect(api.callsTo("POST /bookings").map((c) => c.body)).toEqual([
      { ...sentWindow, flight_number: "W3105", return_date: "2027-01-10" },
    ]);
  });

  it("says a badly written flight number at the field, and sends nothing", async () => {
    const api = driverApi().on("POST /bookings", { status: 201, json: { booking_code: "PW-7QX2AB3C" } });
    await renderWithApp(<CheckoutForm park={marinaPark({ type: "airport" })} />, { api, route });
    await screen.findByTestId("spaces-left");
    await userEvent.type(screen.getByLabelText(/^Flight number/), "British 75");
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" }));
    expect(
      await screen.findByText("Enter the flight number as on the ticket, such as BA75 or W3 105"),
    ).toBeTruthy();
    expect(api.callsTo("POST /bookings")).toHaveLength(0);
  });

  it("asks for no flight at a park that is not an airport", async () => {
    await renderWithApp(<CheckoutForm park={park} />, { api: driverApi(), route });
    await screen.findByTestId("spaces-left");
    expect(screen.queryByLabelText("Day you fly back")).toBeNull();
  });

  it("holds the window with the flight when the driver pays the difference", async () => {
    const api = driverApi().on("POST /bookings", short).on("POST /bookings/hold", held);
    const flying = `${route}&flight_number=W3105&return_date=2027-01-10`;
    const { router } = await renderWithApp(<CheckoutForm park={marinaPark({ type: "airport" })} />, {
      api,
      route: flying,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,690 from wallet" }));
    await userEvent.click(await screen.findByRole("button", { name: "Pay ₦1,190 and book" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/payment"));
    expect(api.callsTo("POST /bookings/hold").map((c) => c.body)).toEqual([
      { ...sentWindow, flight_number: "W3105", return_date: "2027-01-10" },
    ]);
  });
});
