import { CITIES, type CitySeed } from "../apps/api/src/db/seed/park-places";

/** Deterministic pseudo-random numbers, so every run sends the same requests. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const CODES = { 1: "NG", 2: "CA", 3: "SN", 4: "US" } as const;
/**
 * Realistic text: what drivers type in the city they are in — one of its streets, or the first words
 * of one of its places (an airport, stadium, station, mall, hospital or district), e.g. "murtala
 * muhammed" or "union station".
 */
function placeWords(c: CitySeed, r: () => number): string {
  const [name] = c.anchors[Math.floor(r() * c.anchors.length)]!;
  return name
    .split(" ")
    .slice(0, 1 + Math.floor(r() * 3))
    .join(" ");
}

export interface BenchCase {
  name: string;
  /** Query strings for GET /api/v1/parks/front/parks/, cycled through by every client. */
  queries: string[];
}

export function searchCases(count = 2000): BenchCase[] {
  const r = lcg(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const jitter = () => (r() - 0.5) * 0.2;
  const country = () => pick(Object.values(CODES));
  const qs = (o: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const make = (f: () => Record<string, string | number>) => Array.from({ length: count }, () => qs(f()));
  return [
    { name: "country", queries: make(() => ({ country: country(), page: 1 + Math.floor(r() * 5) })) },
    {
      name: "coordinates",
      queries: make(() => {
        const c = pick(CITIES);
        return {
          country: CODES[c.countryId],
          lat: (c.lat + jitter()).toFixed(5),
          lng: (c.lng + jitter()).toFixed(5),
        };
      }),
    },
    {
      name: "text",
      queries: make(() => {
        const c = pick(CITIES);
        return { country: CODES[c.countryId], search: r() < 0.8 ? pick(c.streets) : placeWords(c, r) };
      }),
    },
    {
      name: "text+coordinates",
      queries: make(() => {
        const c = pick(CITIES);
        return {
          country: CODES[c.countryId],
          search: pick(c.streets),
          lat: (c.lat + jitter()).toFixed(5),
          lng: (c.lng + jitter()).toFixed(5),
        };
      }),
    },
    // Ratings (decision 033): the country listing sorted by rating, and filtered by a minimum
    // average. Checkouts before them have no such case: compare them with `country` in one A/B
    // run of this checkout against itself (`country:rating`, bench/README.md).
    {
      name: "rating",
      queries: make(() => ({ country: country(), page: 1 + Math.floor(r() * 5), sort: "rating" })),
    },
    {
      name: "min-rating",
      queries: make(() => ({ country: country(), page: 1 + Math.floor(r() * 5), min_rating: 4 })),
    },
  ];
}
