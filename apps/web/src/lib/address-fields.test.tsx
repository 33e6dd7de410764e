// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../test/render";
import { useAddressFields } from "./address-fields";

function Fields() {
  const [params, change] = useAddressFields();
  return (
    <>
      <h1>Fields</h1>
      <p data-testid="address">{params.toString()}</p>
      {/* Two fields changed at once, as a fast typist's two fields before the router shows the first. */}
      <button
        type="button"
        onClick={() => (change({ flight_number: "W3105" }), change({ return_date: "2031-01-14" }))}
      >
        Both
      </button>
      <button type="button" onClick={() => change({ flight_number: undefined })}>
        Clear
      </button>
    </>
  );
}

describe("a checkout's fields in the address", () => {
  it("keeps two changes made before the router shows the first, and removes a field without a value", async () => {
    const { router } = await renderWithApp(<Fields />, {
      api: new FakeApi(),
      route: "/checkout?plate_number=LAG1",
    });
    await userEvent.click(screen.getByRole("button", { name: "Both" }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        plate_number: "LAG1",
        flight_number: "W3105",
        return_date: "2031-01-14",
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() =>
      expect(router.state.location.search).toBe("?plate_number=LAG1&return_date=2031-01-14"),
    );
  });
});
