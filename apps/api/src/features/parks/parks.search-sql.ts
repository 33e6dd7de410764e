import { sql, type SQL } from "drizzle-orm";
import { PARK_TOTAL_CAP, type Amenity, type ParkSort, type ParkType } from "@parkwell/contract";

/** A park search, already validated and normalised by the service. */
export interface SearchSpec {
  countryId?: number | undefined;
  /** Normalised words (see normalizeSearchText), at most a handful. */
  terms: string[];
  geo?: { lat: number; lng: number; radiusM: number } | undefined;
  type?: ParkType | undefined;
  amenities: Amenity[];
  /** Only parks with spaces for this vehicle type; the rate shown is for it. */
  vehicleTypeId: number;
  requireVehicleType: boolean;
  sort: ParkSort;
  limit: number;
  offset: number;
}

export interface SearchRow {
  id: number;
  slug: string;
  park_code: string;
  name: string;
  type: string;
  address: string;
  city: string;
  state: string | null;
  country_code: string;
  lat: number;
  lng: number;
  open_24h: boolean;
  amenities: string[];
  distance_m: number | null;
  hourly_minor: number | null;
  daily_max_minor: number | null;
  capacity: number | null;
}

/** LIKE needs its own wildcards escaped: the user's "%" or "_" is a character, not a pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(spec: SearchSpec): SQL {
  const parts: SQL[] = [sql`p.status = 'active'`];
  if (spec.countryId !== undefined) parts.push(sql`p.country_id = ${spec.countryId}`);
  if (spec.type) parts.push(sql`p.type = ${spec.type}`);
  if (spec.amenities.length > 0) {
    parts.push(
      sql`p.amenities @> ARRAY[${sql.join(
        spec.amenities.map((a) => sql`${a}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (spec.requireVehicleType) {
    parts.push(sql`EXISTS (SELECT 1 FROM park_capacities pc
      WHERE pc.park_id = p.id AND pc.vehicle_type_id = ${spec.vehicleTypeId} AND pc.capacity > 0)`);
  }
  const long = spec.terms.filter((t) => t.length >= 3);
  if (long.length === 0 && spec.terms.length > 0) {
    // No trigram to index: match the start of the name (btree text_pattern_ops).
    parts.push(sql`p.search_text LIKE ${`${likeEscape(spec.terms.join(" "))}%`}`);
  }
  for (const term of spec.terms) {
    const contains = `%${likeEscape(term)}%`;
    if (term.length >= 3) {
      // Substring, or a word close to it (pg_trgm word similarity): small typos still match.
      parts.push(sql`(p.search_text LIKE ${contains} OR ${term} <% p.search_text)`);
    } else if (long.length > 0) {
      parts.push(sql`p.search_text LIKE ${contains}`);
    }
  }
  if (spec.geo) {
    const center = sql`ll_to_earth(${spec.geo.lat}::float8, ${spec.geo.lng}::float8)`;
    // earth_box uses the GiST index; earth_distance removes the box's corners.
    parts.push(sql`earth_box(${center}, ${spec.geo.radiusM}::float8) @> ll_to_earth(p.lat, p.lng)`);
    parts.push(sql`earth_distance(${center}, ll_to_earth(p.lat, p.lng)) <= ${spec.geo.radiusM}::float8`);
  }
  return sql.join(parts, sql` AND `);
}

function orderBy(spec: SearchSpec): SQL {
  switch (spec.sort) {
    case "distance":
      // KNN: the GiST index returns rows nearest first, so LIMIT stops early.
      return spec.geo
        ? sql`ll_to_earth(p.lat, p.lng) <-> ll_to_earth(${spec.geo.lat}::float8, ${spec.geo.lng}::float8)`
        : sql`p.name, p.id`;
    case "price":
      return sql`p.hourly_from_minor, p.id`;
    case "relevance":
      return spec.terms.length > 0
        ? sql`word_similarity(${spec.terms.join(" ")}, p.search_text) DESC, p.name, p.id`
        : sql`p.name, p.id`;
    default:
      return sql`p.name, p.id`;
  }
}

/** One page of parks, in order, with the asked vehicle type's standard rate and capacity. */
export function listSql(spec: SearchSpec): SQL {
  const distance = spec.geo
    ? sql`earth_distance(ll_to_earth(${spec.geo.lat}::float8, ${spec.geo.lng}::float8), ll_to_earth(p.lat, p.lng))`
    : sql`NULL::float8`;
  return sql`
    SELECT q.id, q.slug, q.park_code, q.name, q.type, q.address, q.city, s.name AS state, c.code AS country_code,
      q.lat, q.lng, q.open_24h, q.amenities, q.distance_m,
      r.hourly_minor::float8 AS hourly_minor, r.daily_max_minor::float8 AS daily_max_minor, pc.capacity
    FROM (
      SELECT page.*, row_number() OVER () AS rn FROM (
        SELECT p.id, p.slug, p.park_code, p.name, p.type, p.address, p.city, p.state_id, p.country_id,
          p.lat, p.lng, p.open_24h, p.amenities, ${distance} AS distance_m
        FROM parks p WHERE ${where(spec)}
        ORDER BY ${orderBy(spec)}
        LIMIT ${spec.limit} OFFSET ${spec.offset}
      ) page
    ) q
    JOIN countries c ON c.id = q.country_id
    LEFT JOIN states s ON s.id = q.state_id
    LEFT JOIN park_rates r ON r.park_id = q.id AND r.vehicle_type_id = ${spec.vehicleTypeId} AND r.kind = 'standard'
    LEFT JOIN park_capacities pc ON pc.park_id = q.id AND pc.vehicle_type_id = ${spec.vehicleTypeId}
    ORDER BY q.rn`;
}

/** How many parks match, counted up to the cap: an exact count of 100,000 matches is never worth a scan. */
export function countSql(spec: SearchSpec): SQL {
  return sql`SELECT count(*)::int AS n FROM (
    SELECT 1 FROM parks p WHERE ${where(spec)} LIMIT ${PARK_TOTAL_CAP + 1}) matched`;
}
