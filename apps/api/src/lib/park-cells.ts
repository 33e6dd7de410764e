/**
 * Cells of a 0.02° grid over the earth (about 2.2 km north-south), for counting the parks within a
 * radius cheaply: the parks of the cells lying entirely inside the circle are all within it, so
 * when those cells alone hold enough parks the capped total is known from the kept per-cell counts
 * (`park_cell_counts`, migration 0010) without testing distances (docs/decisions/007-park-search.md).
 * `parkCell` is the database function `park_cell` (drizzle/0009_park_cells.sql) written again:
 * a test checks they agree.
 */
export const CELLS_PER_DEGREE = 50;
/** The sphere of PostgreSQL's earthdistance (`earth()`), so the two agree on what "inside" is. */
export const EARTH_RADIUS_M = 6_378_168;
const RAD = Math.PI / 180;

export function parkCell(lat: number, lng: number): number {
  return (Math.floor(lat * CELLS_PER_DEGREE) + 4500) * 20000 + (Math.floor(lng * CELLS_PER_DEGREE) + 9000);
}

/** Great-circle distance in metres on earthdistance's sphere. */
export function distanceM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a =
    Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 +
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lng2 - lng1) * RAD) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * earthdistance's `ll_to_earth(lat, lng)` written again: the point on its sphere in earth-centred
 * coordinates (metres), as the text of a `cube`. The GiST KNN indexes are on the same point
 * (written with built-ins in the SQL: parks.search-sql.ts `PARK_POINT`, migration 0015), and in
 * a prepared statement's generic plan `ll_to_earth` and `earth_box` (SQL functions, not inlined
 * there) were planned and run again at every execution: 0.2 ms of a 0.55 ms coordinate search.
 */
export function earthCube(lat: number, lng: number): string {
  return `(${earthXyz(lat, lng).join(", ")})`;
}

/**
 * earthdistance's `earth_box(ll_to_earth(lat, lng), radiusM)` as the text of a `cube`: the cube
 * around the point holding every point of the sphere within the radius (the chord of the arc,
 * `gc_to_sec`, each way), one metre wider so that rounding never leaves a park out. A first cut
 * only: the distance itself decides.
 */
export function earthBoxCube(lat: number, lng: number, radiusM: number): string {
  const arc = radiusM / EARTH_RADIUS_M;
  const chord = arc > Math.PI ? 2 * EARTH_RADIUS_M : 2 * EARTH_RADIUS_M * Math.sin(arc / 2);
  const c = earthXyz(lat, lng);
  const low = c.map((v) => v - chord - 1);
  const high = c.map((v) => v + chord + 1);
  return `(${low.join(", ")}),(${high.join(", ")})`;
}

function earthXyz(lat: number, lng: number): [number, number, number] {
  const cosLat = Math.cos(lat * RAD);
  return [
    EARTH_RADIUS_M * cosLat * Math.cos(lng * RAD),
    EARTH_RADIUS_M * cosLat * Math.sin(lng * RAD),
    EARTH_RADIUS_M * Math.sin(lat * RAD),
  ];
}

/**
 * Up to `max` cells lying entirely within `radiusM` of the centre, nearest first. A cell is inside
 * when its four corners are: along a parallel or a meridian the distance to a point has no
 * maximum strictly inside a segment, so the farthest point of a cell is one of its corners. The
 * radius is shrunk by a metre and a thousandth so that rounding never lets a cell in that the
 * database's own distance would put partly outside. Cells past the poles or the antimeridian are
 * left out (fewer cells only means the exact count runs).
 */
export function cellsInside(lat: number, lng: number, radiusM: number, max = 16): number[] {
  const r = radiusM * 0.999 - 1;
  if (r <= 0) return [];
  const step = 1 / CELLS_PER_DEGREE;
  const dLat = r / (EARTH_RADIUS_M * RAD);
  const cosLat = Math.cos(Math.min(89, Math.abs(lat) + dLat) * RAD);
  const dLng = Math.min(180, dLat / Math.max(cosLat, 1e-6));
  const found: { cell: number; d: number }[] = [];
  // Only the cells within `reach` cells of the centre's: the `max` nearest lie there (a disc of
  // `max` cells has a radius under sqrt(max) cells), and a wide radius costs no more than a narrow
  // one (scanning the whole box of a 200 km radius took 25 ms).
  const reach = Math.ceil(Math.sqrt(max));
  const ci = Math.floor(lat * CELLS_PER_DEGREE);
  const cj = Math.floor(lng * CELLS_PER_DEGREE);
  const i0 = Math.max(ci - reach, Math.floor((lat - dLat) * CELLS_PER_DEGREE));
  const i1 = Math.min(ci + reach, Math.floor((lat + dLat) * CELLS_PER_DEGREE));
  const j0 = Math.max(cj - reach, Math.floor((lng - dLng) * CELLS_PER_DEGREE));
  const j1 = Math.min(cj + reach, Math.floor((lng + dLng) * CELLS_PER_DEGREE));
  for (let i = i0; i <= i1; i += 1) {
    const south = i * step;
    const north = south + step;
    if (south < -90 || north > 90) continue;
    for (let j = j0; j <= j1; j += 1) {
      const west = j * step;
      const east = west + step;
      if (west < -180 || east > 180) continue;
      const inside =
        distanceM(lat, lng, south, west) <= r &&
        distanceM(lat, lng, south, east) <= r &&
        distanceM(lat, lng, north, west) <= r &&
        distanceM(lat, lng, north, east) <= r;
      if (inside) {
        found.push({
          cell: parkCell(south + step / 2, west + step / 2),
          d: distanceM(lat, lng, south + step / 2, west + step / 2),
        });
      }
    }
  }
  return found
    .sort((a, b) => a.d - b.d)
    .slice(0, max)
    .map((c) => c.cell);
}
