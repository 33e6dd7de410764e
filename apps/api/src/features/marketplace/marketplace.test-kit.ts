/**
 * Helpers the marketplace API tests share (test-only; not imported by production code): small
 * factories for a country's catalogue and delivery setup, and the quote and order calls. Each
 * test file makes its own rows and clears the country's delivery setup first, so nothing depends
 * on the seeded catalogue.
 */
import { randomBytes } from "node:crypto";
import type { PlaceOrderBodySchema, QuoteBodySchema } from "@parkwell/contract";
import type { z } from "zod";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { queryRows, type Db } from "../../db/client";
import {
  addresses,
  coupons,
  deliveryCharges,
  marketAddons,
  marketAttributes,
  marketCategories,
  marketDepots,
  marketItemAddons,
  marketItemParks,
  marketItems,
  marketOffers,
  marketVariations,
  timeSlots,
  type Localised,
} from "../../db/schema/index";
import { normalizeSearchText } from "../../lib/search-text";
import { bearer, type TestUser } from "../../test/factories";
import { countryDate } from "./cart-pricing.service";

export const NG = 1;
const DAY = 86_400_000;
const tag = () => randomBytes(4).toString("hex");
const both = (en: string, fr = en): Localised => ({ en, fr });

/** Removes the country's depots, bands, slots and switches, so a test file sets its own. */
export async function resetDeliverySetup(db: Db, countryId = NG) {
  await db.execute(sql`DELETE FROM delivery_settings WHERE country_id = ${countryId}`);
  await db.execute(sql`UPDATE orders SET depot_id = NULL WHERE country_id = ${countryId}`);
  await db.execute(sql`DELETE FROM market_depots WHERE country_id = ${countryId}`);
  await db.execute(sql`DELETE FROM delivery_charges WHERE country_id = ${countryId}`);
  await db.execute(sql`DELETE FROM time_slots WHERE country_id = ${countryId}`);
}

export async function setSwitches(db: Db, delivery: boolean, takeaway: boolean, countryId = NG) {
  await db.execute(sql`INSERT INTO delivery_settings (country_id, delivery_enabled, takeaway_enabled)
    VALUES (${countryId}, ${delivery}, ${takeaway})
    ON CONFLICT (country_id) DO UPDATE SET delivery_enabled = ${delivery}, takeaway_enabled = ${takeaway}`);
}

/** A category named in both languages, or in English only when `nameFr` is "". */
export async function createCategory(db: Db, name = "Test category", nameFr = `${name} (fr)`) {
  const [row] = await db
    .insert(marketCategories)
    .values({ slug: `test-${tag()}`, name: both(name, nameFr) })
    .returning();
  return row!;
}

export interface ItemOptions {
  categoryId: number;
  kind?: "product" | "service";
  name?: string;
  nameFr?: string;
  /** The description's texts ("About …" and "À propos de …" unless given; "" is none). */
  description?: Partial<Localised>;
  priceMinor?: number;
  stock?: number | null;
  dailyCapacity?: number;
  status?: "active" | "inactive";
  countryId?: number;
  sold?: number;
}

export async function createItem(db: Db, o: ItemOptions) {
  const kind = o.kind ?? "product";
  const name = o.name ?? `Item ${tag()}`;
  const nameFr = o.nameFr ?? `${name} (fr)`;
  const [row] = await db
    .insert(marketItems)
    .values({
      countryId: o.countryId ?? NG,
      categoryId: o.categoryId,
      kind,
      name: both(name, nameFr),
      description: { en: `About ${name}`, fr: `À propos de ${nameFr}`, ...o.description },
      images: ["/uploads/test.jpg"],
      priceMinor: o.priceMinor ?? 10_000,
      stock: kind === "service" ? null : o.stock === undefined ? 10 : o.stock,
      dailyCapacity: kind === "service" ? (o.dailyCapacity ?? 5) : null,
      durationMinutes: kind === "service" ? 45 : null,
      status: o.status ?? "active",
      sold: o.sold ?? 0,
      search: normalizeSearchText(`${name} ${nameFr}`),
    })
    .returning();
  return row!;
}

export async function createVariation(
  db: Db,
  itemId: number,
  o: { value?: string; priceMinor: number; stock?: number | null; status?: "active" | "inactive" },
) {
  const [attr] = await db
    .insert(marketAttributes)
    .values({ name: both("Size", "Taille") })
    .returning();
  const [row] = await db
    .insert(marketVariations)
    .values({
      itemId,
      attributeId: attr!.id,
      value: both(o.value ?? `V ${tag()}`),
      priceMinor: o.priceMinor,
      stock: o.stock === undefined ? 10 : o.stock,
      status: o.status ?? "active",
    })
    .returning();
  return row!;
}

export async function createAddon(db: Db, itemId: number, priceMinor: number, countryId = NG) {
  const [addon] = await db
    .insert(marketAddons)
    .values({ countryId, name: both(`Add-on ${tag()}`), priceMinor })
    .returning();
  await db.insert(marketItemAddons).values({ itemId, addonId: addon!.id });
  return addon!;
}

export async function createOffer(
  db: Db,
  o: {
    itemId?: number;
    categoryId?: number;
    discountType: "fixed" | "percentage";
    discount: number;
    maxDiscountMinor?: number | null;
    startsAt?: Date;
    endsAt?: Date;
  },
) {
  const [row] = await db
    .insert(marketOffers)
    .values({
      countryId: NG,
      name: both("Test offer", "Offre test"),
      itemId: o.itemId ?? null,
      categoryId: o.categoryId ?? null,
      discountType: o.discountType,
      discount: o.discount,
      maxDiscountMinor: o.maxDiscountMinor ?? null,
      startsAt: o.startsAt ?? new Date(Date.now() - DAY),
      endsAt: o.endsAt ?? new Date(Date.now() + 7 * DAY),
    })
    .returning();
  return row!;
}

