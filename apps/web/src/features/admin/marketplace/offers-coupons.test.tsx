// @vitest-environment happy-dom
import { AdminCouponListSchema } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminMe, countries } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { CouponsPage } from "./offers-coupons";

/** A Canadian coupon valid for a year, from 20:42 on Montréal's clock (01:42 UTC the next day). */
const coupons = AdminCouponListSchema.parse({
  total: 1,
  page: 1,
  size: 20,
  pages: 1,
  items: [
    {
      id: 4,
      country_code: "CA",
      currency: "CAD",
      time_zone: "America/Toronto",
      code: "WELCOME10",
      name: "Welcome offer",
      discount_type: "percentage",
      discount: 10,
      min_order: { amount: 0, currency: "CAD" },
      max_discount: null,
      limit_per_user: 1,
      total_limit: null,
      kinds: ["booking"],
      start_local: "2026-11-29T20:42",
      end_local: "2027-11-29T20:42",
      starts_at: "2026-11-30T01:42:00.000Z",
      ends_at: "2027-11-30T01:42:00.000Z",
      status: "active",
      uses: 0,
      created_at: "2026-11-29T20:42:00.000Z",
    },
  ],
});

const api = () =>
  new FakeApi()
    .on("GET /admin/me", { json: adminMe(["marketplace.view", "marketplace.update"]) })
    .on("GET /countries", { json: countries })
    .on("GET /admin/marketplace/coupons", { json: coupons });

describe("the coupons' list", () => {
  it("writes a coupon's validity on its country's clock with the month and the year, never as raw ISO", async () => {
    await renderWithApp(<CouponsPage />, { api: api(), route: "/admin/marketplace/coupons" });
    const row = (await screen.findAllByText("WELCOME10"))[0]!.closest("tr")!;
    expect(row.textContent).toContain("Nov 29, 2026, 8:42");
    expect(row.textContent).toContain("Nov 29, 2027, 8:42");
    expect(row.textContent).not.toContain("2026-11-29");
  });

  it("in French too", async () => {
    await renderWithApp(<CouponsPage />, { api: api(), route: "/admin/marketplace/coupons", language: "fr" });
    const row = (await screen.findAllByText("WELCOME10"))[0]!.closest("tr")!;
    expect(row.textContent).toContain("29 nov. 2026, 20:42");
    expect(row.textContent).toContain("29 nov. 2027, 20:42");
  });
});
