import type {
  AdminMarketAttribute,
  AdminMarketCategory,
  AdminMarketItem,
  AdminMarketItemList,
} from "@parkwell/contract";
import {
  FORBIDDEN_MESSAGE,
  MARKET_SERVICE_CAPACITY_MESSAGE,
  MARKET_VARIATION_ATTRIBUTE_MESSAGE,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import {
  ATTRIBUTE_IN_USE_MESSAGE,
  CATEGORY_IN_USE_MESSAGE,
  PARK_COUNTRY_MESSAGE,
  SLUG_TAKEN_MESSAGE,
} from "./catalogue.domain";
import { caller, newItem, unique } from "./test-kit";

let ctx: TestContext;
let admin: TestUser;
let employee: TestUser;
let courier: TestUser;
let category: AdminMarketCategory;
let lagosPark: number;
let foreignPark: number;
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
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  employee = await createStaff(db, "employee", { operatorId: harbourview });
  courier = await createStaff(db, "delivery_boy");
  const [ng] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM parks WHERE country_id =
    (SELECT id FROM countries WHERE code = 'NG') AND status = 'active' ORDER BY id LIMIT 1`,
  );
  const [ca] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM parks WHERE country_id =
    (SELECT id FROM countries WHERE code = 'CA') ORDER BY id LIMIT 1`,
  );
  lagosPark = Number(ng!.id);
  foreignPark = Number(ca!.id);
  expect((await parksOf(db, harbourview)).length).toBeGreaterThan(0);
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

describe("who may use the marketplace section", () => {
  it("refuses a user without the section, and a courier, with the back office's 403", async () => {
    for (const user of [employee, courier]) {
      for (const url of [
        "/admin/marketplace/items",
        "/admin/marketplace/coupons",
        "/admin/marketplace/delivery/NG",
      ]) {
        const res = await call(user, "GET", url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ code: "forbidden", message: FORBIDDEN_MESSAGE });
      }
      const res = await call(user, "POST", "/admin/marketplace/categories", {
        slug: "x-y",
        name: { en: "X", fr: "X" },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await call(null, "GET", "/admin/marketplace/items")).statusCode).toBe(401);
  });

  it("answers in French when asked", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/admin/marketplace/items",
      headers: { ...bearer(employee), "accept-language": "fr" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).not.toBe(FORBIDDEN_MESSAGE);
  });
});

