import {
  PARK_TOTAL_CAP,
  type Amenity,
  type ChargerConnector,
  type ParkSort,
  type ParkType,
} from "@parkwell/contract";
import { join, q, raw, type Frag } from "../../db/sql-text";
import { cellsInside, EARTH_RADIUS_M, earthBoxCube, earthCube } from "../../lib/park-cells";
import { likeEscape } from "../../lib/like";

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
  /**
   * The fallback when nothing matches exactly: per term, known words close to it (parks.repo closeWords),
   * any of which may match instead.
   */
  closeWords?: string[][] | undefined;
  /** Also require the words together, as typed: indexable even when some words are short ("17 avenue sw"). */
  phrase?: boolean;
  /**
   * Text first: read the text's matches (at most the cap) through the text index and order those,
   * instead of walking an index in the page's order and testing the text on the way (see searchSql).
   */
  textFirst?: boolean;
  /**
   * More than the cap match within the radius and the page is the nearest: walk the KNN order
   * testing the words and the distance on each park, with no box and no text index to choose.
   */
  nearestWalk?: boolean;
  /** Only parks whose kept average rating is at least this (decision 033); unrated parks never match. */
  minRating?: number | undefined;
  /**
   * Only parks with an active charger of this connector and/or of this power or more (decision
   * 045): an EXISTS on park_chargers, answered through its partial search index.
   */
  charger?: { connector?: ChargerConnector | undefined; minKw?: number | undefined } | undefined;
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
  state_id: number | null;
  /** The park's tax district (decision 049): its quote's taxes. */
  tax_district_id: number | null;
  /** The park's clock: the day its taxes are taken on (decision 047). */
  time_zone: string;
  country_id: number;
  lat: number;
  lng: number;
  open_24h: boolean;
  amenities: string[];
  distance_m: number | null;
  hourly_minor: number | null;
  daily_max_minor: number | null;
  capacity: number | null;
  /** The kept rating (decision 033): average (null without reviews) and count of visible reviews. */
  rating_average: number | null;
  rating_count: number;
  /** Matches counted up to the cap (the same on every row). */
  total: number;
}

/**
 * The search centre as a point on the earth (`ll_to_earth`, computed here: lib/park-cells.ts), a
 * parameter: in a prepared statement's generic plan, `ll_to_earth($1, $2)` written inline was run
 * for every park tested (the capped count within a radius 0.9 ms → 3.5 ms), and in a subquery it
 * was still planned and run at every execution.
 */
const centerOf = (geo: { lat: number; lng: number }) => q`${earthCube(geo.lat, geo.lng)}::cube`;

/**
 * A park's point on the earth: earthdistance's `ll_to_earth(lat, lng)`, the same arithmetic on the
 * same sphere written with built-in functions, exactly as the KNN indexes are (migration 0015; the
 * planner uses an index only for its own expression, so this text and the index's are one).
 * PostgreSQL computes the ORDER BY expression again for every row a KNN scan returns, and
 * `ll_to_earth`, an SQL function it does not inline, was parsed, planned and run at each search
 * (a quarter of a coordinate search's database CPU).
 */
export const PARK_POINT = raw(
  `cube(ARRAY[${[
    `${EARTH_RADIUS_M}::float8 * cos(radians(p.lat)) * cos(radians(p.lng))`,
    `${EARTH_RADIUS_M}::float8 * cos(radians(p.lat)) * sin(radians(p.lng))`,
    `${EARTH_RADIUS_M}::float8 * sin(radians(p.lat))`,
  ].join(", ")}])`,
);

/** The circle's box (`earth_box`, computed here), which the GiST index tests. */
const boxOf = (geo: { lat: number; lng: number; radiusM: number }) =>
  q`${earthBoxCube(geo.lat, geo.lng, geo.radiusM)}::cube`;

/**
 * The great-circle distance in metres from the centre to a park, on earthdistance's sphere
 * (`earth()`, 6,378,168 m; the same sphere as lib/park-cells.ts), written with built-in functions
 * only (haversine). earth_distance and ll_to_earth are SQL functions the planner does not inline:
 * called per park tested and per row shown, they were a third of a coordinate search's database
 * time (pgbench, 20 clients: 2,280/s with them, 3,800/s with this).
 */
function distanceSql(geo: { lat: number; lng: number }): Frag {
  const cosLat = Math.cos((geo.lat * Math.PI) / 180);
  return q`(${2 * EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(p.lat - ${geo.lat}::float8) / 2), 2)
    + cos(radians(p.lat)) * ${cosLat}::float8 * power(sin(radians(p.lng - ${geo.lng}::float8) / 2), 2)))))`;
}

