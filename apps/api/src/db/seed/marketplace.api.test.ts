import fs from "node:fs/promises";
import type { MarketHome, MarketItemDetail, MarketItemPage, Quote } from "@parkwell/contract";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser } from "../../test/factories";
import { createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { queryRows } from "../client";
import { seed } from "./index";
import { CITIES } from "./park-places";
import {
  itemId,
  MARKET_CATEGORY_SEED,
  RETIRED_DESCRIPTIONS,
  seedItemsOf,
  seedMarketplace,
  SERVICE_CITIES,
} from "./marketplace";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;
const COUNTRY = { NG: 1, CA: 2, SN: 3, US: 4 } as const;
const CURRENCY = { NG: "NGN", CA: "CAD", SN: "XOF", US: "USD" } as const;
/** About one US dollar in each currency's minor units: the seeded prices are checked against it. */
const MINOR_PER_USD = { NG: 1_500 * 100, CA: 1.4 * 100, SN: 600, US: 100 } as const;
const codes = Object.keys(COUNTRY) as (keyof typeof COUNTRY)[];

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database.db, query);

/** Rows per marketplace table, and the stock and capacity columns, to compare before and after. */
async function snapshot() {
  const tables = [
    "market_categories",
    "market_attributes",
    "market_items",
    "market_item_parks",
    "market_variations",
    "market_addons",
    "market_item_addons",
    "market_offers",
    "market_sliders",
    "coupons",
    "delivery_settings",
    "market_depots",
    "delivery_charges",
    "time_slots",
  ];
  const counts: Record<string, number> = {};
  for (const t of tables) {
    counts[t] = (await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${t}`)))[0]!.n;
  }
  const stock = await rows<{ id: number; stock: number | null }>(
    sql`SELECT id, stock FROM market_items ORDER BY id`,
  );
  const variationStock = await rows<{ id: number; stock: number | null }>(
    sql`SELECT id, stock FROM market_variations ORDER BY id`,
  );
  return { counts, stock, variationStock };
}

describe("the marketplace seed", () => {
  it("has a catalogue in every country, priced in its currency as sold locally", async () => {
    for (const code of codes) {
      const [country] = await rows<{ currency: string; currency_decimals: number }>(
        sql`SELECT currency, currency_decimals FROM countries WHERE id = ${COUNTRY[code]}`,
      );
      expect(country!.currency).toBe(CURRENCY[code]);
      const items = await rows<{
        id: number;
        kind: string;
        price_minor: number;
        status: string;
        name: { en: string; fr: string };
      }>(
        sql`SELECT id, kind, price_minor, status, name FROM market_items WHERE country_id = ${COUNTRY[code]}
          ORDER BY id`,
      );
      const products = items.filter((i) => i.kind === "product");
      const services = items.filter((i) => i.kind === "service");
      expect(products.length, code).toBeGreaterThanOrEqual(10);
      expect(products.length, code).toBeLessThanOrEqual(14);
      expect(services.length, code).toBe(4);
      for (const i of items) {
        // Every item is worth between $2 and $300 in the country's money: a price in the wrong
        // unit (francs as cents, naira as kobo) is off by a factor of 100.
        const usd = Number(i.price_minor) / MINOR_PER_USD[code];
        expect(usd, `${code} ${i.name.en}`).toBeGreaterThan(2);
        expect(usd, `${code} ${i.name.en}`).toBeLessThan(300);
        expect(i.name.fr).toMatch(/\S/);
        // The CFA franc has no minor unit, the others' prices end in whole currency-unit steps.
        if (code === "SN") expect(Number(i.price_minor) % 500, i.name.en).toBe(0);
      }
      // The dash cam costs its local price: ₦45,000, CA$129.99, 35,000 F CFA, $99.99 in 1080p.
      const dashCam = items.find((i) => i.id === itemId(COUNTRY[code], 1))!;
      expect(Number(dashCam.price_minor)).toBe({ NG: 4_500_000, CA: 12_999, SN: 35_000, US: 9_999 }[code]);
      expect(
        items.filter((i) => i.status === "inactive"),
        code,
      ).toHaveLength(1);
    }
  });

  it("has limited, sold-out and varied stock, and every variation and product has its stock", async () => {
    for (const code of codes) {
      const items = await rows<{ id: number; kind: string; stock: number | null; variations: number }>(
        sql`SELECT i.id, i.kind, i.stock, (SELECT count(*)::int FROM market_variations v WHERE v.item_id = i.id)
            AS variations
          FROM market_items i WHERE i.country_id = ${COUNTRY[code]} AND i.status = 'active'`,
      );
      for (const i of items) {
        if (i.kind === "service") expect(i.stock).toBeNull();
        else if (i.variations > 0) expect(i.stock).toBeNull();
        else expect(i.stock, `${code} ${i.id}`).not.toBeNull();
      }
      const stocks = items.filter((i) => i.stock !== null).map((i) => i.stock!);
      expect(stocks, code).toContain(0);
      expect(
        stocks.some((s) => s >= 2 && s <= 3),
        code,
      ).toBe(true);
      const variations = await rows<{
        item_id: number;
        stock: number | null;
        price_minor: number;
        attr: string;
      }>(
        sql`SELECT v.item_id, v.stock, v.price_minor, a.name->>'en' AS attr FROM market_variations v
          JOIN market_items i ON i.id = v.item_id JOIN market_attributes a ON a.id = v.attribute_id
          WHERE i.country_id = ${COUNTRY[code]}`,
      );
      expect(new Set(variations.map((v) => v.item_id)).size, code).toBeGreaterThanOrEqual(3);
      expect(new Set(variations.map((v) => v.attr))).toEqual(
        new Set(["Resolution", "Colour", "Size", "Capacity"]),
      );
      for (const v of variations) {
        expect(v.stock, `${code} ${v.item_id}`).not.toBeNull();
        expect(v.stock!).toBeGreaterThan(0);
        expect(Number(v.price_minor)).toBeGreaterThan(0);
      }
      // An item's own price is its cheapest variation's (what the list shows as "from").
      const [mismatch] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM market_items i
          WHERE i.country_id = ${COUNTRY[code]} AND EXISTS (SELECT 1 FROM market_variations v WHERE v.item_id = i.id)
            AND i.price_minor <> (SELECT min(v.price_minor) FROM market_variations v WHERE v.item_id = i.id)`,
      );
      expect(mismatch!.n).toBe(0);
    }
  });

  it("puts every item in an active seeded category, and says which kits Nigerian and Senegalese rules require", async () => {
    const orphans = await rows<{ id: number }>(
      sql`SELECT i.id FROM market_items i LEFT JOIN market_categories c ON c.id = i.category_id
        WHERE c.id IS NULL OR c.status <> 'active'`,
    );
    expect(orphans).toEqual([]);
    const categories = await rows<{ slug: string; icon: string; name: { en: string; fr: string } }>(
      sql`SELECT slug, icon, name FROM market_categories ORDER BY position`,
    );
    expect(categories.map((c) => c.slug)).toEqual(MARKET_CATEGORY_SEED.map((c) => c.slug));
    for (const c of categories) {
      expect(c.icon).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(c.name.fr).not.toBe(c.name.en);
    }
    const kits = await rows<{ country_id: number; description: { en: string; fr: string } }>(
      sql`SELECT i.country_id, i.description FROM market_items i JOIN market_categories c ON c.id = i.category_id
        WHERE c.slug = 'safety-kits' AND (i.name->>'en' ILIKE '%first-aid%' OR i.name->>'en' ILIKE '%triangle%')`,
    );
    expect(kits).toHaveLength(8);
    for (const k of kits) {
      if (k.country_id === 1) expect(k.description.en).toContain("FRSC");
      if (k.country_id === 3) {
        expect(k.description.en).toContain("Senegal's highway code requires");
        expect(k.description.fr).toContain("code de la route sénégalais exige");
      }
    }
  });

  it("does every service at two to four active parks of each main city of its country", async () => {
    for (const code of codes) {
      const countryId = COUNTRY[code];
      const services = await rows<{ id: number; daily_capacity: number; duration_minutes: number }>(
        sql`SELECT id, daily_capacity, duration_minutes FROM market_items
          WHERE country_id = ${countryId} AND kind = 'service'`,
      );
      for (const s of services) {
        expect(s.daily_capacity).toBeGreaterThan(0);
        expect(s.duration_minutes).toBeGreaterThan(0);
        const parks = await rows<{ city: string; country_id: number; status: string }>(
          sql`SELECT p.city, p.country_id, p.status FROM market_item_parks mp JOIN parks p ON p.id = mp.park_id
            WHERE mp.item_id = ${s.id}`,
        );
        for (const p of parks) {
          expect(p.country_id).toBe(countryId);
          expect(p.status).toBe("active");
        }
        for (const city of SERVICE_CITIES[countryId]) {
          const n = parks.filter((p) => p.city === city).length;
          expect(n, `${code} ${s.id} ${city}`).toBeGreaterThanOrEqual(2);
          expect(n, `${code} ${s.id} ${city}`).toBeLessThanOrEqual(4);
        }
      }
    }
    // EV charging is offered only where the park has an active charger (its park_chargers rows).
    const [withoutChargers] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM market_item_parks mp JOIN market_items i ON i.id = mp.item_id
        WHERE i.name->>'en' = 'EV charging session'
          AND NOT EXISTS (SELECT 1 FROM park_chargers c WHERE c.park_id = mp.park_id AND c.status = 'active')`,
    );
    expect(withoutChargers!.n).toBe(0);
  });

  it("replaces the old promise of a reserved bay where an item still has exactly that text, and only there", async () => {
    const db = ctx.database.db;
    const item = seedItemsOf(1).find((i) => i.name.en === "EV charging session")!;
    const old = RETIRED_DESCRIPTIONS.find((r) => r.n === item.n)!.was;
    const own = { en: "Our own words", fr: "Nos propres mots" };
    const setText = (id: number, d: object) =>
      db.execute(sql`UPDATE market_items SET description = ${JSON.stringify(d)}::jsonb WHERE id = ${id}`);
    await setText(itemId(1, item.n), old);
    await setText(itemId(2, item.n), own);
    await db.transaction((tx) => seedMarketplace(tx, new Date()));
    const texts = await rows<{ id: number; description: object; search: string }>(
      sql`SELECT id, description, search FROM market_items WHERE id IN (${itemId(1, item.n)}, ${itemId(2, item.n)})
        ORDER BY id`,
    );
    expect(texts[0]!.description).toEqual(item.description);
    expect(texts[0]!.search).toMatch(/first come/);
    expect(texts[1]!.description).toEqual(own);
    await setText(itemId(2, item.n), item.description);
  });

  it("has the two published coupons in every country, with the README's rules", async () => {
    const expected = {
      NG: { cap: 500_000, welcome: "WELCOME2000", off: 200_000, min: 2_000_000 },
      CA: { cap: 1_200, welcome: "WELCOME5", off: 500, min: 5_000 },
      SN: { cap: 5_000, welcome: "WELCOME2000", off: 2_000, min: 20_000 },
      US: { cap: 1_000, welcome: "WELCOME5", off: 500, min: 5_000 },
    };
    const readme = await fs.readFile(path.resolve(import.meta.dirname, "../../../../../README.md"), "utf8");
    for (const code of codes) {
      const e = expected[code];
      const list = await rows<{
        code: string;
        discount_type: string;
        discount: number;
        min_order_minor: number;
        max_discount_minor: number | null;
        limit_per_user: number;
        status: string;
        starts_at: Date | string;
        ends_at: Date | string;
      }>(
        sql`SELECT code, discount_type, discount, min_order_minor, max_discount_minor, limit_per_user, status,
            starts_at, ends_at
          FROM coupons WHERE country_id = ${COUNTRY[code]} ORDER BY code`,
      );
      const byCode = new Map(list.map((c) => [c.code, c]));
      expect(byCode.get("PARKWELL10"), code).toMatchObject({
        discount_type: "percentage",
        limit_per_user: 1,
        status: "active",
      });
      const p = byCode.get("PARKWELL10")!;
      expect([Number(p.discount), Number(p.min_order_minor), Number(p.max_discount_minor)]).toEqual([
        1_000,
        0,
        e.cap,
      ]);
      const w = byCode.get(e.welcome)!;
      expect(w, code).toMatchObject({ discount_type: "fixed", limit_per_user: 1, status: "active" });
      expect([Number(w.discount), Number(w.min_order_minor), w.max_discount_minor]).toEqual([
        e.off,
        e.min,
        null,
      ]);
      for (const c of [p, w]) {
        expect(new Date(c.starts_at).getTime()).toBeLessThanOrEqual(Date.now());
        expect(new Date(c.ends_at).getTime()).toBeGreaterThan(Date.now() + 300 * DAY);
        expect(readme).toContain(`\`${c.code}\``);
      }
    }
  });

  it("has live offers on an item and on categories, and sliders that lead somewhere in the shop", async () => {
    for (const code of codes) {
      const offers = await rows<{
        item_id: number | null;
        category_id: number | null;
        discount_type: string;
        max_discount_minor: number | null;
      }>(
        sql`SELECT item_id, category_id, discount_type, max_discount_minor FROM market_offers
          WHERE country_id = ${COUNTRY[code]} AND status = 'active' AND starts_at <= now() AND ends_at > now()`,
      );
      expect(offers.length, code).toBeGreaterThanOrEqual(2);
      expect(offers.some((o) => o.item_id !== null)).toBe(true);
      expect(offers.some((o) => o.category_id !== null)).toBe(true);
      expect(offers.some((o) => o.discount_type === "percentage" && o.max_discount_minor !== null)).toBe(
        true,
      );
      expect(offers.some((o) => o.discount_type === "fixed")).toBe(true);
      const sliders = await rows<{ link: string }>(
        sql`SELECT link FROM market_sliders WHERE country_id = ${COUNTRY[code]} AND status = 'active'`,
      );
      expect(sliders.length).toBeGreaterThanOrEqual(2);
      for (const { link } of sliders) {
        const item = /^\/marketplace\/(\d+)$/.exec(link);
        const category = /^\/marketplace\?category=([a-z-]+)$/.exec(link);
        expect(item ?? category, link).not.toBeNull();
        if (item) {
          const [found] = await rows<{ country_id: number; status: string }>(
            sql`SELECT country_id, status FROM market_items WHERE id = ${Number(item[1])}`,
          );
          expect(found).toEqual({ country_id: COUNTRY[code], status: "active" });
        } else {
          expect(MARKET_CATEGORY_SEED.map((c) => c.slug)).toContain(category![1]);
        }
      }
    }
  });

  it("turns delivery and takeaway on, with a depot per main city, distance bands and time slots", async () => {
    for (const code of codes) {
      const countryId = COUNTRY[code];
      const [settings] = await rows<{ delivery_enabled: boolean; takeaway_enabled: boolean }>(
        sql`SELECT delivery_enabled, takeaway_enabled FROM delivery_settings WHERE country_id = ${countryId}`,
      );
      expect(settings).toEqual({ delivery_enabled: true, takeaway_enabled: true });
      const depots = await rows<{ city: string; lat: number; lng: number }>(
        sql`SELECT city, lat, lng FROM market_depots WHERE country_id = ${countryId} AND status = 'active'`,
      );
      expect(depots.map((d) => d.city).sort()).toEqual([...SERVICE_CITIES[countryId]].sort());
      for (const d of depots) {
        const city = CITIES.find((c) => c.city === d.city)!;
        // Within about 20 km of the city's centre.
        expect(
          Math.hypot(d.lat - city.lat, (d.lng - city.lng) * Math.cos((city.lat * Math.PI) / 180)),
        ).toBeLessThan(0.2);
      }
      const bands = await rows<{ up_to_km: number; charge_minor: number }>(
        sql`SELECT up_to_km, charge_minor FROM delivery_charges WHERE country_id = ${countryId} ORDER BY up_to_km`,
      );
      expect(bands.map((b) => Number(b.up_to_km))).toEqual([5, 15, 30]);
      const charges = bands.map((b) => Number(b.charge_minor));
      expect(charges).toEqual([...charges].sort((a, b) => a - b));
      if (code === "NG") expect(charges).toEqual([150_000, 300_000, 500_000]);
      const slots = await rows<{ day: number; opening_time: string; closing_time: string }>(
        sql`SELECT day, opening_time, closing_time FROM time_slots WHERE country_id = ${countryId}
          ORDER BY day, opening_time`,
      );
      expect(slots).toHaveLength(19);
      expect(slots[0]).toEqual({ day: 0, opening_time: "10:00", closing_time: "14:00" });
      expect(slots.filter((s) => s.day === 3).map((s) => `${s.opening_time}-${s.closing_time}`)).toEqual([
        "09:00-12:00",
        "12:00-15:00",
        "15:00-18:00",
      ]);
    }
  });

  it("is served by the shop's API in each country's currency, and both coupons apply in a quote", async () => {
    const welcome = {
      NG: ["WELCOME2000", 2_000],
      CA: ["WELCOME5", 5],
      SN: ["WELCOME2000", 2_000],
      US: ["WELCOME5", 5],
    };
    const cap = { NG: 5_000, CA: 12, SN: 5_000, US: 10 };
    for (const code of codes) {
      const countryId = COUNTRY[code];
      const page = (
        await ctx.app.inject({ url: `/api/v1/marketplace/items?country=${code}&size=50` })
      ).json<MarketItemPage>();
      const active = seedItemsOf(countryId).filter((i) => i.status !== "inactive");
      expect(page.total, code).toBe(active.length);
      for (const i of page.items) {
        expect(i.price.currency, `${code} ${i.id}`).toBe(CURRENCY[code]);
        expect(i.offer_price.amount).toBeLessThanOrEqual(i.price.amount);
      }
      // Offers show: the dash cam and the car-care products are cheaper than their price.
      const dashCam = page.items.find((i) => i.id === itemId(countryId, 1))!;
      expect(dashCam.offer_price.amount).toBeLessThan(dashCam.price.amount);
      const home = (
        await ctx.app.inject({ url: `/api/v1/marketplace/home?country=${code}` })
      ).json<MarketHome>();
      expect(home.currency).toBe(CURRENCY[code]);
      expect(home.sliders.length).toBeGreaterThanOrEqual(2);
      expect(home.offers.length).toBeGreaterThanOrEqual(2);
      expect(home.categories.every((c) => c.items > 0)).toBe(true);
      const fr = (
        await ctx.app.inject({
          url: `/api/v1/marketplace/items/${itemId(countryId, 9)}`,
          headers: { "accept-language": "fr" },
        })
      ).json<MarketItemDetail>();
      expect(fr.name).toBe("Trousse de premiers secours auto");

      // A cart of a dash cam, two packs of towels and a hand wash at one of its parks.
      const [wash] = await rows<{ park_id: number }>(
        sql`SELECT park_id FROM market_item_parks WHERE item_id = ${itemId(countryId, 21)} ORDER BY park_id LIMIT 1`,
      );
      const detail = (
        await ctx.app.inject({ url: `/api/v1/marketplace/items/${itemId(countryId, 1)}` })
      ).json<MarketItemDetail>();
      const cart = (coupon: string, big = true) => ({
        method: "POST" as const,
        url: "/api/v1/marketplace/quote",
        payload: {
          country: code,
          order_type: "takeaway",
          park_id: wash!.park_id,
          coupon_code: coupon,
          lines: big
            ? [
                { item_id: itemId(countryId, 1), variation_id: detail.variations[0]!.id, quantity: 1 },
                { item_id: itemId(countryId, 7), quantity: 2 },
                { item_id: itemId(countryId, 21), quantity: 1 },
              ]
            : [{ item_id: itemId(countryId, 3), quantity: 1 }],
        },
      });
      const percent = (await ctx.app.inject(cart("parkwell10"))).json<Quote>();
      expect(percent.currency).toBe(CURRENCY[code]);
      expect(percent.coupon).toMatchObject({ code: "PARKWELL10", applied: true });
      const goods = percent.subtotal.amount - percent.offer_discount.amount;
      expect(percent.coupon!.discount.amount).toBeCloseTo(Math.min(goods / 10, cap[code]), 0);
      const [welcomeCode, off] = welcome[code] as [string, number];
      const fixed = (await ctx.app.inject(cart(welcomeCode))).json<Quote>();
      expect(fixed.coupon).toMatchObject({
        applied: true,
        discount: { amount: off, currency: CURRENCY[code] },
      });
      // The welcome coupon needs ten times its value in goods: a charger alone is not enough.
      const small = (await ctx.app.inject(cart(welcomeCode, false))).json<Quote>();
      expect(small.coupon).toMatchObject({ applied: false });
      expect(small.coupon!.message).toMatch(/at least/);
    }
  });

  it("charges delivery by distance from the nearest depot, in bands, and refuses an address out of range", async () => {
    const driver = await createUser(ctx.database.db);
    const deliver = async (code: keyof typeof COUNTRY, lat: number, lng: number) => {
      const [address] = await rows<{ id: number }>(
        sql`INSERT INTO addresses (user_id, country_id, label, address, city, lat, lng, phone)
          VALUES (${driver.id}, ${COUNTRY[code]}, 'home', '1 Test Street', 'Test', ${lat}, ${lng}, '+15550100')
          RETURNING id`,
      );
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/marketplace/quote",
        headers: bearer(driver),
        payload: {
          country: code,
          order_type: "delivery",
          address_id: address!.id,
          lines: [{ item_id: itemId(COUNTRY[code], 3), quantity: 1 }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Quote>();
    };
    // About 2 km north of each depot: the first band.
    const first = { NG: 1_500, CA: 5.99, SN: 1_000, US: 4.99 };
    for (const code of codes) {
      const depots = await rows<{ lat: number; lng: number }>(
        sql`SELECT lat, lng FROM market_depots WHERE country_id = ${COUNTRY[code]}`,
      );
      for (const d of depots) {
        const q = await deliver(code, d.lat + 0.018, d.lng);
        expect(q.delivery_charge, `${code} ${d.lat}`).toEqual({
          amount: first[code],
          currency: CURRENCY[code],
        });
      }
    }
    // In Lagos, from the Ikeja depot: Yaba is about 10 km (₦3,000), Victoria Island about 20 km (₦5,000).
    expect((await deliver("NG", 6.5095, 3.3711)).delivery_charge.amount).toBe(3_000);
    expect((await deliver("NG", 6.43, 3.4216)).delivery_charge.amount).toBe(5_000);
    // Ibadan is some 110 km from either depot.
    const far = await deliver("NG", 7.3775, 3.947);
    expect(far.problems).toContainEqual({
      field: "address_id",
      message: "This address is outside our delivery area",
    });
  });

  it("changes nothing when seeding again, keeps the stock orders took, and moves offers and coupons forward", async () => {
    const db = ctx.database.db;
    // Two starts at once (two processes on PostgreSQL) put back what is missing once.
    const seeded = await snapshot();
    for (const table of ["time_slots", "delivery_charges", "market_depots", "delivery_settings"]) {
      await db.execute(sql`DELETE FROM ${sql.raw(table)} WHERE country_id = 4`);
    }
    await db.execute(sql`DELETE FROM market_items WHERE id = ${itemId(4, 8)}`);
    const now = new Date();
    await Promise.all([1, 2].map(() => db.transaction((tx) => seedMarketplace(tx, now))));
    expect(await snapshot()).toEqual({
      ...seeded,
      // Fresh variations have fresh ids.
      variationStock: expect.arrayContaining([]),
    });
    expect((await snapshot()).variationStock.map((v) => v.stock).sort()).toEqual(
      seeded.variationStock.map((v) => v.stock).sort(),
    );

    // Orders took stock; the back office deleted a seeded variation and a time slot.
    const dashCam = itemId(1, 1);
    await db.execute(sql`UPDATE market_items SET stock = stock - 2 WHERE id = ${itemId(1, 3)}`);
    await db.execute(
      sql`UPDATE market_variations SET stock = stock - 1 WHERE item_id = ${dashCam} AND position = 0`,
    );
    await db.execute(sql`DELETE FROM market_variations WHERE item_id = ${itemId(2, 2)} AND position = 2`);
    await db.execute(sql`DELETE FROM time_slots WHERE country_id = 4 AND day = 0`);
    // It deleted a seeded item (audited): it stays deleted. A row deleted outside it comes back.
    await db.execute(sql`DELETE FROM market_items WHERE id = ${itemId(3, 7)}`);
    await db.execute(
      sql`INSERT INTO audit_log (action, entity, entity_id, operator_id)
        VALUES ('market_item.delete', 'market_item', ${String(itemId(3, 7))}, NULL)`,
    );
    // It renamed a seeded category and deleted a seeded coupon: neither comes back.
    await db.execute(sql`UPDATE market_categories SET slug = 'car-care-kits' WHERE slug = 'car-care'`);
    await db.execute(sql`DELETE FROM coupons WHERE country_id = 4 AND code = 'WELCOME5'`);
    await db.execute(
      sql`INSERT INTO audit_log (action, entity, entity_id, operator_id, before) VALUES
        ('market_category.update', 'market_category', '1', NULL, '{"slug":"car-care"}'),
        ('coupon.delete', 'coupon', '8', NULL, '{"code":"WELCOME5"}')`,
    );
    const before = await snapshot();
    await db.execute(sql`DELETE FROM market_items WHERE id = ${itemId(4, 4)}`);
    await db.execute(sql`DELETE FROM market_sliders WHERE id = 43`);
    await seed(db, { demo: true });
    expect(await snapshot()).toEqual(before);

    // Seeded 40 days later: the offers have moved forward and are live, the coupons still valid,
    // and an offer the back office changed stays as it is.
    await db.execute(
      sql`INSERT INTO audit_log (action, entity, entity_id, operator_id)
        VALUES ('market_offer.update', 'market_offer', '12', NULL)`,
    );
    const [kept] = await rows<{ ends_at: Date | string }>(
      sql`SELECT ends_at FROM market_offers WHERE id = 12`,
    );
    const later = new Date(Date.now() + 40 * DAY);
    await seed(db, { demo: true, now: later });
    expect(await snapshot()).toEqual(before);
    const [stale] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM market_offers
        WHERE id <> 12 AND NOT (starts_at <= ${later.toISOString()}::timestamptz AND ends_at > ${later.toISOString()}::timestamptz)`,
    );
    expect(stale!.n).toBe(0);
    const [offer12] = await rows<{ ends_at: Date | string }>(
      sql`SELECT ends_at FROM market_offers WHERE id = 12`,
    );
    expect(new Date(offer12!.ends_at)).toEqual(new Date(kept!.ends_at));
    const muchLater = new Date(Date.now() + 330 * DAY);
    await seed(db, { demo: true, now: muchLater });
    const [expired] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coupons WHERE ends_at <= ${new Date(muchLater.getTime() + 60 * DAY).toISOString()}::timestamptz
        OR starts_at > ${muchLater.toISOString()}::timestamptz`,
    );
    expect(expired!.n).toBe(0);
    expect(await snapshot()).toEqual(before);
    // Three whole seeds and two of the marketplace's on PGlite: 37.6 s in one CI run with the
    // browser tests beside it, past the suite's 30 s.
  }, 120_000);

  it("creates items after the seeded ones with fresh ids", async () => {
    const db = ctx.database.db;
    const [created] = await rows<{ id: number }>(
      sql`INSERT INTO market_items (country_id, category_id, kind, name, description, price_minor, stock)
        SELECT 1, id, 'product', '{"en":"Test","fr":"Test"}', '{"en":"","fr":""}', 100, 1
        FROM market_categories ORDER BY id LIMIT 1 RETURNING id`,
    );
    const seeded = Math.max(
      ...[1, 2, 3, 4].flatMap((c) => seedItemsOf(c as 1).map((i) => itemId(c as 1, i.n))),
    );
    expect(Number(created!.id)).toBeGreaterThan(seeded);
    for (const t of ["market_offers", "market_sliders", "market_addons", "market_attributes"]) {
      await expect(
        db.execute(sql.raw(`SELECT nextval(pg_get_serial_sequence('${t}', 'id')) AS n`)),
      ).resolves.toBeDefined();
      const [n] = await rows<{ n: number; m: number }>(
        sql.raw(
          `SELECT currval(pg_get_serial_sequence('${t}', 'id'))::int AS n, (SELECT max(id)::int FROM ${t}) AS m`,
        ),
      );
      expect(n!.n, `${t} on ${TEST_ENGINE}`).toBeGreaterThan(n!.m);
    }
  });
});
