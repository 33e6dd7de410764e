import type {
  MarketCategory,
  MarketHome,
  MarketItemDetail,
  MarketItemPage,
  OrderingOptions,
} from "@parkwell/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { marketSliders } from "../../db/schema/index";
import { createTestContext, type TestContext } from "../../test/harness";
import {
  createAddon,
  createCategory,
  createDeliveryArea,
  createItem,
  createOffer,
  createSlots,
  createVariation,
  ngParks,
  offerAtPark,
  resetDeliverySetup,
} from "./marketplace.test-kit";

let ctx: TestContext;
let db: Db;
let slug: string;
const ids: Record<string, number> = {};

const get = (url: string, lang = "en") =>
  ctx.app.inject({ method: "GET", url: `/api/v1${url}`, headers: { "accept-language": lang } });

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  await resetDeliverySetup(db);
  await createDeliveryArea(db);
  await createSlots(db);
  const category = await createCategory(db, "Dash cams");
  slug = category.slug;
  ids.cam = (
    await createItem(db, {
      categoryId: category.id,
      name: "Dash Caméra Pro",
      nameFr: "Caméra embarquée Pro",
      priceMinor: 50_000,
      sold: 5,
    })
  ).id;
  ids.mount = (
    await createItem(db, { categoryId: category.id, name: "Phone mount", priceMinor: 8_000, sold: 9 })
  ).id;
  ids.seat = (
    await createItem(db, { categoryId: category.id, name: "Child seat", priceMinor: 90_000, stock: null })
  ).id;
  await createVariation(db, ids.seat, { value: "Small", priceMinor: 70_000, stock: 2 });
  await createVariation(db, ids.seat, { value: "Large", priceMinor: 95_000, stock: 3 });
  await createAddon(db, ids.seat, 1_500);
  await createOffer(db, { itemId: ids.mount, discountType: "percentage", discount: 2_500 });
  ids.hidden = (await createItem(db, { categoryId: category.id, name: "Old kit", status: "inactive" })).id;
  const service = await createItem(db, { categoryId: category.id, kind: "service", name: "Hand wash" });
  ids.wash = service.id;
  const [park] = await ngParks(db, 1);
  await offerAtPark(db, service.id, park!);
});
afterAll(async () => {
  await ctx?.close();
});

