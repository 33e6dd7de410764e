/**
 * The demo events: upcoming matches, concerts and a conference at real venues, served by the
 * venue's own car parks and seeded parks nearby (docs/PRODUCT-RULES.md#events). Their dates are
 * rolling: each is set some days after the seed's "now", on a given weekday, and an event that has
 * ended is moved to its next date when seeding runs again (each start, each demo reset), so the
 * list always has events to book. Codes never change: links to them keep working.
 */
import { instantOfWallClock, wallClockMs, type EventCategory } from "@parkwell/contract";
import { accessCodeHash } from "../../lib/access-code";
import { sql } from "drizzle-orm";
import { queryRows } from "../client";
import type { Tx } from "../tx";
import { CITIES } from "./park-places";
import { BASE_RATE, buildSeedParks, round, VEHICLE_FACTOR } from "./park-rows";

/** Printed in README.md ("Demo mode"): the private demo event's access code, seeded only in demo mode. */
export const DEMO_EVENT_ACCESS_CODE = "PARKWELL-VIP";

const DAY_MS = 86_400_000;
/** Vehicle types an event's parking is sold for: every type a park takes but trucks. */
const EVENT_VEHICLE_TYPES = [1, 2, 3, 4];

interface SeedEventPark {
  slug: string;
  /** The flat price for a car, in minor units; other types follow the seed's vehicle factors. */
  carMinor: number;
  /** The share of the park's spaces of each type held for the event. */
  share: number;
}

export interface SeedEvent {
  code: string;
  name: string;
  description: { en: string; fr: string };
  category: EventCategory;
  venue: string;
  address: string;
  /** The seeded city whose country and zone the venue shares. */
  in: string;
  /** The city shown, when the venue is outside the seeded city itself. */
  city?: string;
  lat: number;
  lng: number;
  /** At least this many days after the seed's day, on the next `weekday` (0 is Sunday). */
  inDays: number;
  weekday: number;
  /** Start on the venue's clock, and the length in minutes. */
  time: string;
  minutes: number;
  before?: number;
  after?: number;
  /** The operator whose staff manage it (its parks are that operator's); none: Parkwell's staff. */
  operator?: string;
  /** A private event, seeded only in demo mode. */
  accessCode?: string;
  parks: SeedEventPark[];
}

const venueLot = (slug: string, carMinor: number): SeedEventPark => ({ slug, carMinor, share: 0.4 });
const nearby = (slug: string, carMinor: number): SeedEventPark => ({ slug, carMinor, share: 0.15 });

