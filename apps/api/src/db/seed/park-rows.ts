import type { OpeningHours, ParkTexts } from "../schema/parks";
import type { Language } from "../../lib/language";
import { normalizeSearchText, slugify } from "../../lib/search-text";
import { assertIanaTimeZone } from "../../lib/time-zone";
import {
  ANCHOR_TAX_DISTRICTS,
  CITIES,
  LATER_PLACES,
  type Anchor,
  type CitySeed,
  type PlaceType,
} from "./park-places";
import { STATE_ROWS, TAX_DISTRICT_ROWS } from "./reference-data";

/** Deterministic pseudo-random numbers (mulberry32) from a string seed: same input, same parks. */
export function rng(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COUNTRY_CODE = { 1: "NG", 2: "CA", 3: "SN", 4: "US" } as const;
/** Car: standard hourly and daily cap in minor units; the step prices are rounded to. */
export const BASE_RATE = {
  1: { hourly: 500_00, daily: 4_000_00, step: 50_00 },
  2: { hourly: 4_00, daily: 24_00, step: 25 },
  3: { hourly: 500, daily: 3_500, step: 50 },
  4: { hourly: 6_00, daily: 35_00, step: 25 },
} as const;
const TYPE_FACTOR: Record<PlaceType, number> = {
  airport: 2,
  stadium: 1.5,
  station: 1,
  mall: 0.6,
  hospital: 0.6,
  city: 1,
  event: 1.2,
};
/** Vehicle type id -> price factor against a car. */
export const VEHICLE_FACTOR: Record<number, number> = { 1: 1, 2: 1.25, 3: 0.5, 4: 1.5, 5: 2.5 };
const OPERATORS = {
  1: ["Citypark Nigeria", "Parkwell Operations", "Harbourview Parking Ltd"],
  2: ["Metro Parking Canada", "Parkwell Operations", "Northgate Parking"],
  3: ["Dakar Parking SA", "Parkwell Opérations", "Teranga Stationnement"],
  4: ["Parkwell Operations", "Liberty Garage Co.", "Sunbelt Parking"],
} as const;
const KINDS: Record<PlaceType, { en: string[]; fr: string[] }> = {
  airport: {
    en: ["Short Stay", "Long Stay", "Economy"],
    fr: ["Parking courte durée", "Parking longue durée", "Parking économique"],
  },
  stadium: { en: ["North Lot", "South Garage"], fr: ["Parking Nord", "Parking Sud"] },
  station: { en: ["Station Car Park", "Station Garage"], fr: ["Parking de la gare", "Parking souterrain"] },
  mall: { en: ["Car Park"], fr: ["Parking"] },
  hospital: { en: ["Visitor Parking"], fr: ["Parking visiteurs"] },
  city: { en: ["Garage", "Car Park"], fr: ["Parking", "Parking souterrain"] },
  event: { en: ["Car Park"], fr: ["Parking"] },
};

export const round = (v: number, step: number) => Math.max(step, Math.round(v / step) * step);
/**
 * The alphabet the seeded parks' codes were first published with (park-identifiers.json): frozen,
 * since QR signs and links carry those codes. New codes (a park created in the back office, a
 * booking, an order...) come from lib/readable-code.ts.
 */
const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export function stateIdOf(countryId: number, name: string): number | null {
  return STATE_ROWS.find((s) => s.countryId === countryId && s.name === name)?.id ?? null;
}

/** The tax district of the parks around an anchor (park-places ANCHOR_TAX_DISTRICTS), or null. */
export function taxDistrictIdOf(city: string, anchor: string): number | null {
  const code = ANCHOR_TAX_DISTRICTS[`${city}/${anchor}`];
  if (code === undefined) return null;
  const found = TAX_DISTRICT_ROWS.find((d) => d.code === code);
  if (!found) throw new Error(`Seeded place ${city}/${anchor}: no tax district ${code}`);
  return found.id;
}

function hours(type: PlaceType, k: number): { open24h: boolean; openingHours: OpeningHours | null } {
  if (type === "airport" || type === "station" || type === "hospital" || (type === "city" && k === 0)) {
    return { open24h: true, openingHours: null };
  }
  const day = (open: string, close: string) => ({ open, close });
  if (type === "mall")
    return { open24h: false, openingHours: [...Array(6).fill(day("09:00", "22:00")), day("11:00", "20:00")] };
  if (type === "stadium") return { open24h: false, openingHours: Array(7).fill(day("08:00", "24:00")) };
  if (type === "event") return { open24h: false, openingHours: Array(7).fill(day("07:00", "24:00")) };
  return {
    open24h: false,
    openingHours: [...Array(5).fill(day("06:00", "22:00")), day("08:00", "22:00"), null],
  };
}

function amenities(type: PlaceType, k: number, r: () => number): string[] {
  const set = new Set<string>(["lit"]);
  if (type !== "city" || r() < 0.7) set.add("cctv");
  if (r() < 0.8) set.add("accessible");
  if (r() < 0.6 || type === "airport") set.add("security");
  const garage = k === 1 || type === "mall" || type === "hospital";
  if (garage) set.add("covered");
  if (r() < 0.35 || (type === "airport" && k === 0)) set.add("ev_charging");
  if ((type === "airport" && k === 0) || (type === "mall" && r() < 0.5)) set.add("valet");
  if ((type === "airport" && k > 0) || (type === "stadium" && r() < 0.5)) set.add("shuttle");
  if (r() < 0.3) set.add("car_wash");
  if (type !== "city" || r() < 0.4) set.add("restrooms");
  return [...set].sort();
}

export interface SeedPark {
  row: {
    id: number;
    slug: string;
    parkCode: string;
    name: string;
    description: string;
    type: string;
    countryId: number;
    stateId: number | null;
    taxDistrictId: number | null;
    city: string;
    timeZone: string;
    address: string;
    lat: number;
    lng: number;
    open24h: boolean;
    openingHours: OpeningHours | null;
    amenities: string[];
    maxHeightCm: number | null;
    entryInstructions: string;
    textLanguage: Language;
    translations: Partial<Record<Language, ParkTexts>>;
    photos: { url: string; alt: string }[];
    operator: string;
    status: string;
    searchText: string;
    hourlyFromMinor: number;
  };
  capacities: { vehicleTypeId: number; capacity: number }[];
  rates: { vehicleTypeId: number; hourlyMinor: number; dailyMaxMinor: number }[];
}

/** `kind` without its first word when `anchor` ends with that word. */
function withoutRepeat(anchor: string, kind: string): string {
  const [first, ...rest] = kind.split(" ");
  return rest.length > 0 && anchor.toLowerCase().endsWith(` ${first!.toLowerCase()}`) ? rest.join(" ") : kind;
}

function buildPark(
  id: number,
  c: CitySeed,
  a: Anchor,
  k: number,
  slugs: Set<string>,
  codes: Set<string>,
  operator?: string,
): SeedPark {
  const [anchor, type, lat, lng, street] = a;
  const r = rng(`${c.city}/${anchor}/${k}`);
  // The park's kind in both languages (the seed writes its texts in both).
  const kindIn = { en: KINDS[type].en[k] ?? "Car Park", fr: KINDS[type].fr[k] ?? "Parking" };
  const kind = c.french ? kindIn.fr : kindIn.en;
  // The slug and park code come from the first form of the name and never change: QR signs at
  // the entrances and shared links carry them. The name shown drops a word the anchor and the
  // kind would both say ("Union Station" + "Station Garage" is "Union Station Garage").
  const firstName = c.french ? `${kind} — ${anchor}` : `${anchor} ${kind}`;
  const name = c.french ? firstName : `${anchor} ${withoutRepeat(anchor, kind)}`;
  let slug = slugify(`${firstName} ${c.city}`);
  for (let n = 2; slugs.has(slug); n++) slug = `${slugify(`${firstName} ${c.city}`)}-${n}`;
  slugs.add(slug);
  let parkCode = "";
  for (let salt = 0; !parkCode || codes.has(parkCode); salt++) {
    const rc = rng(`${slug}#${salt}`);
    parkCode =
      COUNTRY_CODE[c.countryId] +
      Array.from({ length: 5 }, () => CODE_ALPHABET[Math.floor(rc() * 32)]).join("");
  }
  codes.add(parkCode);
  const spread = type === "airport" ? 0.008 : 0.004;
  const base = BASE_RATE[c.countryId];
  const hourly = round(base.hourly * TYPE_FACTOR[type] * (0.8 + r() * 0.6), base.step);
  const daily = round(Math.max(hourly * 2, base.daily * TYPE_FACTOR[type] * (0.8 + r() * 0.5)), base.step);
  const car = Math.round((type === "airport" ? 500 : 60) + r() * (type === "airport" ? 1500 : 600));
  const types = [
    1,
    2,
    3,
    ...(type === "airport" || type === "stadium" || type === "event" ? [4] : []),
    ...(type === "stadium" ? [5] : []),
  ];
  const capacities = types.map((v) => ({
    vehicleTypeId: v,
    capacity: v === 1 ? car : Math.max(5, Math.round(car * (v === 2 ? 0.15 : 0.05))),
  }));
  const rates = types.map((v) => ({
    vehicleTypeId: v,
    hourlyMinor: round(hourly * (VEHICLE_FACTOR[v] ?? 1), base.step),
    dailyMaxMinor: round(daily * (VEHICLE_FACTOR[v] ?? 1), base.step),
  }));
  const h = hours(type, k);
  const am = amenities(type, k, r);
  const address = `${1 + Math.floor(r() * 180)} ${street}`;
  const state = STATE_ROWS.find((s) => s.id === stateIdOf(c.countryId, c.state))?.name ?? c.state;
  // Every park's texts in both languages: its own language in the row, the other in `translations`.
  const texts = {
    fr: {
      description: `${kindIn.fr} pour ${anchor}, à ${c.city} : ${car} places pour voitures${h.open24h ? ", ouvert 24 h/24" : ""}.`,
      entry_instructions: `Entrée par ${street}. Présentez le code QR de votre réservation à la barrière ou donnez votre code au gardien.`,
    },
    en: {
      description: `${kindIn.en} for ${anchor} in ${c.city}: ${car} car spaces${h.open24h ? ", open 24 hours" : ""}.`,
      entry_instructions: `Enter from ${street}. Show your booking's QR code at the barrier or give the attendant your booking code.`,
    },
  };
  const textLanguage = c.french ? "fr" : "en";
  const other = c.french ? "en" : "fr";
  return {
    row: {
      id,
      slug,
      parkCode,
      name,
      description: texts[textLanguage].description,
      type,
      countryId: c.countryId,
      stateId: stateIdOf(c.countryId, c.state),
      taxDistrictId: taxDistrictIdOf(c.city, anchor),
      city: c.city,
      timeZone: c.timeZone,
      address,
      lat: +(lat + (r() - 0.5) * spread).toFixed(6),
      lng: +(lng + (r() - 0.5) * spread).toFixed(6),
      ...h,
      amenities: am,
      maxHeightCm: am.includes("covered") ? 190 + Math.floor(r() * 5) * 10 : null,
      entryInstructions: texts[textLanguage].entry_instructions,
      textLanguage,
      translations: { [other]: texts[other] },
      photos: [],
      operator: operator ?? OPERATORS[c.countryId][Math.floor(r() * 3)] ?? "Parkwell Operations",
      status: "active",
      searchText: normalizeSearchText(`${name} ${address} ${c.city} ${state}`),
      hourlyFromMinor: hourly,
    },
    capacities,
    rates,
  };
}

/**
 * The demo catalogue: every anchor of every city gets one to three parks, ids from 1, in the city's
 * zone, then the places added later (park-places.ts LATER_PLACES).
 */
export function buildSeedParks(): SeedPark[] {
  const slugs = new Set<string>();
  const codes = new Set<string>();
  const out: SeedPark[] = [];
  for (const c of CITIES) {
    assertIanaTimeZone(c.timeZone, `Seeded city ${c.city}`);
    for (const a of c.anchors) {
      const count = KINDS[a[1]].en.length;
      for (let k = 0; k < count; k++) out.push(buildPark(out.length + 1, c, a, k, slugs, codes));
    }
  }
  for (const later of LATER_PLACES) {
    const c = CITIES.find((city) => city.city === later.city);
    if (!c) throw new Error(`Seeded place ${later.anchor[0]}: no seeded city ${later.city}`);
    const count = KINDS[later.anchor[1]].en.length;
    for (let k = 0; k < count; k++) {
      out.push(buildPark(out.length + 1, c, later.anchor, k, slugs, codes, later.operator));
    }
  }
  return out;
}