describe("categories and attributes", () => {
  it("creates, edits and refuses a slug taken, with audit entries", async () => {
    const slug = unique("tyres");
    const res = await call(admin, "POST", "/admin/marketplace/categories", {
      slug,
      name: { en: "Tyres", fr: "Pneus" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<AdminMarketCategory>();
    expect(created).toMatchObject({ slug, icon: "package", status: "active", items: 0 });
    const again = await call(admin, "POST", "/admin/marketplace/categories", {
      slug,
      name: { en: "Tyres 2", fr: "Pneus 2" },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ fields: { slug: SLUG_TAKEN_MESSAGE } });
    const bad = await call(admin, "POST", "/admin/marketplace/categories", { slug: "Not A Slug", name: {} });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ fields: object }>().fields).sort()).toEqual(["name.en", "name.fr", "slug"]);

    const edited = await call(admin, "PATCH", `/admin/marketplace/categories/${created.id}`, {
      status: "inactive",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<AdminMarketCategory>().status).toBe("inactive");
    const list = await call(
      admin,
      "GET",
      `/admin/marketplace/categories?status=inactive&search=${slug}&size=25`,
    );
    expect(list.json<{ items: AdminMarketCategory[] }>().items.map((c) => c.id)).toEqual([created.id]);
    expect((await audits("market_category", created.id)).map((a) => a.action)).toEqual([
      "market_category.create",
      "market_category.update",
    ]);
    expect(
      (await call(admin, "PATCH", "/admin/marketplace/categories/999999", { status: "active" })).statusCode,
    ).toBe(404);
  });

  it("removes an unused category, and refuses to remove one with items (409)", async () => {
    const item = await newItem(ctx, admin, { category_id: category.id });
    const res = await call(admin, "DELETE", `/admin/marketplace/categories/${category.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "in_use", message: CATEGORY_IN_USE_MESSAGE });
    expect(item.category.id).toBe(category.id);

    const spare = (
      await call(admin, "POST", "/admin/marketplace/categories", {
        slug: unique("spare"),
        name: { en: "S", fr: "S" },
      })
    ).json<AdminMarketCategory>();
    const removed = await call(admin, "DELETE", `/admin/marketplace/categories/${spare.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await audits("market_category", spare.id)).map((a) => a.action)).toContain(
      "market_category.delete",
    );
  });

  it("attributes: created, edited, refused removal while a variation uses one", async () => {
    const colour = (
      await call(admin, "POST", "/admin/marketplace/attributes", { name: { en: "Colour", fr: "Couleur" } })
    ).json<AdminMarketAttribute>();
    const size = (
      await call(admin, "POST", "/admin/marketplace/attributes", { name: { en: "Size", fr: "Taille" } })
    ).json<AdminMarketAttribute>();
    const item = await newItem(ctx, admin, { category_id: category.id });
    const variation = await call(admin, "POST", `/admin/marketplace/items/${item.id}/variations`, {
      attribute_id: colour.id,
      value: { en: "Black", fr: "Noir" },
      price: 26000,
      stock: 4,
    });
    expect(variation.statusCode, variation.body).toBe(201);
    const withVariation = variation.json<AdminMarketItem>();
    // The variation carries the stock from now on.
    expect(withVariation.stock).toBeNull();
    expect(withVariation.variations).toHaveLength(1);
    expect(withVariation.variations[0]).toMatchObject({
      price: { amount: 26000, currency: "NGN" },
      stock: 4,
    });

    const other = await call(admin, "POST", `/admin/marketplace/items/${item.id}/variations`, {
      attribute_id: size.id,
      value: { en: "L", fr: "L" },
      price: 26000,
      stock: 4,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ fields: { attribute_id: MARKET_VARIATION_ATTRIBUTE_MESSAGE } });

    const removed = await call(admin, "DELETE", `/admin/marketplace/attributes/${colour.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json<{ message: string }>().message).toBe(ATTRIBUTE_IN_USE_MESSAGE);

    const off = await call(
      admin,
      "PATCH",
      `/admin/marketplace/items/${item.id}/variations/${withVariation.variations[0]!.id}`,
      { status: "inactive", stock: 0 },
    );
    expect(off.statusCode).toBe(200);
    expect(off.json<AdminMarketItem>().variations[0]).toMatchObject({ status: "inactive", stock: 0 });
    expect((await audits("market_item", item.id)).map((a) => a.action)).toEqual([
      "market_item.create",
      "market_variation.create",
      "market_variation.deactivate",
    ]);
  });
});

describe("items", () => {
  it("creates a service at parks of its country and refuses a park of another country", async () => {
    const service = await newItem(ctx, admin, {
      category_id: category.id,
      kind: "service",
      stock: null,
      daily_capacity: 6,
      duration_minutes: 45,
      park_ids: [lagosPark],
      name: { en: unique("Hand wash"), fr: "Lavage à la main" },
    });
    expect(service).toMatchObject({
      kind: "service",
      daily_capacity: 6,
      stock: null,
      currency: "NGN",
      decimals: 2,
    });
    expect(service.parks.map((p) => p.id)).toEqual([lagosPark]);

    const foreign = await call(admin, "PATCH", `/admin/marketplace/items/${service.id}`, {
      park_ids: [foreignPark],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ fields: { park_ids: PARK_COUNTRY_MESSAGE } });

    const noCapacity = await call(admin, "POST", "/admin/marketplace/items", {
      country_code: "NG",
      kind: "service",
      category_id: category.id,
      name: { en: "Valet", fr: "Valet" },
      price: 5000,
    });
    expect(noCapacity.statusCode).toBe(422);
    expect(noCapacity.json()).toMatchObject({ fields: { daily_capacity: MARKET_SERVICE_CAPACITY_MESSAGE } });
  });

  it("checks prices against the currency's decimals (XOF has none) and an unknown category", async () => {
    const res = await call(admin, "POST", "/admin/marketplace/items", {
      country_code: "SN",
      kind: "product",
      category_id: 999_999,
      name: { en: "Mount", fr: "Support" },
      price: 1500.5,
      stock: 3,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      fields: { price: "Amounts in XOF have no decimals", category_id: "Choose a category" },
    });
    const sn = await newItem(ctx, admin, { country_code: "SN", category_id: category.id, price: 15000 });
    expect(sn.price).toEqual({ amount: 15000, currency: "XOF" });
  });

  it("lists with filters and pages, and edits with an audit of what changed", async () => {
    const name = unique("Tyre inflator");
    const item = await newItem(ctx, admin, { category_id: category.id, name: { en: name, fr: "Gonfleur" } });
    const list = await call(
      admin,
      "GET",
      `/admin/marketplace/items?country=NG&kind=product&search=${name}&size=10`,
    );
    expect(list.statusCode).toBe(200);
    const page = list.json<AdminMarketItemList>();
    expect(page.items.map((i) => i.id)).toEqual([item.id]);
    expect(page).toMatchObject({ total: 1, page: 1, size: 10, pages: 1 });
    const words = await call(
      admin,
      "GET",
      `/admin/marketplace/items?search=${encodeURIComponent(`GONFLEUR ${name}`)}`,
    );
    expect(words.json<AdminMarketItemList>().items.map((i) => i.id)).toEqual([item.id]);
    expect((await call(admin, "GET", "/admin/marketplace/items?size=7")).statusCode).toBe(422);

    const edited = await call(admin, "PATCH", `/admin/marketplace/items/${item.id}`, {
      price: 19999.99,
      stock: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminMarketItem>()).toMatchObject({ price: { amount: 19999.99 }, stock: 2 });
    const [, update] = await audits("market_item", item.id);
    expect(update).toMatchObject({
      action: "market_item.update",
      actor_id: admin.id,
      before: { price_minor: 2_500_000, stock: 10 },
      after: { price_minor: 1_999_999, stock: 2 },
    });
    expect((await call(admin, "GET", "/admin/marketplace/items/999999")).statusCode).toBe(404);
  });

  it("uploads an image (stored as WebP) and removes it", async () => {
    const item = await newItem(ctx, admin, { category_id: category.id });
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([Buffer.from(png)]), "cam.png");
    const request = new Request("http://parkwell.test/", { method: "POST", body: form });
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/admin/marketplace/items/${item.id}/images`,
      headers: { ...bearer(admin), "content-type": request.headers.get("content-type")! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [url] = res.json<AdminMarketItem>().images;
    expect(url).toMatch(/^\/api\/v1\/uploads\/market\/items\/\d+\/[0-9a-f-]+\.webp$/);
    const served = await ctx.app.inject({ method: "GET", url: url! });
    expect(served.statusCode).toBe(200);

    const text = new FormData();
    text.append("image", new Blob([Buffer.from("not an image")]), "a.png");
    const req2 = new Request("http://parkwell.test/", { method: "POST", body: text });
    const refused = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/admin/marketplace/items/${item.id}/images`,
      headers: { ...bearer(admin), "content-type": req2.headers.get("content-type")! },
      payload: Buffer.from(await req2.arrayBuffer()),
    });
    expect(refused.statusCode).toBe(422);

    const removed = await call(admin, "DELETE", `/admin/marketplace/items/${item.id}/images/0`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<AdminMarketItem>().images).toEqual([]);
    expect((await ctx.app.inject({ method: "GET", url: url! })).statusCode).toBe(404);
  });
});