export const SEED_EVENTS: readonly SeedEvent[] = [
  {
    code: "EV-EKTEC",
    name: "Lagos Tech Summit",
    description: {
      en: "Two stages of talks on payments, logistics and AI for African markets, with a startup fair in the main hall. Badges are collected at the north entrance from 8:00.",
      fr: "Deux scènes de conférences sur les paiements, la logistique et l'IA pour les marchés africains, avec un salon des startups dans le grand hall. Les badges se retirent à l'entrée nord dès 8 h.",
    },
    category: "conference",
    venue: "Eko Convention Centre",
    address: "Adetokunbo Ademola Street, Victoria Island",
    in: "Lagos",
    lat: 6.4265,
    lng: 3.4297,
    inDays: 5,
    weekday: 3,
    time: "09:00",
    minutes: 8 * 60,
    before: 90,
    parks: [
      venueLot("eko-convention-centre-car-park-lagos", 500_000),
      nearby("victoria-island-car-park-lagos", 350_000),
      nearby("ikoyi-car-park-lagos", 300_000),
    ],
  },
  {
    code: "EV-TBLAG",
    name: "Lagos Derby: Surulere Stars v Island United",
    description: {
      en: "The city's fiercest rivalry under the Surulere floodlights. Gates open two hours before kick-off: park at the stadium or nearby and walk in.",
      fr: "La rivalité la plus ardente de la ville sous les projecteurs de Surulere. Ouverture des portes deux heures avant le coup d'envoi : garez-vous au stade ou à proximité et terminez à pied.",
    },
    category: "sport",
    venue: "Teslim Balogun Stadium",
    address: "Funsho Williams Avenue, Surulere",
    in: "Lagos",
    lat: 6.5023,
    lng: 3.3619,
    inDays: 7,
    weekday: 6,
    time: "16:00",
    minutes: 120,
    parks: [
      venueLot("teslim-balogun-stadium-north-lot-lagos", 400_000),
      venueLot("teslim-balogun-stadium-south-garage-lagos", 400_000),
      nearby("national-stadium-surulere-south-garage-lagos", 300_000),
      nearby("yaba-car-park-lagos", 250_000),
    ],
  },
  {
    code: "EV-TRHKY",
    name: "Saturday Night Hockey: Toronto v Montréal",
    description: {
      en: "The oldest rivalry in hockey, live downtown. Doors open 90 minutes before puck drop; the arena's lots fill first, Union Station is a five-minute walk.",
      fr: "La plus vieille rivalité du hockey, en direct au centre-ville. Ouverture des portes 90 minutes avant la mise au jeu ; les stationnements de l'aréna se remplissent vite, Union Station est à cinq minutes à pied.",
    },
    category: "sport",
    venue: "Scotiabank Arena",
    address: "40 Bay Street",
    in: "Toronto",
    lat: 43.6435,
    lng: -79.3791,
    inDays: 9,
    weekday: 6,
    time: "19:00",
    minutes: 165,
    parks: [
      venueLot("scotiabank-arena-north-lot-toronto", 3_000),
      venueLot("scotiabank-arena-south-garage-toronto", 3_000),
      nearby("union-station-station-car-park-toronto", 2_200),
      nearby("financial-district-garage-toronto", 2_000),
    ],
  },
  {
    code: "EV-VPGLA",
    name: "Harbourview Partners' Day",
    description: {
      en: "An afternoon of awards and talks for Harbourview's partners, by invitation. Enter the access code from your invitation to book parking.",
      fr: "Un après-midi de remises de prix et de rencontres pour les partenaires de Harbourview, sur invitation. Saisissez le code d'accès de votre invitation pour réserver votre stationnement.",
    },
    category: "other",
    venue: "Eko Convention Centre",
    address: "Adetokunbo Ademola Street, Victoria Island",
    in: "Lagos",
    lat: 6.4265,
    lng: 3.4297,
    inDays: 10,
    weekday: 4,
    time: "13:00",
    minutes: 6 * 60,
    operator: "Harbourview Parking Ltd",
    accessCode: DEMO_EVENT_ACCESS_CODE,
    parks: [
      venueLot("eko-convention-centre-car-park-lagos", 600_000),
      nearby("ikoyi-car-park-lagos", 400_000),
      nearby("the-palms-lekki-car-park-lagos", 350_000),
    ],
  },
  {
    code: "EV-MTLHK",
    name: "Hockey : Montréal contre Ottawa",
    description: {
      en: "A Thursday night divisional game at the Bell Centre. Central Station's garages are linked to the arena through the underground city.",
      fr: "Un match de division le jeudi soir au Centre Bell. Les stationnements de la Gare Centrale sont reliés à l'aréna par la ville souterraine.",
    },
    category: "sport",
    venue: "Centre Bell",
    address: "1909 Avenue des Canadiens-de-Montréal",
    in: "Montréal",
    lat: 45.4961,
    lng: -73.5693,
    inDays: 12,
    weekday: 4,
    time: "19:00",
    minutes: 165,
    parks: [
      venueLot("parking-nord-centre-bell-montreal", 2_800),
      venueLot("parking-sud-centre-bell-montreal", 2_800),
      nearby("parking-de-la-gare-gare-centrale-montreal", 2_000),
      nearby("parking-souterrain-gare-centrale-montreal", 2_000),
    ],
  },
  {
    code: "EV-ABJ26",
    name: "Afrobeats Under the Stars",
    description: {
      en: "A night of Afrobeats and highlife with a dozen artists on one open-air stage. Gates open at 17:00; food stalls in the stadium grounds.",
      fr: "Une soirée d'afrobeats et de highlife avec une douzaine d'artistes sur une scène en plein air. Ouverture des portes à 17 h ; restauration sur l'esplanade du stade.",
    },
    category: "concert",
    venue: "Moshood Abiola National Stadium",
    address: "Kukwaba, Abuja",
    in: "Abuja",
    lat: 9.042,
    lng: 7.456,
    inDays: 15,
    weekday: 5,
    time: "19:00",
    minutes: 4 * 60,
    parks: [
      venueLot("moshood-abiola-national-stadium-north-lot-abuja", 300_000),
      venueLot("moshood-abiola-national-stadium-south-garage-abuja", 300_000),
      nearby("garki-area-11-garage-abuja", 200_000),
    ],
  },
  {
    code: "EV-NYMSG",
    name: "Holiday Hoops Classic",
    description: {
      en: "A college basketball doubleheader at the Garden: four teams, two games, one afternoon. Penn Station's garages are right underneath.",
      fr: "Un programme double de basketball universitaire au Garden : quatre équipes, deux matchs, un après-midi. Les parkings de Penn Station sont juste en dessous.",
    },
    category: "sport",
    venue: "Madison Square Garden",
    address: "4 Pennsylvania Plaza",
    in: "New York",
    lat: 40.7505,
    lng: -73.9934,
    inDays: 18,
    weekday: 6,
    time: "14:00",
    minutes: 5 * 60,
    parks: [
      venueLot("madison-square-garden-north-lot-new-york", 5_500),
      venueLot("madison-square-garden-south-garage-new-york", 5_500),
      nearby("penn-station-station-garage-new-york", 4_000),
      nearby("penn-station-station-car-park-new-york", 4_000),
    ],
  },
  {
    code: "EV-RGC26",
    name: "Toronto Winter Music Festival",
    description: {
      en: "Ten hours of live music under the closed roof: indie, hip-hop and electronic acts on two stages. Re-entry is not allowed once inside.",
      fr: "Dix heures de musique live sous le toit fermé : indie, hip-hop et électro sur deux scènes. Aucune sortie n'est permise une fois à l'intérieur.",
    },
    category: "festival",
    venue: "Rogers Centre",
    address: "1 Blue Jays Way",
    in: "Toronto",
    lat: 43.6414,
    lng: -79.3894,
    inDays: 22,
    weekday: 6,
    time: "13:00",
    minutes: 10 * 60,
    parks: [
      venueLot("rogers-centre-north-lot-toronto", 3_500),
      venueLot("rogers-centre-south-garage-toronto", 3_500),
      nearby("union-station-station-garage-toronto", 2_500),
    ],
  },
  {
    code: "EV-CHSFD",
    name: "Lakefront Football Classic",
    description: {
      en: "Sunday football on the lakefront. The lots open three hours before kick-off for tailgating; dress for the wind off the lake.",
      fr: "Du football le dimanche au bord du lac. Les stationnements ouvrent trois heures avant le coup d'envoi pour les pique-niques d'avant-match ; prévoyez des vêtements contre le vent du lac.",
    },
    category: "sport",
    venue: "Soldier Field",
    address: "1410 Special Olympics Drive",
    in: "Chicago",
    lat: 41.8623,
    lng: -87.6167,
    inDays: 26,
    weekday: 0,
    time: "12:00",
    minutes: 210,
    before: 180,
    parks: [
      venueLot("soldier-field-north-lot-chicago", 5_000),
      venueLot("soldier-field-south-garage-chicago", 5_000),
      nearby("the-loop-garage-chicago", 3_500),
      nearby("chicago-union-station-station-garage-chicago", 3_500),
    ],
  },
  {
    code: "EV-DKR26",
    name: "Finale de la Coupe de la Teranga",
    description: {
      en: "The final of the Teranga Cup at the national stadium in Diamniadio. The TER stops at Diamniadio; the stadium's own car parks open two hours before kick-off.",
      fr: "La finale de la Coupe de la Teranga au stade national de Diamniadio. Le TER s'arrête à Diamniadio ; les parkings du stade ouvrent deux heures avant le coup d'envoi.",
    },
    category: "sport",
    venue: "Stade Abdoulaye Wade",
    address: "Route nationale 1, Diamniadio",
    in: "Dakar",
    city: "Diamniadio",
    lat: 14.7279,
    lng: -17.187,
    inDays: 30,
    weekday: 6,
    time: "17:00",
    minutes: 120,
    parks: [
      venueLot("parking-nord-stade-abdoulaye-wade-dakar", 2_000),
      venueLot("parking-sud-stade-abdoulaye-wade-dakar", 2_000),
    ],
  },
  {
    code: "EV-SFLA7",
    name: "SoCal Bowl",
    description: {
      en: "College football's West Coast bowl game in Inglewood. Lots open three hours before kick-off; follow the signs from Prairie Avenue.",
      fr: "Le match de bowl universitaire de la côte Ouest à Inglewood. Les stationnements ouvrent trois heures avant le coup d'envoi ; suivez les panneaux depuis Prairie Avenue.",
    },
    category: "sport",
    venue: "SoFi Stadium",
    address: "1001 Stadium Drive, Inglewood",
    in: "Los Angeles",
    city: "Inglewood",
    lat: 33.9535,
    lng: -118.3392,
    inDays: 36,
    weekday: 6,
    time: "17:00",
    minutes: 210,
    before: 180,
    parks: [
      venueLot("sofi-stadium-north-lot-los-angeles", 6_000),
      venueLot("sofi-stadium-south-garage-los-angeles", 6_000),
    ],
  },
];