/** LIKE needs its own wildcards escaped: the user's "%" or "_" is a character, not a pattern. */

/** The park (`p`, or another alias) holds the word anywhere in its search text. */
const contains = (word: string, t: "p" | "s" = "p") =>
  q`${raw(t)}.search_text LIKE ${`%${likeEscape(word)}%`}`;

/**
 * The country as a literal, not a parameter: the planner matches a country's own KNN and words
 * indexes (`parks_earth_c<id>_idx`, `parks_words_c<id>_idx`, migration 0022) only against a
 * constant. One prepared statement per country.
 */
function countryLiteral(countryId: number): Frag {
  if (!Number.isSafeInteger(countryId)) throw new Error(`country id ${countryId} is not an integer`);
  return raw(String(countryId));
}

/**
 * The park holds a word containing the term (migration 0013): its words, split as the vocabulary
 * splits them, overlap the known words of the country (or of every country) that contain the
 * term, found in the same statement (through the vocabulary's trigram index once it is large),
 * so in the same snapshot as the parks. Through the GIN on the parks' words a street name is one
 * short posting list, where its trigrams were some of the trigram index's longest (decision 007,
 * "Words").
 * The vocabulary holds every word a term of three or more characters can lie in unless the term
 * is a number: for such a term this finds exactly the parks `contains` finds.
 */
function holdsWordWith(term: string, countryId: number | undefined): Frag {
  const pattern = `%${likeEscape(term)}%`;
  const known =
    countryId === undefined
      ? q`SELECT coalesce(array_agg(DISTINCT w.word), '{}') FROM park_word_counts w
          WHERE w.n > 0 AND w.word LIKE ${pattern}`
      : q`SELECT coalesce(array_agg(w.word), '{}') FROM park_word_counts w
          WHERE w.country_id = ${countryLiteral(countryId)} AND w.n > 0 AND w.word LIKE ${pattern}`;
  return q`string_to_array(p.search_text, ' ') && (${known})`;
}

/**
 * Whether every word the term can lie in is in the vocabulary: the vocabulary's own rule
 * (migration 0013: three characters or more, counted as PostgreSQL counts them, not in UTF-16
 * units, and not a number). A number, or a term of two letters outside the BMP, keeps the
 * trigram index.
 */
const reachesVocabulary = (term: string) => [...term].length >= 3 && !/^[0-9]+$/.test(term);

/** No words and no filter but the country (and the place): what the kept counts and a bounded listing serve. */
const unfiltered = (spec: SearchSpec) =>
  !spec.type &&
  spec.amenities.length === 0 &&
  !spec.requireVehicleType &&
  spec.terms.length === 0 &&
  spec.minRating === undefined &&
  !spec.charger;

/** The asked vehicle type's key in `parks.rate_card` (a parameter: one statement for every type). */
const cardKey = (spec: SearchSpec) => q`${String(spec.vehicleTypeId)}::text`;

/**
 * The search's conditions. A nearest walk (`spec.nearestWalk`) tests the words with `strpos`,
 * which no index answers, and the distance without the box: PostgreSQL cannot estimate how many
 * parks a box holds (a constant: a thousandth of the table), so given the box and words it took
 * for rare, it read the box through the GiST index and sorted it ("Oyo Road" near Ibadan: 24,618
 * parks and 19,690 heap pages, 225 ms; 140-400 ms per search in the benchmark's mix). Left only
 * the KNN order, it walks outward and stops at the page's end: the text-first statement counted
 * more than the cap's matches inside the circle, and a page ends within the cap, so the walk
 * never leaves the circle. The words mean the same either way.
 */
