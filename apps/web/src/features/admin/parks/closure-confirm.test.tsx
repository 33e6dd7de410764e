// @vitest-environment happy-dom
import type { AdminPark } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
import { ParkGuaranteeOffers } from "./closure-confirm";

const totals = (over: object) => ({
  currency: "NGN",
  refunded: 0,
  operator_paid: 0,
  parkwell_paid: 0,
  open: 0,
  passes_refunded: 0,
  ...over,
});
const offersPage = (total: number, row: object) => ({
  items: [],
  total,
  page: 1,
  size: 25,
  pages: total > 0 ? 1 : 0,
  totals: [totals(row)],
});

describe("what a park's closures cost", () => {
  it.each([
    ["passes only: the passes' sentence, no offers' zeros", 0, { passes_refunded: 1837.29 }, false, true],
    ["offers only: the offers' sentence", 1, { refunded: 2500, open: 1 }, true, false],
  ])("%s", async (_, total, row, offers, passes) => {
    const api = new FakeApi().on("GET /admin/parks/7/guarantee-offers", { json: offersPage(total, row) });
    await renderWithApp(<ParkGuaranteeOffers park={{ id: 7 } as AdminPark} />, { api });
    const line = await screen.findByTestId("guarantee-totals");
    expect(/Refunded/.test(line.textContent ?? "")).toBe(offers);
    expect(/Given back to monthly passes/.test(line.textContent ?? "")).toBe(passes);
  });
});