/** The start and end of an event seeded at `now`: `inDays` on, the next `weekday`, at `time` on the venue's clock. */
export function seedEventTimes(e: SeedEvent, timeZone: string, now: Date): { start: Date; end: Date } {
  const today = Math.floor(wallClockMs(now.getTime(), timeZone) / DAY_MS) * DAY_MS;
  let day = today + e.inDays * DAY_MS;
  while (new Date(day).getUTCDay() !== e.weekday) day += DAY_MS;
  const [h, m] = e.time.split(":").map(Number) as [number, number];
  const start = new Date(instantOfWallClock(day + (h * 60 + m) * 60_000, timeZone));
  return { start, end: new Date(start.getTime() + e.minutes * 60_000) };
}

/**
 * Seeds the demo events, upserted by code: a missing one is created, a seeded one is repaired
 * (texts, parks, prices, allocations) and, once ended, moved to its next date. An event changed in
 * the back office (it has an audit entry) is its organiser's and is left as it is. The private
 * event, whose access code is published, exists only in demo mode.
 */
export async function seedEvents(db: Tx, now: Date, options: { demo: boolean }): Promise<void> {
  const parkIds = new Map(buildSeedParks().map((p) => [p.row.slug, p.row.id]));
  for (const e of SEED_EVENTS) {
    if (e.accessCode && !options.demo) continue;
    const city = CITIES.find((c) => c.city === e.in);
    if (!city) throw new Error(`Seeded event ${e.code}: no seeded city ${e.in}`);
    const parks = e.parks.map((p) => {
      const id = parkIds.get(p.slug);
      if (id === undefined) throw new Error(`Seeded event ${e.code}: no seeded park ${p.slug}`);
      return { ...p, id };
    });
    await seedEvent(db, e, city, parks, now);
  }
}

