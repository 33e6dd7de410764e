/**
 * Delivery Setup per country, read and saved whole: delivery and takeaway on or off, the depots
 * deliveries leave from (kept by id; one left out is removed, and orders that named it keep their
 * address), the distance bands (one charge per distance, nearest first) and the time slots on the
 * country's clock (kept by id too, so a cart that chose one stays valid). One transaction, one audit entry with what changed.
 */
import type { DeliverySetup, DeliverySetupBodyParsed, RecordStatus } from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import {
  knownDepotIds,
  knownSlotIds,
  lockSettings,
  replaceBands,
  replaceDepots,
  replaceSlots,
  setupRows,
  writeSwitches,
} from "./delivery-setup.repo";
import type { AuditActor } from "../audit.repo";
import { iso, minorOf, money, refuse, type MarketCountry } from "./market-admin.domain";
import { audit, requireCountry } from "./market-admin.service";
import { servedCountries } from "../../reference/served-countries";

export const DEPOT_UNKNOWN_MESSAGE = "This depot does not exist in this country";
export const SLOT_UNKNOWN_MESSAGE = "This time slot does not exist in this country";

async function read(tx: Tx, country: MarketCountry): Promise<DeliverySetup> {
  const { settings, depots, bands, slots } = await setupRows(tx, country.id);
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
  const country = await requireCountry(servedCountries(db), db, code, "country");
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
    const country = await requireCountry(servedCountries(db), tx, code, "country");
    const fields: Record<string, string> = {};
    const bands = body.bands.map((b, i) => ({
      countryId: country.id,
      upToKm: b.up_to_km,
      chargeMinor: minorOf(b.charge, country, `bands.${i}.charge`, fields),
    }));
    const keptIds = body.depots.flatMap((d) => (d.id === undefined ? [] : [d.id]));
    if (keptIds.length > 0) {
      const knownIds = await knownDepotIds(tx, country.id, keptIds);
      body.depots.forEach((d, i) => {
        if (d.id !== undefined && !knownIds.has(d.id)) fields[`depots.${i}.id`] = DEPOT_UNKNOWN_MESSAGE;
      });
    }
    const slotIds = body.slots.flatMap((x) => (x.id === undefined ? [] : [x.id]));
    if (slotIds.length > 0) {
      const knownIds = await knownSlotIds(tx, country.id, slotIds);
      body.slots.forEach((x, i) => {
        if (x.id !== undefined && !knownIds.has(x.id)) fields[`slots.${i}.id`] = SLOT_UNKNOWN_MESSAGE;
      });
    }
    refuse(fields);
    // Serialises two saves of one country: the settings row is the country's lock.
    await lockSettings(tx, country.id);
    const before = await read(tx, country);

    await writeSwitches(tx, country.id, {
      deliveryEnabled: body.delivery_enabled,
      takeawayEnabled: body.takeaway_enabled,
      updatedAt: now,
    });
    await replaceDepots(
      tx,
      country.id,
      body.depots.map((d) => ({
        id: d.id,
        name: d.name,
        city: d.city,
        lat: d.lat,
        lng: d.lng,
        status: d.status as RecordStatus,
      })),
    );
    await replaceBands(tx, country.id, bands);
    await replaceSlots(
      tx,
      country.id,
      body.slots.map((x) => ({
        id: x.id,
        day: x.day,
        openingTime: x.opening_time,
        closingTime: x.closing_time,
        status: x.status,
      })),
    );
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
