/** The queries of a country's Delivery Setup: its settings row, depots, distance bands and time slots. */
import type { RecordStatus } from "@parkwell/contract";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Tx } from "../../../db/tx";
import { deliveryCharges, deliverySettings, marketDepots, timeSlots } from "../../../db/schema/index";

/** The settings row (none yet: undefined), the depots, bands and slots of a country, in their order. */
export async function setupRows(tx: Tx, countryId: number) {
  const [settings] = await tx
    .select()
    .from(deliverySettings)
    .where(eq(deliverySettings.countryId, countryId));
  const depots = await tx
    .select()
    .from(marketDepots)
    .where(eq(marketDepots.countryId, countryId))
    .orderBy(asc(marketDepots.id));
  const bands = await tx
    .select()
    .from(deliveryCharges)
    .where(eq(deliveryCharges.countryId, countryId))
    .orderBy(asc(deliveryCharges.upToKm));
  const slots = await tx
    .select()
    .from(timeSlots)
    .where(eq(timeSlots.countryId, countryId))
    .orderBy(asc(timeSlots.day), asc(timeSlots.openingTime), asc(timeSlots.id));
  return { settings, depots, bands, slots };
}

/** The ids among these that are depots of the country. */
export async function knownDepotIds(tx: Tx, countryId: number, ids: number[]): Promise<Set<number>> {
  const known = await tx
    .select({ id: marketDepots.id })
    .from(marketDepots)
    .where(and(eq(marketDepots.countryId, countryId), inArray(marketDepots.id, ids)));
  return new Set(known.map((d) => d.id));
}

/** The ids among these that are time slots of the country. */
export async function knownSlotIds(tx: Tx, countryId: number, ids: number[]): Promise<Set<number>> {
  const known = await tx
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.countryId, countryId), inArray(timeSlots.id, ids)));
  return new Set(known.map((x) => x.id));
}

/** The country's settings row, written when missing, then locked until the transaction commits. */
export async function lockSettings(tx: Tx, countryId: number): Promise<void> {
  await tx
    .insert(deliverySettings)
    .values({ countryId })
    .onConflictDoNothing({ target: deliverySettings.countryId });
  await tx.select().from(deliverySettings).where(eq(deliverySettings.countryId, countryId)).for("update");
}

export async function writeSwitches(
  tx: Tx,
  countryId: number,
  values: { deliveryEnabled: boolean; takeawayEnabled: boolean; updatedAt: Date },
): Promise<void> {
  await tx.update(deliverySettings).set(values).where(eq(deliverySettings.countryId, countryId));
}

export interface DepotValues {
  name: string;
  city: string;
  lat: number;
  lng: number;
  status: RecordStatus;
}

/** The country's depots become these: the others removed, those with an id updated, the rest added. */
export async function replaceDepots(
  tx: Tx,
  countryId: number,
  depots: (DepotValues & { id?: number | undefined })[],
): Promise<void> {
  const keptIds = depots.flatMap((d) => (d.id === undefined ? [] : [d.id]));
  await tx
    .delete(marketDepots)
    .where(
      keptIds.length > 0
        ? and(eq(marketDepots.countryId, countryId), notInArray(marketDepots.id, keptIds))
        : eq(marketDepots.countryId, countryId),
    );
  for (const { id, ...values } of depots) {
    if (id === undefined) await tx.insert(marketDepots).values({ countryId, ...values });
    else await tx.update(marketDepots).set(values).where(eq(marketDepots.id, id));
  }
}

/** The country's distance bands become these. */
export async function replaceBands(
  tx: Tx,
  countryId: number,
  bands: (typeof deliveryCharges.$inferInsert)[],
): Promise<void> {
  await tx.delete(deliveryCharges).where(eq(deliveryCharges.countryId, countryId));
  if (bands.length > 0) await tx.insert(deliveryCharges).values(bands);
}

export interface SlotValues {
  day: number;
  openingTime: string;
  closingTime: string;
  status: RecordStatus;
}

/** The country's time slots become these: the others removed, those with an id updated, the rest added. */
export async function replaceSlots(
  tx: Tx,
  countryId: number,
  slots: (SlotValues & { id?: number | undefined })[],
): Promise<void> {
  const keptSlots = slots.flatMap((x) => (x.id === undefined ? [] : [x.id]));
  await tx
    .delete(timeSlots)
    .where(
      keptSlots.length > 0
        ? and(eq(timeSlots.countryId, countryId), notInArray(timeSlots.id, keptSlots))
        : eq(timeSlots.countryId, countryId),
    );
  for (const { id, ...values } of slots) {
    if (id === undefined) await tx.insert(timeSlots).values({ countryId, ...values });
    else await tx.update(timeSlots).set(values).where(eq(timeSlots.id, id));
  }
}