function where(spec: SearchSpec): Frag {
  const walk = spec.nearestWalk === true;
  if (walk && !spec.geo) throw new Error("a nearest walk needs coordinates");
  const parts: Frag[] = [q`p.status = 'active'`];
  if (spec.countryId !== undefined) parts.push(q`p.country_id = ${countryLiteral(spec.countryId)}`);
  if (spec.type) parts.push(q`p.type = ${spec.type}`);
  if (spec.amenities.length > 0) {
    parts.push(
      q`p.amenities @> ARRAY[${join(
        spec.amenities.map((a) => q`${a}`),
        q`, `,
      )}]::text[]`,
    );
  }
  if (spec.requireVehicleType) parts.push(q`(p.rate_card -> ${cardKey(spec)} ->> 2)::int > 0`);
  // A kept column (decision 033): tested on the rows the other conditions read, or the start of
  // the rating index's range when the page is sorted by rating.
  if (spec.minRating !== undefined) parts.push(q`p.rating_average >= ${spec.minRating}::numeric`);
  if (spec.charger) {
    const { connector, minKw } = spec.charger;
    parts.push(
      q`EXISTS (SELECT 1 FROM park_chargers c WHERE c.park_id = p.id AND c.status = 'active'${
        connector ? q` AND c.connector = ${connector}` : q``
      }${minKw !== undefined ? q` AND c.power_kw >= ${minKw}::numeric` : q``})`,
    );
  }
  const holds = (word: string) => (walk ? q`strpos(p.search_text, ${word}) > 0` : contains(word));
  const long = spec.terms.filter((t) => t.length >= 3);
  if (long.length === 0 && spec.terms.length > 0) {
    // No trigram to index: match the start of the name (btree text_pattern_ops).
    const prefix = spec.terms.join(" ");
    parts.push(
      walk ? q`strpos(p.search_text, ${prefix}) = 1` : q`p.search_text LIKE ${`${likeEscape(prefix)}%`}`,
    );
  }
  if (spec.phrase) parts.push(holds(spec.terms.join(" ")));
  spec.terms.forEach((term, i) => {
    if (term.length < 3) {
      // No trigram: as an index condition it would make the GIN read every entry. A filter on the
      // rows the other words (or the prefix) found.
      if (long.length > 0) parts.push(q`strpos(p.search_text, ${term}) > 0`);
      return;
    }
    // Text first reads its matches through the words index; the statements that walk another
    // index test the text on the way (LIKE, as cheap per row). A term the vocabulary cannot hold,
    // and in the fallback any word close to the term, match as substrings through the trigrams.
    if (spec.textFirst && !spec.closeWords && reachesVocabulary(term)) {
      parts.push(holdsWordWith(term, spec.countryId));
      return;
    }
    const any = (spec.closeWords?.[i] ?? [term]).map(holds);
    parts.push(any.length === 1 ? any[0]! : q`(${join(any, q` OR `)})`);
  });
  if (spec.geo) {
    // The box uses the GiST index; the distance removes the box's corners. Text first leaves
    // the box out so that the text index, not the area's thousands of parks, drives the scan.
    if (!spec.textFirst && !walk) parts.push(q`${PARK_POINT} <@ ${boxOf(spec.geo)}`);
    parts.push(q`${distanceSql(spec.geo)} <= ${spec.geo.radiusM}::float8`);
  }
  return join(parts, q` AND `);
}

/** Relevance among matches: the texts holding the whole phrase first, earliest (in the name) first. */
const phraseFirst = (t: Frag, phrase: string) =>
  q`strpos(${t}.search_text, ${phrase}) = 0, strpos(${t}.search_text, ${phrase})`;

/**
 * The page's order, over the parks (`p`), or over text first's matches (`m`) and its page (`top`),
 * which carry the distance each was found at, or over a bounded listing's rows (`page`: pageBound).
 */
function orderBy(spec: SearchSpec, from: "p" | "m" | "top" | "page"): Frag {
  const t = raw(from);
  switch (spec.sort) {
    case "distance":
      // KNN: the GiST index returns rows nearest first, so LIMIT stops early. With selective text the
      // planner may take the text index instead and sort the few matches by the same distance.
      if (!spec.geo) return q`${t}.name, ${t}.id`;
      // Text first orders its few matches by the distance it computed for each.
      if (from !== "p") return q`${t}.distance_m, ${t}.id`;
      return q`${PARK_POINT} <-> ${centerOf(spec.geo)}`;
    case "price":
      return q`${t}.hourly_from_minor, ${t}.id`;
    case "rating":
      // The rating indexes' order (decision 033): best average first, then most reviewed.
      return q`${t}.rating_average DESC NULLS LAST, ${t}.rating_count DESC, ${t}.id`;
    case "relevance": {
      if (spec.terms.length === 0) return q`${t}.name, ${t}.id`;
      const phrase = spec.terms.join(" ");
      // On at most the cap's candidates: the whole phrase first, earliest (in the name) first.
      return spec.closeWords
        ? q`word_similarity(${phrase}, ${t}.search_text) DESC, ${t}.name, ${t}.id`
        : q`${phraseFirst(t, phrase)}, ${t}.name, ${t}.id`;
    }
    default:
      return q`${t}.name, ${t}.id`;
  }
}