export async function createCoupon(
  db: Db,
  o: Partial<typeof coupons.$inferInsert> & { discountType: "fixed" | "percentage"; discount: number },
) {
  const [row] = await db
    .insert(coupons)
    .values({
      countryId: NG,
      code: `T${tag().toUpperCase()}`,
      name: "Test coupon",
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 30 * DAY),
      ...o,
    })
    .returning();
  return row!;
}

/** A depot in Lagos and bands: up to 5 km 1,000.00, up to 15 km 2,500.00 (minor: kobo). */
export async function createDeliveryArea(db: Db) {
  const [depot] = await db
    .insert(marketDepots)
    .values({ countryId: NG, name: "Test depot", city: "Lagos", lat: 6.45, lng: 3.4 })
    .returning();
  await db.insert(deliveryCharges).values([
    { countryId: NG, upToKm: 5, chargeMinor: 100_000 },
    { countryId: NG, upToKm: 15, chargeMinor: 250_000 },
  ]);
  return depot!;
}

/** A slot every weekday, all day; answers the choice for tomorrow on the country's clock. */
export async function createSlots(db: Db, timezone = "Africa/Lagos") {
  const rows = await db
    .insert(timeSlots)
    .values(
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({
        countryId: NG,
        day,
        openingTime: "08:00",
        closingTime: "20:00",
      })),
    )
    .returning();
  const date = countryDate(new Date(), timezone, 1);
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return { slot_id: rows.find((r) => r.day === day)!.id, date };
}

export async function createAddress(db: Db, userId: string, lat = 6.46, lng = 3.41) {
  const [row] = await db
    .insert(addresses)
    .values({
      userId,
      countryId: NG,
      label: "home",
      address: "12 Test Street",
      city: "Lagos",
      lat,
      lng,
      phone: "+234 800 000 0000",
    })
    .returning();
  return row!;
}

export async function offerAtPark(db: Db, itemId: number, parkId: number) {
  await db.insert(marketItemParks).values({ itemId, parkId });
}

/** Active Nigerian parks, first by id. */
export async function ngParks(db: Db, n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM parks WHERE country_id = ${NG} AND status = 'active' ORDER BY id LIMIT ${n}`,
  );
  return rows.map((r) => Number(r.id));
}

/** A quote body as a client sends it. */
export type Body = z.input<typeof QuoteBodySchema>;
/** An order body as a client sends it (a quote's, and who pays). */
export type OrderBody = z.input<typeof PlaceOrderBodySchema>;

export const quote = (app: FastifyInstance, user: TestUser | null, body: Body, lang = "en") =>
  app.inject({
    method: "POST",
    url: "/api/v1/marketplace/quote",
    headers: { ...(user ? bearer(user) : {}), "accept-language": lang },
    payload: body,
  });

export const placeOrder = (
  app: FastifyInstance,
  user: TestUser,
  body: OrderBody,
  key?: string,
  lang = "en",
) =>
  app.inject({
    method: "POST",
    url: "/api/v1/orders",
    headers: { ...bearer(user), ...(key ? { "idempotency-key": key } : {}), "accept-language": lang },
    payload: body,
  });

export async function stockOf(db: Db, table: "item" | "variation", id: number): Promise<number | null> {
  const rows = await queryRows<{ stock: number | null }>(
    db,
    table === "item"
      ? sql`SELECT stock FROM market_items WHERE id = ${id}`
      : sql`SELECT stock FROM market_variations WHERE id = ${id}`,
  );
  return rows[0]?.stock ?? null;
}

/** Orders whose amounts or refunds do not add up, or stock below zero (empty when none). */
export async function marketViolations(db: Db): Promise<string[]> {
  const rows = await queryRows<{ problem: string }>(
    db,
    sql`
    SELECT 'order ' || o.order_code || ' lines do not sum to its amounts' AS problem
    FROM orders o JOIN order_lines l ON l.order_id = o.id
    GROUP BY o.id, o.order_code, o.subtotal_minor, o.offer_discount_minor, o.coupon_discount_minor, o.tax_minor
    HAVING sum(l.unit_price_minor * l.quantity) <> o.subtotal_minor
      OR sum(l.unit_offer_minor * l.quantity) <> o.offer_discount_minor
      OR sum(l.coupon_share_minor) <> o.coupon_discount_minor
      OR sum(l.tax_share_minor) > o.tax_minor
    UNION ALL
    SELECT 'variation ' || id || ' stock below zero' FROM market_variations WHERE stock < 0
    UNION ALL
    SELECT 'item ' || id || ' stock below zero' FROM market_items WHERE stock < 0
    UNION ALL
    SELECT 'order ' || o.order_code || ' refunded ' || o.refunded_minor || ' but the ledger gave back '
      || coalesce(sum(e.amount_minor), 0)
    FROM orders o
    LEFT JOIN ledger_transactions t ON t.reference = o.order_code AND t.kind = 'refund'
    LEFT JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount_minor > 0
    GROUP BY o.id, o.order_code, o.refunded_minor
    HAVING coalesce(sum(e.amount_minor), 0) <> o.refunded_minor`,
  );
  return rows.map((r) => r.problem);
}
