/** The demo marketplace's Delivery Setup: depots, distance bands and time slots per country. */
import { deliveryCharges, deliverySettings, marketDepots, timeSlots } from "../schema/index";
import type { Tx } from "../tx";
import { cents, naira, type CountryId } from "./marketplace-values";

/** One depot per main city, at a real address. */
export const MARKET_DEPOT_SEED: Record<
  CountryId,
  { name: string; city: string; lat: number; lng: number }[]
> = {
  1: [
    { name: "Parkwell depot, Ikeja (Allen Avenue)", city: "Lagos", lat: 6.6018, lng: 3.3515 },
    { name: "Parkwell depot, Wuse 2", city: "Abuja", lat: 9.0799, lng: 7.4702 },
  ],
  2: [
    { name: "Parkwell depot, Liberty Village", city: "Toronto", lat: 43.6376, lng: -79.4203 },
    { name: "Dépôt Parkwell, Saint-Henri", city: "Montréal", lat: 45.4773, lng: -73.5865 },
  ],
  3: [{ name: "Dépôt Parkwell, Hann Maristes", city: "Dakar", lat: 14.7356, lng: -17.4335 }],
  4: [
    { name: "Parkwell depot, Long Island City", city: "New York", lat: 40.7447, lng: -73.9485 },
    { name: "Parkwell depot, Arts District", city: "Los Angeles", lat: 34.0407, lng: -118.2335 },
  ],
};

/** The delivery charge by distance from the nearest depot: up to 5, 15 and 30 km. */
export const DELIVERY_BAND_SEED: Record<CountryId, { upToKm: number; chargeMinor: number }[]> = {
  1: bands(naira(1_500), naira(3_000), naira(5_000)),
  2: bands(cents(5.99), cents(9.99), cents(14.99)),
  3: bands(1_000, 2_000, 3_500),
  4: bands(cents(4.99), cents(8.99), cents(12.99)),
};
function bands(near: number, mid: number, far: number) {
  return [
    { upToKm: 5, chargeMinor: near },
    { upToKm: 15, chargeMinor: mid },
    { upToKm: 30, chargeMinor: far },
  ];
}

/** Monday to Saturday 09:00–12:00, 12:00–15:00, 15:00–18:00; Sunday 10:00–14:00; the country's clock. */
export const TIME_SLOT_SEED: readonly { day: number; openingTime: string; closingTime: string }[] = [
  ...[1, 2, 3, 4, 5, 6].flatMap((day) =>
    [
      ["09:00", "12:00"],
      ["12:00", "15:00"],
      ["15:00", "18:00"],
    ].map(([openingTime, closingTime]) => ({ day, openingTime: openingTime!, closingTime: closingTime! })),
  ),
  { day: 0, openingTime: "10:00", closingTime: "14:00" },
];

/** Delivery Setup: its row first; the depots, bands and slots only with a new row (once per country). */
export async function seedDelivery(db: Tx, countryId: CountryId) {
  const inserted = await db
    .insert(deliverySettings)
    .values({ countryId, deliveryEnabled: true, takeawayEnabled: true })
    .onConflictDoNothing({ target: deliverySettings.countryId })
    .returning({ countryId: deliverySettings.countryId });
  if (inserted.length === 0) return;
  await db.insert(marketDepots).values(MARKET_DEPOT_SEED[countryId].map((d) => ({ ...d, countryId })));
  await db
    .insert(deliveryCharges)
    .values(DELIVERY_BAND_SEED[countryId].map((b) => ({ ...b, countryId })))
    .onConflictDoNothing();
  await db.insert(timeSlots).values(TIME_SLOT_SEED.map((s) => ({ ...s, countryId })));
}