/**
 * The columns of a result row, with the asked vehicle type's standard rate and capacity from the
 * park's own rate card (migration 0010): three lookups per row in other tables cost two thirds of
 * a country search.
 */
function columns(spec: SearchSpec): Frag {
  const card = q`(p.rate_card -> ${cardKey(spec)})`;
  return q`p.id, p.slug, p.park_code, p.name, p.type, p.address, p.city, p.state_id, p.tax_district_id, p.time_zone,
    p.country_id, p.lat, p.lng, p.open_24h, p.amenities,
    (${card} ->> 0)::float8 AS hourly_minor, (${card} ->> 1)::float8 AS daily_max_minor,
    (${card} ->> 2)::int AS capacity, p.rating_average::float8 AS rating_average, p.rating_count`;
}

const distanceOf = (spec: SearchSpec) => (spec.geo ? distanceSql(spec.geo) : q`NULL::float8`);

/**
 * One statement: a page of parks, each row carrying the number of matches counted up to the cap
 * (`total`, null when `counted` is false).
 *
 * Text first (`spec.textFirst`): the text's matches, at most the cap + 1 of them, are read through the
 * text index into a small set that is then ordered and paged; with at most the cap matches that is
 * every match, and the set's size is the count. The set holds only what ranks a match; the page's
 * rows are read again by key for the rest, so the rate card is read for the page, not for every
 * match (a street with 501 matches: 4.4-4.6 → 3.1-3.7 ms, pgbench, one client). Otherwise the
 * page is read in an index's order (KNN distance, name, price) and stops at its end, while an
 * uncorrelated subquery, run once, counts index-only up to the cap. An empty page has no row to
 * carry the count: see `countSql`.
 */
export function searchSql(spec: SearchSpec, counted = true): Frag {
  const cap = PARK_TOTAL_CAP + 1;
  if (spec.textFirst) {
    return q`
      WITH m AS MATERIALIZED (
        SELECT p.id, p.name, p.search_text, p.hourly_from_minor,${spec.sort === "rating" ? q` p.rating_average, p.rating_count,` : q``} ${distanceOf(spec)} AS distance_m
        FROM parks p WHERE ${where(spec)} LIMIT ${cap}),
      top AS (SELECT m.* FROM m ORDER BY ${orderBy(spec, "m")} LIMIT ${spec.limit} OFFSET ${spec.offset})
      SELECT (SELECT count(*)::int FROM m) AS total, ${columns(spec)}, top.distance_m
      FROM top JOIN parks p ON p.id = top.id
      ORDER BY ${orderBy(spec, "top")}`;
  }
  const total = counted ? totalSql(spec) : q`NULL::int`;
  const select = q`
    SELECT ${total} AS total, ${columns(spec)}, ${distanceOf(spec)} AS distance_m
    FROM parks p WHERE ${where(spec)}
    ORDER BY ${orderBy(spec, "p")}`;
  const bound = pageBound(spec);
  if (bound === undefined) return q`${select} LIMIT ${spec.limit} OFFSET ${spec.offset}`;
  return q`
    SELECT * FROM (${select} LIMIT ${raw(String(bound))}) page
    ORDER BY ${orderBy(spec, "page")} LIMIT ${spec.limit} OFFSET ${spec.offset}`;
}

/**
 * Parks by name or by rating (a country's, or all), with no other filter: the page's end rounded
 * up to a power of two (at least 16), written into the statement as a literal bound on the rows it
 * reads. LIMIT and OFFSET given as values make PostgreSQL cost a generic plan as if it read a tenth
 * of the country, so it planned this statement at every call (0 generic plans in
 * `pg_prepared_statements`; planning was most of its database time: 5,300 → 12,000 statements/s
 * with generic plans, pgbench, 10 clients). Under the bound the generic plan costs what the custom
 * ones do, and PostgreSQL keeps it. The bound changes no result (it is at least the page's end,
 * and the outer order is the inner one: the rating's float8 copy orders as its numeric(3,2) does)
 * and no work (the outer LIMIT stops the scan at the page's end), and a country has a handful of
 * such statements: 16, 32 and 64 cover its first six pages of ten. Both orders are an index's
 * (name; rating, decision 033), read in order whatever the page. Other statements keep their
 * values: a filter's generic plan cannot know that a type is rare, nor how many parks a
 * `min_rating` keeps (decision 009); the price order is not among the page's columns; and the
 * search around coordinates already gets its generic plan.
 */