describe("the catalogue", () => {
  it("lists a category's active items, searching accent- and case-blind", async () => {
    const all = (
      await get(`/marketplace/items?country=ng&category=${slug}&sort=name`)
    ).json<MarketItemPage>();
    expect(all.items.map((i) => i.name)).toEqual([
      "Child seat",
      "Dash Caméra Pro",
      "Hand wash",
      "Phone mount",
    ]);
    for (const search of ["camera", "CAMÉRA", "embarquee"]) {
      const found = (
        await get(`/marketplace/items?country=NG&category=${slug}&search=${encodeURIComponent(search)}`)
      ).json<MarketItemPage>();
      expect(
        found.items.map((i) => i.id),
        search,
      ).toEqual([ids.cam]);
    }
    const fr = (
      await get(`/marketplace/items?country=NG&category=${slug}&search=camera`, "fr")
    ).json<MarketItemPage>();
    expect(fr.items[0]!.name).toBe("Caméra embarquée Pro");
    expect(fr.items[0]!.category.name).toBe("Dash cams (fr)");
  });

  it("sorts, pages and filters; prices from the lowest variation with the live offer", async () => {
    const page = (url: string) => get(`/marketplace/items?country=NG&category=${slug}&${url}`);
    const popular = (await page("sort=popular")).json<MarketItemPage>();
    expect(popular.items.slice(0, 2).map((i) => i.id)).toEqual([ids.mount, ids.cam]);
    const cheap = (await page("sort=price_asc")).json<MarketItemPage>();
    expect(cheap.items.map((i) => i.price.amount)).toEqual([80, 100, 500, 700]);
    const dear = (await page("sort=price_desc&size=2&page=2")).json<MarketItemPage>();
    expect(dear).toMatchObject({ total: 4, page: 2, size: 2, pages: 2 });
    expect(dear.items.map((i) => i.price.amount)).toEqual([100, 80]);
    const mount = cheap.items.find((i) => i.id === ids.mount)!;
    expect(mount.offer_price).toEqual({ amount: 60, currency: "NGN" });
    const seat = cheap.items.find((i) => i.id === ids.seat)!;
    expect(seat).toMatchObject({ has_variations: true, stock: 5, price: { amount: 700 } });
    expect((await page("on_offer=true")).json<MarketItemPage>().items.map((i) => i.id)).toEqual([ids.mount]);
    expect((await page("kind=service")).json<MarketItemPage>().items.map((i) => i.id)).toEqual([ids.wash]);
    for (const bad of ["sort=cheapest", "page=0", "size=abc", "kind=boat", "on_offer=maybe"]) {
      expect((await page(bad)).statusCode, bad).toBe(422);
    }
    expect((await get("/marketplace/items?country=ZZ")).statusCode).toBe(422);
    expect((await get("/marketplace/items")).statusCode).toBe(422);
  });

  it("shows an item with variations, add-ons and parks; an inactive or unknown one is 404", async () => {
    const seat = (await get(`/marketplace/items/${ids.seat}`)).json<MarketItemDetail>();
    expect(seat.variations.map((v) => [v.name, v.price.amount, v.stock])).toEqual([
      ["Small", 700, 2],
      ["Large", 950, 3],
    ]);
    expect(seat.attribute).toBe("Size");
    expect(seat.addons).toHaveLength(1);
    const fr = (await get(`/marketplace/items/${ids.seat}`, "fr")).json<MarketItemDetail>();
    expect(fr.attribute).toBe("Taille");
    expect(fr.description).toBe("À propos de Child seat (fr)");
    const wash = (await get(`/marketplace/items/${ids.wash}`)).json<MarketItemDetail>();
    expect(wash.parks).toHaveLength(1);
    expect(wash.stock).toBeNull();
    const mount = (await get(`/marketplace/items/${ids.mount}`)).json<MarketItemDetail>();
    expect(mount.offer).toMatchObject({ name: "Test offer" });
    for (const id of [ids.hidden, 999_999]) {
      const res = await get(`/marketplace/items/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "item_not_found", message: "Item not found" });
    }
    expect((await get(`/marketplace/items/${ids.hidden}`, "fr")).json().message).toBe("Article introuvable");
    expect((await get("/marketplace/items/abc")).statusCode).toBe(422);
  });

  it("answers the home, the categories and the ordering options", async () => {
    const home = (await get("/marketplace/home?country=NG")).json<MarketHome>();
    expect(home).toMatchObject({ country_code: "NG", currency: "NGN" });
    expect(home.categories.find((c) => c.slug === slug)).toMatchObject({ name: "Dash cams", items: 4 });
    expect(home.offers.find((o) => o.item_id === ids.mount)).toMatchObject({
      discount_type: "percentage",
      discount: 25,
    });
    const categories = (await get("/marketplace/categories?country=NG", "fr")).json<
      { slug: string; name: string }[]
    >();
    expect(categories.find((c) => c.slug === slug)!.name).toBe("Dash cams (fr)");
    const options = (await get("/marketplace/options?country=NG")).json<OrderingOptions>();
    expect(options).toMatchObject({ delivery_enabled: true, takeaway_enabled: true, message: null });
    expect(options.delivery_bands).toEqual([
      { up_to_km: 5, charge: { amount: 1000, currency: "NGN" } },
      { up_to_km: 15, charge: { amount: 2500, currency: "NGN" } },
    ]);
    // Seven days ahead, today's slot only while it is not over.
    expect(options.slots.length).toBeGreaterThanOrEqual(6);
    expect(options.slots.length).toBeLessThanOrEqual(7);
    expect(options.pickup_parks.length).toBeGreaterThan(0);
  });

  it("lists the pickup parks nearest first from the driver's point: a Lagos driver's first is in Lagos, an Abuja driver's in Abuja", async () => {
    const parks = (from: string) =>
      get(`/marketplace/options?country=NG${from}`).then((r) => r.json<OrderingOptions>().pickup_parks);
    const unplaced = await parks("");
    // Both cities offer pickup, and with no point the list is by city (Abuja first), no distance.
    expect(new Set(unplaced.map((p) => p.city))).toEqual(new Set(["Abuja", "Lagos"]));
    expect(unplaced[0]!.city).toBe("Abuja");
    expect(unplaced.every((p) => p.distance_km === null)).toBe(true);
    // Each park names its state: a renewal's pickup defaults to the vehicle's state of registration.
    expect(unplaced.filter((p) => p.city === "Lagos").every((p) => p.state_code === "LA")).toBe(true);
    expect(unplaced.filter((p) => p.city === "Abuja").every((p) => p.state_code === "FC")).toBe(true);
    for (const [point, city] of [
      ["&lat=6.6018&lng=3.3515", "Lagos"], // Ikeja
      ["&lat=9.0579&lng=7.4951", "Abuja"], // Central Business District
    ] as const) {
      const near = await parks(point);
      expect(near[0]!.city, point).toBe(city);
      expect(near[0]!.distance_km).toBeLessThan(30);
      const km = near.map((p) => p.distance_km!);
      expect(km).toEqual([...km].sort((a, b) => a - b));
      expect(near.map((p) => p.id).sort()).toEqual(unplaced.map((p) => p.id).sort());
    }
  });

  it("refuses a half or malformed point with 422, naming the field", async () => {
    for (const [query, field] of [
      ["&lat=6.6", "lng"],
      ["&lng=3.3", "lng"],
      ["&lat=abc&lng=3.3", "lat"],
      ["&lat=91&lng=3.3", "lat"],
    ] as const) {
      const res = await get(`/marketplace/options?country=NG${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
  });

  it("says which language each staff text is given in: the request's when it is written in it, else the other", async () => {
    const category = await createCategory(db, "Wipers", "");
    const item = (id: number, lang: string) =>
      get(`/marketplace/items/${id}`, lang).then((r) => r.json<MarketItemDetail>());
    const card = (id: number, lang: string) =>
      get(`/marketplace/items?country=NG&category=${category.slug}`, lang).then((r) =>
        r.json<MarketItemPage>().items.find((i) => i.id === id)!,
      );
    // Named in both languages, described in English only: in French, the French name and the
    // English description, each saying its language.
    const english = await createItem(db, {
      categoryId: category.id,
      name: "Wiper blades",
      nameFr: "Balais d'essuie-glace",
      description: { en: "A pair of blades.", fr: "" },
    });
    expect(await item(english.id, "fr")).toMatchObject({
      name: "Balais d'essuie-glace",
      text_language: "fr",
      description: "A pair of blades.",
      description_language: "en",
    });
    expect(await card(english.id, "fr")).toMatchObject({
      name: "Balais d'essuie-glace",
      text_language: "fr",
    });
    expect(await item(english.id, "en")).toMatchObject({ text_language: "en", description_language: "en" });
    // Written in both: French.
    const both = await createItem(db, {
      categoryId: category.id,
      name: "Washer fluid",
      nameFr: "Lave-glace",
    });
    expect(await item(both.id, "fr")).toMatchObject({
      name: "Lave-glace",
      text_language: "fr",
      description: "À propos de Lave-glace",
      description_language: "fr",
    });
    // Described in French only (staff in Dakar): in English, the French description, said so.
    const french = await createItem(db, {
      categoryId: category.id,
      name: "Sun shade",
      nameFr: "Pare-soleil",
      description: { en: "", fr: "Un pare-soleil pliable." },
    });
    expect(await item(french.id, "en")).toMatchObject({
      name: "Sun shade",
      text_language: "en",
      description: "Un pare-soleil pliable.",
      description_language: "fr",
    });
    // A name without its French (a row the back office did not write): the English one, said so.
    const unnamed = await createItem(db, { categoryId: category.id, name: "Ice scraper", nameFr: "" });
    expect(await card(unnamed.id, "fr")).toMatchObject({ name: "Ice scraper", text_language: "en" });
    // No description in either language: none, in the request's language.
    const bare = await createItem(db, {
      categoryId: category.id,
      name: "Tyre gauge",
      nameFr: "Manomètre",
      description: { en: "", fr: "" },
    });
    expect(await item(bare.id, "fr")).toMatchObject({ description: "", description_language: "fr" });

    // A category named in English only; the one named in both.
    const categories = (await get("/marketplace/categories?country=NG", "fr")).json<MarketCategory[]>();
    expect(categories.find((c) => c.slug === category.slug)).toMatchObject({
      name: "Wipers",
      text_language: "en",
    });
    expect(categories.find((c) => c.slug === slug)).toMatchObject({
      name: "Dash cams (fr)",
      text_language: "fr",
    });

    // A slider without its French subtitle: the French title, the English subtitle.
    await db.insert(marketSliders).values([
      {
        countryId: 1,
        title: { en: "Clear view", fr: "Vue dégagée" },
        subtitle: { en: "Blades for the rains", fr: "" },
        link: "/marketplace",
      },
      {
        countryId: 1,
        title: { en: "Shade", fr: "" },
        subtitle: { en: "", fr: "" },
        link: "/marketplace",
      },
    ]);
    const home = (await get("/marketplace/home?country=NG", "fr")).json<MarketHome>();
    expect(home.sliders.find((s) => s.title === "Vue dégagée")).toMatchObject({
      text_language: "fr",
      subtitle: "Blades for the rains",
      subtitle_language: "en",
    });
    expect(home.sliders.find((s) => s.title === "Shade")).toMatchObject({
      text_language: "en",
      subtitle: "",
      subtitle_language: "fr",
    });
    expect(home.categories.find((c) => c.slug === category.slug)).toMatchObject({ text_language: "en" });
  });
});
