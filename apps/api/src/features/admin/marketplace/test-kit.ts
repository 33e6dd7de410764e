/**
 * The back-office marketplace tests' own small factories (test-only; not imported by production
 * code): a category, attribute, add-on and items made through the admin API, a country's
 * Delivery Setup open every day, and a driver of a country with a funded wallet and an address.
 */
import type { AdminMarketItem, DeliverySetup } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import { bearer, createUser, type TestUser } from "../../../test/factories";
import type { TestContext } from "../../../test/harness";
import { fund } from "../../bookings/bookings.test-kit";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export function caller(ctx: () => TestContext) {
  return (user: TestUser | null, method: Method, url: string, payload?: object) =>
    ctx().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user ? bearer(user) : {},
      ...(payload ? { payload } : {}),
    });
}

let n = 0;
export const unique = (prefix: string) => `${prefix}-${++n}-${Date.now().toString(36)}`;

export async function countryIds(ctx: TestContext): Promise<Record<string, number>> {
  const rows = await queryRows<{ id: number; code: string }>(
    ctx.database.db,
    sql`SELECT id, code FROM countries`,
  );
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.id)]));
}

/** Lagos, where the Nigerian depot and the drivers' addresses are. */
export const LAGOS = { lat: 6.4541, lng: 3.3947 };

/** Delivery and takeaway on, one depot in Lagos, bands to 10 and 50 km, a slot 00:00–23:59 each day. */
export async function openDelivery(
  ctx: TestContext,
  admin: TestUser,
  country = "NG",
): Promise<DeliverySetup> {
  const res = await caller(() => ctx)(admin, "PUT", `/admin/marketplace/delivery/${country}`, {
    delivery_enabled: true,
    takeaway_enabled: true,
    depots: [{ name: "Lagos depot", city: "Lagos", ...LAGOS }],
    bands: [
      { up_to_km: 10, charge: 1500 },
      { up_to_km: 50, charge: 3000 },
    ],
    slots: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opening_time: "00:00", closing_time: "23:59" })),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json<DeliverySetup>();
}

/** Tomorrow on Lagos's clock (UTC+1 all year) and its weekday. */
export function tomorrowInLagos(): { date: string; day: number } {
  const d = new Date(Date.now() + 3_600_000 + 86_400_000);
  return { date: d.toISOString().slice(0, 10), day: d.getUTCDay() };
}

export async function newItem(
  ctx: TestContext,
  admin: TestUser,
  body: Record<string, unknown>,
): Promise<AdminMarketItem> {
  const res = await caller(() => ctx)(admin, "POST", "/admin/marketplace/items", {
    country_code: "NG",
    kind: "product",
    name: { en: unique("Dash cam"), fr: "Caméra de tableau de bord" },
    description: { en: "Records the road.", fr: "Filme la route." },
    price: 25000,
    stock: 10,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<AdminMarketItem>();
}

/** A Nigerian driver with money in the wallet and a saved address in Lagos. */
export async function driverWithAddress(
  ctx: TestContext,
  ng: number,
): Promise<{ user: TestUser; addressId: number }> {
  const user = await createUser(ctx.database.db, { countryId: ng });
  await fund(ctx.database.db, user.id, 50_000_000, "NGN");
  const res = await caller(() => ctx)(user, "POST", "/addresses", {
    label: "home",
    address: "12 Marina Road",
    city: "Lagos",
    lat: LAGOS.lat + 0.01,
    lng: LAGOS.lng + 0.01,
    phone: "+234 801 234 5678",
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { user, addressId: res.json<{ id: number }>().id };
}
