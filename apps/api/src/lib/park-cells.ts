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

/** The haversine of an angle given in degrees: sin²(θ / 2). */
const hav = (degrees: number) => Math.sin((degrees * RAD) / 2) ** 2;

/** Great-circle distance in metres on earthdistance's sphere. */
export function distanceM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a = hav(lat2 - lat1) + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * hav(lng2 - lng1);
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
 *
 * Points are compared by haversine's `a` (`distanceM`'s, the squared sine of half the angle at the
 * earth's centre), which grows with the distance, against the radius's own; its terms are computed
 * once per row and per column of the grid's corners and centres. Computed per point, a search's
 * 81 cells took 405 distances, about 2,400 sines and cosines: 5.7% of the API's CPU under
 * coordinate searches (perf), 23 µs a call alone, then 14.5 µs. Keeping the nearest in place
 * instead of sorting an object per cell took a call from 30 to 9 µs and 24 to 2 KB allocated (a
 * slower hour, 2026-11-23).
 */
export function cellsInside(lat: number, lng: number, radiusM: number, max = 16): number[] {
  const r = radiusM * 0.999 - 1;
  if (r <= 0) return [];
  const step = 1 / CELLS_PER_DEGREE;
  const dLat = r / (EARTH_RADIUS_M * RAD);
  const cosNear = Math.cos(Math.min(89, Math.abs(lat) + dLat) * RAD);
  const dLng = Math.min(180, dLat / Math.max(cosNear, 1e-6));
  // Only the cells within `reach` cells of the centre's: the `max` nearest lie there (a disc of
  // `max` cells has a radius under sqrt(max) cells), and a wide radius costs no more than a narrow
  // one (scanning the whole box of a 200 km radius took 25 ms). Towards the poles cells narrow, and
  // nearer cells may lie past `reach` columns: the list is then the nearest of those scanned, still
  // all inside, which is all the count needs (it only proves that the cap is reached).
  const reach = Math.ceil(Math.sqrt(max));
  const ci = Math.floor(lat * CELLS_PER_DEGREE);
  const cj = Math.floor(lng * CELLS_PER_DEGREE);
  const i0 = Math.max(ci - reach, Math.floor((lat - dLat) * CELLS_PER_DEGREE));
  const i1 = Math.min(ci + reach, Math.floor((lat + dLat) * CELLS_PER_DEGREE));
  const j0 = Math.max(cj - reach, Math.floor((lng - dLng) * CELLS_PER_DEGREE));
  const j1 = Math.min(cj + reach, Math.floor((lng + dLng) * CELLS_PER_DEGREE));
  if (i1 < i0 || j1 < j0) return [];

  // a = hav(Δlat) + cos(lat) cos(lat₂) hav(Δlng), as distanceM computes it: within r when
  // a <= sin²(r / 2R); a radius of half the earth's circumference or more holds every point.
  const limit = r >= Math.PI * EARTH_RADIUS_M ? Infinity : Math.sin(r / EARTH_RADIUS_M / 2) ** 2;
  const cosLat = Math.cos(lat * RAD);
  // Per row: the terms at its south edge ([k]), its north edge ([k + 1]) and its middle.
  const rows = i1 - i0 + 1;
  const edgeHav = new Float64Array(rows + 1);
  const edgeCos = new Float64Array(rows + 1);
  const midHav = new Float64Array(rows);
  const midCos = new Float64Array(rows);
  for (let k = 0; k <= rows; k += 1) {
    const south = (i0 + k) * step;
    edgeHav[k] = hav(south - lat);
    edgeCos[k] = cosLat * Math.cos(south * RAD);
    if (k < rows) {
      midHav[k] = hav(south + step / 2 - lat);
      midCos[k] = cosLat * Math.cos((south + step / 2) * RAD);
    }
  }
  // Per column: hav(Δlng) at its west edge ([m]), its east edge ([m + 1]) and its middle.
  const cols = j1 - j0 + 1;
  const edgeLng = new Float64Array(cols + 1);
  const midLng = new Float64Array(cols);
  for (let m = 0; m <= cols; m += 1) {
    const west = (j0 + m) * step;
    edgeLng[m] = hav(west - lng);
    if (m < cols) midLng[m] = hav(west + step / 2 - lng);
  }
  const within = (k: number, m: number) => edgeHav[k]! + edgeCos[k]! * edgeLng[m]! <= limit;

  // The `max` nearest so far, nearest first, a cell after those as near as it (the order a stable
  // sort of every cell found would give): kept in place, not sorted at the end, since a search
  // allocated 24 KB here sorting objects.
  const cells: number[] = [];
  const near = new Float64Array(max);
  for (let k = 0; k < rows; k += 1) {
    const south = (i0 + k) * step;
    if (south < -90 || south + step > 90) continue;
    for (let m = 0; m < cols; m += 1) {
      const west = (j0 + m) * step;
      if (west < -180 || west + step > 180) continue;
      if (!(within(k, m) && within(k, m + 1) && within(k + 1, m) && within(k + 1, m + 1))) continue;
      const a = midHav[k]! + midCos[k]! * midLng[m]!;
      let at = cells.length;
      if (at === max && !(a < near[max - 1]!)) continue;
      if (at === max) at -= 1;
      while (at > 0 && near[at - 1]! > a) {
        near[at] = near[at - 1]!;
        cells[at] = cells[at - 1]!;
        at -= 1;
      }
      near[at] = a;
      cells[at] = parkCell(south + step / 2, west + step / 2);
    }
  }
  return cells;
}
