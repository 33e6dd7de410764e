import { describe, expect, it } from "vitest";
import {
  AdminCouponBodySchema,
  AdminMarketItemCreateSchema,
  AdminMarketOfferBodySchema,
  AdminMarketSliderBodySchema,
  DeliverySetupBodySchema,
  MARKET_BAND_UNIQUE_MESSAGE,
  MARKET_COUPON_CODE_MESSAGE,
  MARKET_OFFER_TARGET_MESSAGE,
  MARKET_SERVICE_CAPACITY_MESSAGE,
  MARKET_SLIDER_LINK_MESSAGE,
  MARKET_SLOT_TIMES_MESSAGE,
  MARKET_START_BEFORE_END_MESSAGE,
} from "./admin-marketplace";
import { COUPON_PERCENT_MAX_MESSAGE } from "./market-values";

const coupon = {
  country_code: "ng",
  code: "save-10",
  name: "Ten off",
  discount_type: "percentage",
  discount: 10,
  start_local: "2026-12-01T00:00",
  end_local: "2026-12-31T23:59",
};

function messages(r: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);
}

describe("the coupon form", () => {
  it("upper-cases the code and fills the defaults", () => {
    const v = AdminCouponBodySchema.parse(coupon);
    expect(v).toMatchObject({ code: "SAVE-10", country_code: "NG", min_order: 0, limit_per_user: 1 });
  });
  it("refuses a percentage over 100, but not a fixed amount over 100", () => {
    expect(messages(AdminCouponBodySchema.safeParse({ ...coupon, discount: 100.5 }))).toEqual([
      COUPON_PERCENT_MAX_MESSAGE,
    ]);
    expect(AdminCouponBodySchema.safeParse({ ...coupon, discount: 100 }).success).toBe(true);
    expect(
      AdminCouponBodySchema.safeParse({ ...coupon, discount_type: "fixed", discount: 5000 }).success,
    ).toBe(true);
  });
  it("refuses an end before the start, and a bad code", () => {
    expect(messages(AdminCouponBodySchema.safeParse({ ...coupon, end_local: "2026-11-01T00:00" }))).toEqual([
      MARKET_START_BEFORE_END_MESSAGE,
    ]);
    for (const code of ["AB", "A".repeat(31), "SAVE 10", "ÉTÉ-10"]) {
      expect(messages(AdminCouponBodySchema.safeParse({ ...coupon, code }))).toEqual([
        MARKET_COUPON_CODE_MESSAGE,
      ]);
    }
  });
});

describe("the other forms", () => {
  it("an offer targets an item or a category, not both nor neither", () => {
    const offer = {
      country_code: "NG",
      name: { en: "Sale", fr: "Soldes" },
      discount_type: "percentage",
      discount: 15,
      start_local: "2026-12-01T00:00",
      end_local: "2026-12-02T00:00",
    };
    expect(AdminMarketOfferBodySchema.safeParse({ ...offer, item_id: 3 }).success).toBe(true);
    expect(messages(AdminMarketOfferBodySchema.safeParse(offer))).toEqual([MARKET_OFFER_TARGET_MESSAGE]);
    expect(messages(AdminMarketOfferBodySchema.safeParse({ ...offer, item_id: 3, category_id: 2 }))).toEqual([
      MARKET_OFFER_TARGET_MESSAGE,
    ]);
    expect(messages(AdminMarketOfferBodySchema.safeParse({ ...offer, item_id: 3, discount: 101 }))).toEqual([
      COUPON_PERCENT_MAX_MESSAGE,
    ]);
  });
  it("a service needs a daily capacity", () => {
    const item = {
      country_code: "NG",
      kind: "service",
      category_id: 1,
      name: { en: "Wash", fr: "Lavage" },
      price: 5000,
    };
    expect(messages(AdminMarketItemCreateSchema.safeParse(item))).toEqual([MARKET_SERVICE_CAPACITY_MESSAGE]);
    expect(AdminMarketItemCreateSchema.safeParse({ ...item, daily_capacity: 8 }).success).toBe(true);
  });
  it("a slider links inside the site only", () => {
    const slider = { country_code: "NG", title: { en: "Hi", fr: "Salut" } };
    expect(AdminMarketSliderBodySchema.safeParse({ ...slider, link: "/marketplace/3" }).success).toBe(true);
    for (const link of ["https://example.com", "//example.com", "marketplace", "/a b"]) {
      expect(messages(AdminMarketSliderBodySchema.safeParse({ ...slider, link }))).toEqual([
        MARKET_SLIDER_LINK_MESSAGE,
      ]);
    }
  });
  it("Delivery Setup: unique bands, slots that open before they close", () => {
    const base = { delivery_enabled: true, takeaway_enabled: false };
    const bands = [
      { up_to_km: 5, charge: 1000 },
      { up_to_km: 5, charge: 2000 },
    ];
    expect(messages(DeliverySetupBodySchema.safeParse({ ...base, bands }))).toEqual([
      MARKET_BAND_UNIQUE_MESSAGE,
    ]);
    const slots = [{ day: 1, opening_time: "18:00", closing_time: "09:00" }];
    expect(messages(DeliverySetupBodySchema.safeParse({ ...base, slots }))).toEqual([
      MARKET_SLOT_TIMES_MESSAGE,
    ]);
    expect(
      messages(
        DeliverySetupBodySchema.safeParse({
          ...base,
          slots: [{ day: 7, opening_time: "09:00", closing_time: "10:00" }],
        }),
      ),
    ).toHaveLength(1);
  });
});
