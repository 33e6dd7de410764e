/**
 * The reads behind pricing a cart: the catalogue rows a cart names, the ordering
 * switches, offers, park, booking, slot, service capacity, address, coupon and delivery bands.
 * Queries only; `priceCart` (cart-pricing.service.ts) decides what they mean.
 */
import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/tx";
import { liveOfferIn } from "./catalogue.repo";
import {
  addresses,
  bookings,
  deliveryCharges,
  deliverySettings,
  marketAddons,
  marketItemAddons,
  marketItemParks,
  marketItems,
  marketOffers,
  marketVariations,
  marketDepots,
  parks,
  serviceDays,
  timeSlots,
} from "../../db/schema/index";

export type OfferRow = typeof marketOffers.$inferSelect;

/** Delivery Setup of a country (both on when never set). */
export async function orderingSwitches(db: Tx, countryId: number) {
  const [row] = await db.select().from(deliverySettings).where(eq(deliverySettings.countryId, countryId));
  return { delivery: row?.deliveryEnabled ?? true, takeaway: row?.takeawayEnabled ?? true };
}

/** The live offers of a country for these items and categories. */
export async function liveOffers(
  db: Tx,
  countryId: number,
  itemIds: number[],
  categoryIds: number[],
  now: Date,
): Promise<OfferRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(marketOffers)
    .where(
      and(
        liveOfferIn(countryId, now),
        or(
          inArray(marketOffers.itemId, itemIds),
          categoryIds.length ? inArray(marketOffers.categoryId, categoryIds) : sql`false`,
        ),
      ),
    );
}

/** The items of a country among these ids, their variations, and the add-ons named linked to them. */
export async function cartCatalogue(db: Tx, countryId: number, itemIds: number[], addonIds: number[]) {
  const items = !itemIds.length
    ? []
    : await db
        .select()
        .from(marketItems)
        .where(and(inArray(marketItems.id, itemIds), eq(marketItems.countryId, countryId)));
  const variations = !itemIds.length
    ? []
    : await db.select().from(marketVariations).where(inArray(marketVariations.itemId, itemIds));
  const addonRows = addonIds.length
    ? await db
        .select({
          itemId: marketItemAddons.itemId,
          id: marketAddons.id,
          name: marketAddons.name,
          priceMinor: marketAddons.priceMinor,
          status: marketAddons.status,
          countryId: marketAddons.countryId,
        })
        .from(marketItemAddons)
        .innerJoin(marketAddons, eq(marketAddons.id, marketItemAddons.addonId))
        .where(and(inArray(marketItemAddons.itemId, itemIds), inArray(marketAddons.id, addonIds)))
    : [];
  return { items, variations, addonRows };
}

export type CartCatalogue = Awaited<ReturnType<typeof cartCatalogue>>;

/**
 * The id of an active park of the country. With `share`, the park's row is shared until the
 * transaction commits, so a change of its country (which holds the row FOR UPDATE) waits for it.
 */
export async function activeParkOf(
  db: Tx,
  parkId: number,
  countryId: number,
  share: boolean,
): Promise<{ id: number } | undefined> {
  const query = db
    .select({ id: parks.id })
    .from(parks)
    .where(and(eq(parks.id, parkId), eq(parks.countryId, countryId), eq(parks.status, "active")));
  const [park] = share ? await query.for("key share") : await query;
  return park;
}

/** The parks where these items (services) are done. */
export function itemParksOf(db: Tx, itemIds: number[]) {
  return db.select().from(marketItemParks).where(inArray(marketItemParks.itemId, itemIds));
}

/** An active booking of the user's at the park, by its code, not over at `now`. */
export async function activeBookingByCode(db: Tx, code: string, userId: string, parkId: number, now: Date) {
  const [booking] = await db
    .select({ id: bookings.id, startTime: bookings.startTime, endTime: bookings.endTime })
    .from(bookings)
    .where(
      and(
        eq(bookings.bookingCode, code.toUpperCase()),
        eq(bookings.userId, userId),
        eq(bookings.parkId, parkId),
        eq(bookings.status, "active"),
        gt(bookings.endTime, now),
      ),
    );
  return booking;
}

/** An active time slot of the country. */
export async function activeSlotOf(db: Tx, slotId: number, countryId: number) {
  const [row] = await db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.id, slotId), eq(timeSlots.countryId, countryId), eq(timeSlots.status, "active")));
  return row;
}

/** The service capacity taken per item at a park on a day. */
export function serviceDaysTaken(db: Tx, itemIds: number[], parkId: number, day: string) {
  return db
    .select({ itemId: serviceDays.itemId, taken: serviceDays.taken })
    .from(serviceDays)
    .where(
      and(inArray(serviceDays.itemId, itemIds), eq(serviceDays.parkId, parkId), eq(serviceDays.day, day)),
    );
}

/** A saved address of the user's in the country. */
export async function userAddressIn(db: Tx, addressId: number, userId: string, countryId: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(
      and(eq(addresses.id, addressId), eq(addresses.userId, userId), eq(addresses.countryId, countryId)),
    );
  return row;
}

/** The active depots of a country. */
export function activeDepots(db: Tx, countryId: number) {
  return db
    .select()
    .from(marketDepots)
    .where(and(eq(marketDepots.countryId, countryId), eq(marketDepots.status, "active")));
}

/** The delivery bands of a country, nearest first. */
export function deliveryBands(db: Tx, countryId: number) {
  return db
    .select()
    .from(deliveryCharges)
    .where(eq(deliveryCharges.countryId, countryId))
    .orderBy(asc(deliveryCharges.upToKm));
}