async function seedEvent(
  db: Tx,
  e: SeedEvent,
  city: (typeof CITIES)[number],
  parks: (SeedEventPark & { id: number })[],
  now: Date,
): Promise<void> {
  const [existing] = await queryRows<{
    id: number;
    start_time: Date | string;
    end_time: Date | string;
    managed: boolean;
  }>(
    db,
    sql`SELECT e.id, e.start_time, e.end_time, EXISTS (SELECT 1 FROM audit_log a
          WHERE a.entity = 'event' AND a.entity_id = e.event_code) AS managed
        FROM events e WHERE e.event_code = ${e.code}`,
  );
  if (existing?.managed) return;
  // The capacity rows first, as every booking and the back office take them (then the event's row):
  // the allocations below are read against what the parks have free, under these locks.
  const ids = parks.map((p) => p.id);
  await queryRows(
    db,
    sql`SELECT 1 FROM park_capacities WHERE park_id = ANY(${sql.param(ids)}::int[])
      ORDER BY park_id, vehicle_type_id FOR UPDATE`,
  );
  const ended = existing ? new Date(existing.end_time).getTime() <= now.getTime() : true;
  const { start, end } = ended
    ? seedEventTimes(e, city.timeZone, now)
    : { start: new Date(existing!.start_time), end: new Date(existing!.end_time) };
  const [operator] = e.operator
    ? await queryRows<{ id: number }>(db, sql`SELECT id FROM operators WHERE name = ${e.operator}`)
    : [];
  const values = sql`${e.code}, ${e.name}, ${JSON.stringify(e.description)}::jsonb, ${e.category}, 'published',
    ${e.accessCode ? "private" : "public"}, ${e.accessCode ? accessCodeHash(e.accessCode) : null},
    ${operator?.id ?? null}::int, ${city.countryId}, ${e.venue}, ${e.address}, ${e.city ?? city.city},
    ${e.lat}, ${e.lng}, ${city.timeZone}, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz,
    ${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO events (event_code, name, description, category, status, visibility, access_code_hash,
        operator_id, country_id, venue_name, venue_address, city, lat, lng, time_zone, start_time, end_time,
        published_at)
      VALUES (${values})
      ON CONFLICT (event_code) DO UPDATE SET name = excluded.name, description = excluded.description,
        category = excluded.category, status = 'published', visibility = excluded.visibility,
        access_code_hash = excluded.access_code_hash, operator_id = excluded.operator_id,
        country_id = excluded.country_id, venue_name = excluded.venue_name,
        venue_address = excluded.venue_address, city = excluded.city, lat = excluded.lat, lng = excluded.lng,
        time_zone = excluded.time_zone, start_time = excluded.start_time, end_time = excluded.end_time,
        cancelled_at = NULL, updated_at = excluded.published_at
      RETURNING id`,
  );
  const eventId = row!.id;
  const before = e.before ?? 120;
  const after = e.after ?? 60;
  const windowStart = new Date(start.getTime() - before * 60_000).toISOString();
  const windowEnd = new Date(end.getTime() + after * 60_000).toISOString();
  await db.execute(
    sql`DELETE FROM event_parks WHERE event_id = ${eventId} AND NOT (park_id = ANY(${sql.param(ids)}::int[]))`,
  );
  // Allocations are a share of each park's spaces as they are now (an operator may have changed
  // them), never more than is free over the window besides this event (other bookings, drive-up
  // sales, other events' holds) and never less than this event has booked there.
  const capacities = await queryRows<{
    park_id: number;
    vehicle_type_id: number;
    capacity: number;
    free: number;
    booked: number;
  }>(
    db,
    sql`SELECT c.park_id, c.vehicle_type_id, c.capacity,
        c.capacity - booking_peak(c.park_id, c.vehicle_type_id, ${windowStart}::timestamptz,
          ${windowEnd}::timestamptz, NULL, ${eventId}) AS free,
        event_booked(${eventId}, c.park_id, c.vehicle_type_id) AS booked
      FROM park_capacities c
      WHERE c.park_id = ANY(${sql.param(ids)}::int[]) AND c.capacity > 0
        AND c.vehicle_type_id = ANY(${sql.param(EVENT_VEHICLE_TYPES)}::int[])`,
  );
  const step = BASE_RATE[city.countryId].step;
  for (const [position, p] of parks.entries()) {
    await db.execute(
      sql`INSERT INTO event_parks (event_id, park_id, arrive_before_minutes, depart_after_minutes, window_start,
          window_end, position)
        VALUES (${eventId}, ${p.id}, ${before}, ${after}, ${windowStart}::timestamptz, ${windowEnd}::timestamptz, ${position})
        ON CONFLICT (event_id, park_id) DO UPDATE SET arrive_before_minutes = excluded.arrive_before_minutes,
          depart_after_minutes = excluded.depart_after_minutes, window_start = excluded.window_start,
          window_end = excluded.window_end, position = excluded.position`,
    );
    const offers = capacities
      .filter((c) => Number(c.park_id) === p.id)
      .map((c) => ({
        type: Number(c.vehicle_type_id),
        price: round(p.carMinor * (VEHICLE_FACTOR[Number(c.vehicle_type_id)] ?? 1), step),
        // Moved to a new date, the event has no booking over its new window yet.
        allocation: Math.max(
          ended ? 0 : Number(c.booked),
          Math.min(Math.max(1, Math.floor(Number(c.capacity) * p.share)), Number(c.free)),
        ),
      }))
      .filter((o) => o.allocation > 0);
    await db.execute(
      sql`DELETE FROM event_rates WHERE event_id = ${eventId} AND park_id = ${p.id}
        AND NOT (vehicle_type_id = ANY(${sql.param(offers.map((o) => o.type))}::int[]))`,
    );
    for (const o of offers) {
      await db.execute(
        sql`INSERT INTO event_rates (event_id, park_id, vehicle_type_id, price_minor, allocation)
          VALUES (${eventId}, ${p.id}, ${o.type}, ${o.price}, ${o.allocation})
          ON CONFLICT (event_id, park_id, vehicle_type_id) DO UPDATE
          SET price_minor = excluded.price_minor, allocation = excluded.allocation`,
      );
    }
  }
}
