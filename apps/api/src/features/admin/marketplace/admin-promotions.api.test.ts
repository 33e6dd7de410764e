import type {
  AdminCoupon,
  AdminCouponList,
  AdminMarketCategory,
  AdminMarketOffer,
  AdminMarketSlider,
} from "@parkwell/contract";
import {
  COUPON_PERCENT_MAX_MESSAGE,
  MARKET_COUPON_CODE_MESSAGE,
  MARKET_OFFER_TARGET_MESSAGE,
  MARKET_SLIDER_LINK_MESSAGE,
  MARKET_START_BEFORE_END_MESSAGE,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { bearer, createStaff, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { COUPON_CODE_TAKEN_MESSAGE } from "./promotions.service";
import { caller, newItem, unique } from "./test-kit";

let ctx: TestContext;
let admin: TestUser;
let category: AdminMarketCategory;
const call = caller(() => ctx);

const audits = (entity: string, id: string | number) =>
  queryRows<{ action: string; actor_id: string; before: unknown; after: unknown }>(
    ctx.database.db,
    sql`SELECT action, actor_id, before, after FROM audit_log WHERE entity = ${entity} AND entity_id = ${String(id)} ORDER BY id`,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  admin = await createStaff(db, "admin");
  const res = await call(admin, "POST", "/admin/marketplace/categories", {
    slug: unique("car-care"),
    name: { en: "Car care", fr: "Entretien" },
    icon: "spray-can",
  });
  expect(res.statusCode, res.body).toBe(201);
  category = res.json<AdminMarketCategory>();
});
afterAll(async () => {
  await ctx?.close();
});

describe("offers, coupons and sliders", () => {
  it("an offer targets an item or a category, a percentage at most 100", async () => {
    const item = await newItem(ctx, admin, { category_id: category.id });
    const body = {
      country_code: "NG",
      name: { en: "Black Friday", fr: "Vendredi fou" },
      discount_type: "percentage",
      discount: 12.5,
      start_local: "2020-01-01T00:00",
      end_local: "2099-01-01T00:00",
    };
    const both = await call(admin, "POST", "/admin/marketplace/offers", {
      ...body,
      item_id: item.id,
      category_id: category.id,
    });
    expect(both.statusCode).toBe(422);
    expect(both.json()).toMatchObject({ fields: { item_id: MARKET_OFFER_TARGET_MESSAGE } });
    const over = await call(admin, "POST", "/admin/marketplace/offers", {
      ...body,
      item_id: item.id,
      discount: 120,
    });
    expect(over.json()).toMatchObject({ fields: { discount: COUPON_PERCENT_MAX_MESSAGE } });
    const res = await call(admin, "POST", "/admin/marketplace/offers", { ...body, item_id: item.id });
    expect(res.statusCode, res.body).toBe(201);
    const offer = res.json<AdminMarketOffer>();
    expect(offer).toMatchObject({
      discount: 12.5,
      live: true,
      start_local: "2020-01-01T00:00",
      item: { id: item.id },
    });
    // Lagos is UTC+1: midnight there is 23:00 UTC the day before.
    expect(offer.starts_at).toBe("2019-12-31T23:00:00.000Z");
    const moved = await call(admin, "PATCH", `/admin/marketplace/offers/${offer.id}`, {
      category_id: category.id,
    });
    expect(moved.json<AdminMarketOffer>()).toMatchObject({ item: null, category: { id: category.id } });
    const badPatch = await call(admin, "PATCH", `/admin/marketplace/offers/${offer.id}`, {
      end_local: "2019-01-01T00:00",
    });
    expect(badPatch.json()).toMatchObject({ fields: { end_local: MARKET_START_BEFORE_END_MESSAGE } });
  });

  it("coupons: the form's rules, codes upper case and unique per country, the uses count", async () => {
    const code = unique("save").toLowerCase().slice(0, 20);
    const body = {
      country_code: "NG",
      code,
      name: "Ten percent, capped",
      discount_type: "percentage",
      discount: 10,
      min_order: 5000,
      max_discount: 2500,
      limit_per_user: 2,
      start_local: "2020-01-01T00:00",
      end_local: "2099-12-31T23:59",
    };
    const res = await call(admin, "POST", "/admin/marketplace/coupons", body);
    expect(res.statusCode, res.body).toBe(201);
    const coupon = res.json<AdminCoupon>();
    expect(coupon).toMatchObject({
      code: code.toUpperCase(),
      discount: 10,
      min_order: { amount: 5000, currency: "NGN" },
      max_discount: { amount: 2500, currency: "NGN" },
      uses: 0,
      // Not said: a marketplace order's, with no limit on everyone's uses.
      kinds: ["order"],
      total_limit: null,
    });
    // The purchases it is for, in COUPON_KINDS' order, and a total limit; none or an unknown kind is refused.
    const kinds = await call(admin, "PATCH", `/admin/marketplace/coupons/${coupon.id}`, {
      kinds: ["vehicle_docs", "order", "vehicle_docs"],
      total_limit: 500,
    });
    expect(kinds.json<AdminCoupon>()).toMatchObject({ kinds: ["order", "vehicle_docs"], total_limit: 500 });
    for (const [patch, field, message] of [
      [{ kinds: [] }, "kinds", "Choose at least one kind of purchase the coupon is for"],
      [{ kinds: ["parking"] }, "kinds.0", "Unknown kind of purchase"],
      [{ total_limit: 0 }, "total_limit", "The total limit is a whole number, 1 or more, or empty for none"],
    ] as const) {
      const refused = await call(admin, "PATCH", `/admin/marketplace/coupons/${coupon.id}`, patch);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ fields: { [field]: message } });
    }
    const unlimited = await call(admin, "PATCH", `/admin/marketplace/coupons/${coupon.id}`, {
      total_limit: null,
    });
    expect(unlimited.json<AdminCoupon>()).toMatchObject({
      kinds: ["order", "vehicle_docs"],
      total_limit: null,
    });
    const taken = await call(admin, "POST", "/admin/marketplace/coupons", body);
    expect(taken.json()).toMatchObject({ fields: { code: COUPON_CODE_TAKEN_MESSAGE } });
    // The same code in another country is another coupon.
    expect(
      (await call(admin, "POST", "/admin/marketplace/coupons", { ...body, country_code: "CA" })).statusCode,
    ).toBe(201);

    const percent = await call(admin, "POST", "/admin/marketplace/coupons", {
      ...body,
      code: "OVER-100",
      discount: 101,
    });
    expect(percent.statusCode).toBe(422);
    expect(percent.json()).toMatchObject({
      message: COUPON_PERCENT_MAX_MESSAGE,
      fields: { discount: COUPON_PERCENT_MAX_MESSAGE },
    });
    const fixed = await call(admin, "POST", "/admin/marketplace/coupons", {
      ...body,
      code: "FIXED-500",
      discount_type: "fixed",
      discount: 500,
    });
    // A fixed amount over 100 is fine on the form: the subtotal rule is checked when ordering.
    expect(fixed.statusCode).toBe(201);
    const window = await call(admin, "POST", "/admin/marketplace/coupons", {
      ...body,
      code: "LATE-1",
      end_local: "2019-01-01T00:00",
    });
    expect(window.json()).toMatchObject({ fields: { end_local: MARKET_START_BEFORE_END_MESSAGE } });
    const badCode = await call(admin, "POST", "/admin/marketplace/coupons", { ...body, code: "a b" });
    expect(badCode.json()).toMatchObject({ fields: { code: MARKET_COUPON_CODE_MESSAGE } });
    const patch = await call(admin, "PATCH", `/admin/marketplace/coupons/${coupon.id}`, { discount: 150 });
    expect(patch.statusCode).toBe(422);
    const patchType = await call(admin, "PATCH", `/admin/marketplace/coupons/${coupon.id}`, {
      discount_type: "fixed",
      discount: 150,
    });
    expect(patchType.json<AdminCoupon>()).toMatchObject({ discount_type: "fixed", discount: 150 });

    const list = await call(admin, "GET", `/admin/marketplace/coupons?country=NG&search=${code}`);
    expect(list.json<AdminCouponList>().items.map((c) => c.code)).toEqual([code.toUpperCase()]);
    expect((await audits("coupon", coupon.id)).map((a) => a.action)).toEqual([
      "coupon.create",
      "coupon.update",
      "coupon.update",
      "coupon.update",
    ]);
    expect((await call(admin, "DELETE", `/admin/marketplace/coupons/${coupon.id}`)).statusCode).toBe(200);
  });

  it("sliders link inside the site only", async () => {
    const body = {
      country_code: "NG",
      title: { en: "Winter care", fr: "Soins d'hiver" },
      link: "https://evil.example",
    };
    const refused = await call(admin, "POST", "/admin/marketplace/sliders", body);
    expect(refused.json()).toMatchObject({ fields: { link: MARKET_SLIDER_LINK_MESSAGE } });
    const res = await call(admin, "POST", "/admin/marketplace/sliders", {
      ...body,
      link: "/marketplace?category=car-care",
    });
    expect(res.statusCode, res.body).toBe(201);
    const slider = res.json<AdminMarketSlider>();
    const png = await sharp({
      create: { width: 1200, height: 400, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const upload = async () => {
      const form = new FormData();
      form.append("image", new Blob([Buffer.from(png)]), "banner.png");
      const request = new Request("http://parkwell.test/", { method: "POST", body: form });
      return ctx.app.inject({
        method: "POST",
        url: `/api/v1/admin/marketplace/sliders/${slider.id}/image`,
        headers: { ...bearer(admin), "content-type": request.headers.get("content-type")! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };
    const first = (await upload()).json<AdminMarketSlider>().image_url!;
    expect(first).toMatch(/^\/api\/v1\/uploads\/market\/sliders\//);
    const second = await upload();
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<AdminMarketSlider>().image_url).not.toBe(first);
    // The replaced file is gone.
    expect((await ctx.app.inject({ method: "GET", url: first })).statusCode).toBe(404);
    const edited = await call(admin, "PATCH", `/admin/marketplace/sliders/${slider.id}`, { position: 3 });
    expect(edited.json<AdminMarketSlider>().position).toBe(3);
    expect((await call(admin, "DELETE", `/admin/marketplace/sliders/${slider.id}`)).statusCode).toBe(200);
  });
});
