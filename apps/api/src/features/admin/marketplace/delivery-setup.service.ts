/**
 * Delivery Setup per country, read and saved whole: delivery and takeaway on or off, the depots
 * deliveries leave from (kept by id; one left out is removed, and orders that named it keep their
 * address), the distance bands (one charge per distance, nearest first) and the time slots on the
 * country's clock (kept by id too, so a cart that chose one stays valid). One transaction, one audit entry with what changed.
 */
import type { DeliverySetup, DeliverySetupBodyParsed, RecordStatus } from "@parkwell/contract";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { deliveryCharges, deliverySettings, marketDepots, timeSlots } from "../../../db/schema/index";
import type { AuditActor } from "../audit.repo";
import {
  audit,
  iso,
  minorOf,
  money,
  refuse,
  requireCountry,
  type MarketCountry,
} from "./market-admin.shared";

export const DEPOT_UNKNOWN_MESSAGE = "This depot does not exist in this country";
export const SLOT_UNKNOWN_MESSAGE = "This time slot does not exist in this country";

async function read(tx: Tx, country: MarketCountry): Promise<DeliverySetup> {
  const [settings] = await tx
    .select()
    .from(deliverySettings)
    .where(eq(deliverySettings.countryId, country.id));
  const depots = await tx
    .select()
    .from(marketDepots)
    .where(eq(marketDepots.countryId, country.id))
    .orderBy(asc(marketDepots.id));
  const bands = await tx
    .select()
    .from(deliveryCharges)
    .where(eq(deliveryCharges.countryId, country.id))
    .orderBy(asc(deliveryCharges.upToKm));
  const slots = await tx
    .select()
    .from(timeSlots)
    .where(eq(timeSlots.countryId, country.id))
    .orderBy(asc(timeSlots.day), asc(timeSlots.openingTime), asc(timeSlots.id));
  return {
    country_code: country.code,
    currency: country.currency,
    decimals: country.decimals,
    time_zone: country.timeZone,
    // No row yet: the defaults of the table (both on).
    delivery_enabled: settings?.deliveryEnabled ?? true,
    takeaway_enabled: settings?.takeawayEnabled ?? true,
    depots: depots.map((d) => ({
      id: d.id,
      name: d.name,
      city: d.city,
      lat: d.lat,
      lng: d.lng,
      status: d.status,
    })),
    bands: bands.map((b) => ({ id: b.id, up_to_km: b.upToKm, charge: money(b.chargeMinor, country) })),
    slots: slots.map((s) => ({
      id: s.id,
      day: s.day,
      opening_time: s.openingTime,
      closing_time: s.closingTime,
      status: s.status,
    })),
    updated_at: settings ? iso(settings.updatedAt) : null,
  };
}

/** What the audit keeps of a setup: everything but the ids and the time. */
const auditView = (s: DeliverySetup) => ({
  delivery_enabled: s.delivery_enabled,
  takeaway_enabled: s.takeaway_enabled,
  depots: s.depots,
  bands: s.bands.map((b) => ({ up_to_km: b.up_to_km, charge: b.charge.amount })),
  slots: s.slots.map((x) => ({
    day: x.day,
    opening_time: x.opening_time,
    closing_time: x.closing_time,
    status: x.status,
  })),
});

export async function getSetup(db: Db, code: string): Promise<DeliverySetup> {
  const country = await requireCountry(db, code, "country");
  return read(db, country);
}

export async function saveSetup(
  db: Db,
  actor: AuditActor,
  code: string,
  body: DeliverySetupBodyParsed,
  now: Date,
): Promise<DeliverySetup> {
  return db.transaction(async (tx) => {
    const country = await requireCountry(tx, code, "country");
    const fields: Record<string, string> = {};
    const bands = body.bands.map((b, i) => ({
      countryId: country.id,
      upToKm: b.up_to_km,
      chargeMinor: minorOf(b.charge, country, `bands.${i}.charge`, fields),
    }));
    const keptIds = body.depots.flatMap((d) => (d.id === undefined ? [] : [d.id]));
    if (keptIds.length > 0) {
      const known = await tx
        .select({ id: marketDepots.id })
        .from(marketDepots)
        .where(and(eq(marketDepots.countryId, country.id), inArray(marketDepots.id, keptIds)));
      const knownIds = new Set(known.map((d) => d.id));
      body.depots.forEach((d, i) => {
        if (d.id !== undefined && !knownIds.has(d.id)) fields[`depots.${i}.id`] = DEPOT_UNKNOWN_MESSAGE;
      });
    }
    const slotIds = body.slots.flatMap((x) => (x.id === undefined ? [] : [x.id]));
    if (slotIds.length > 0) {
      const known = await tx
        .select({ id: timeSlots.id })
        .from(timeSlots)
        .where(and(eq(timeSlots.countryId, country.id), inArray(timeSlots.id, slotIds)));
      const knownIds = new Set(known.map((x) => x.id));
      body.slots.forEach((x, i) => {
        if (x.id !== undefined && !knownIds.has(x.id)) fields[`slots.${i}.id`] = SLOT_UNKNOWN_MESSAGE;
      });
    }
    refuse(fields);
    // Serialises two saves of one country: the settings row is the country's lock.
    await tx
      .insert(deliverySettings)
      .values({ countryId: country.id })
      .onConflictDoNothing({ target: deliverySettings.countryId });
    await tx.select().from(deliverySettings).where(eq(deliverySettings.countryId, country.id)).for("update");
    const before = await read(tx, country);

    await tx
      .update(deliverySettings)
      .set({ deliveryEnabled: body.delivery_enabled, takeawayEnabled: body.takeaway_enabled, updatedAt: now })
      .where(eq(deliverySettings.countryId, country.id));
    await tx
      .delete(marketDepots)
      .where(
        keptIds.length > 0
          ? and(eq(marketDepots.countryId, country.id), notInArray(marketDepots.id, keptIds))
          : eq(marketDepots.countryId, country.id),
      );
    for (const d of body.depots) {
      const values = { name: d.name, city: d.city, lat: d.lat, lng: d.lng, status: d.status as RecordStatus };
      if (d.id === undefined) await tx.insert(marketDepots).values({ countryId: country.id, ...values });
      else await tx.update(marketDepots).set(values).where(eq(marketDepots.id, d.id));
    }
    await tx.delete(deliveryCharges).where(eq(deliveryCharges.countryId, country.id));
    if (bands.length > 0) await tx.insert(deliveryCharges).values(bands);
    const keptSlots = body.slots.flatMap((x) => (x.id === undefined ? [] : [x.id]));
    await tx
      .delete(timeSlots)
      .where(
        keptSlots.length > 0
          ? and(eq(timeSlots.countryId, country.id), notInArray(timeSlots.id, keptSlots))
          : eq(timeSlots.countryId, country.id),
      );
    for (const x of body.slots) {
      const values = {
        day: x.day,
        openingTime: x.opening_time,
        closingTime: x.closing_time,
        status: x.status,
      };
      if (x.id === undefined) await tx.insert(timeSlots).values({ countryId: country.id, ...values });
      else await tx.update(timeSlots).set(values).where(eq(timeSlots.id, x.id));
    }
    const after = await read(tx, country);
    await audit(
      tx,
      actor,
      "delivery_setup.update",
      "delivery_setup",
      country.code,
      auditView(before),
      auditView(after),
    );
    return after;
  });
}