function pageBound(spec: SearchSpec): number | undefined {
  if (spec.geo || !unfiltered(spec) || spec.sort === "price") return undefined;
  return Math.max(16, 2 ** Math.ceil(Math.log2(spec.offset + spec.limit)));
}

/**
 * Broad words ("toronto", a fifth of Canada's parks): the trigram index would read every match
 * before the cap applies (10-15 ms at 500,000 parks). Instead the country's parks are read in the
 * order of the text's B-tree (country, search text), index-only and testing the words on the way,
 * which stops at the cap's matches after a few thousand entries, or at `budget` entries. With them
 * come the parks whose text starts with the phrase (the same B-tree, a range written with its own
 * operators, so that a parameter bounds it; such a text holds every word): the best ranked, as a
 * name beginning "Toronto" is, whatever their place in the country's order. The page is ranked
 * among those matches (the phrase first, earliest first), as `textFirst` ranks the first matches
 * it finds; ties in the normalised text's order. `total` counts them up to the cap + 1: when fewer
 * were found it proves nothing, and the plan reads the matches through the text index instead.
 */
export function broadSql(spec: SearchSpec, budget: number): Frag {
  if (spec.countryId === undefined) throw new Error("a broad search needs a country");
  if (!Number.isSafeInteger(budget) || budget < 1) throw new Error(`budget ${budget} is not a count`);
  const cap = PARK_TOTAL_CAP + 1;
  const country = countryLiteral(spec.countryId);
  const phrase = spec.terms.join(" ");
  const words = join(
    spec.terms.map((t) => contains(t, "s")),
    q` AND `,
  );
  const rank = (t: "m" | "top") => {
    const r = raw(t);
    return q`${phraseFirst(r, phrase)}, ${r}.search_text COLLATE "C", ${r}.id`;
  };
  return q`
    WITH m AS MATERIALIZED (
      (SELECT s.id, s.search_text FROM (
          SELECT p.id, p.search_text FROM parks p WHERE p.status = 'active' AND p.country_id = ${country}
          ORDER BY p.search_text USING ~<~ LIMIT ${raw(String(budget))}) s
        WHERE ${words} LIMIT ${cap})
      UNION
      (SELECT s.id, s.search_text FROM parks s
        WHERE s.status = 'active' AND s.country_id = ${country}
          AND s.search_text ~>=~ ${phrase} AND s.search_text ~<~ ${`${phrase}\u{10FFFF}`}
        ORDER BY s.search_text USING ~<~ LIMIT ${cap})),
    top AS (SELECT m.id, m.search_text FROM m ORDER BY ${rank("m")} LIMIT ${spec.limit} OFFSET ${spec.offset})
    SELECT (SELECT least(count(*), ${cap})::int FROM m) AS total, ${columns(spec)}, NULL::float8 AS distance_m
    FROM top JOIN parks p ON p.id = top.id
    ORDER BY ${rank("top")}`;
}

/**
 * The capped total. With no filter but the country it comes from the counts the database keeps
 * (migration 0010): the country's number of active parks; around coordinates, the number in the
 * cells lying entirely inside the circle (lib/park-cells.ts), which when it reaches the cap is the
 * answer, so the exact count (distance tested per park through the GiST index) never runs. An
 * InitPlan runs only when its value is needed, so CASE leaves it out.
 */
function totalSql(spec: SearchSpec): Frag {
  const exact = q`(${countSql(spec)})`;
  if (spec.countryId === undefined || !unfiltered(spec)) return exact;
  const cap = PARK_TOTAL_CAP + 1;
  const country = countryLiteral(spec.countryId);
  if (!spec.geo) {
    return q`least(coalesce((SELECT n FROM park_country_counts WHERE country_id = ${country}), 0), ${cap}::int)`;
  }
  const cells = cellsInside(spec.geo.lat, spec.geo.lng, spec.geo.radiusM);
  if (cells.length === 0) return exact;
  return q`CASE WHEN (SELECT coalesce(sum(n), 0) FROM park_cell_counts
      WHERE country_id = ${country} AND cell = ANY(${cells}::int[])) >= ${cap}
    THEN ${cap}::int ELSE ${exact} END`;
}

/** How many parks match, counted up to the cap: an exact count of 100,000 matches is never worth a scan. */
export function countSql(spec: SearchSpec): Frag {
  return q`SELECT count(*)::int AS n FROM (
    SELECT 1 FROM parks p WHERE ${where(spec)} LIMIT ${PARK_TOTAL_CAP + 1}) matched`;
}
