import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { haversineKm } from "../test/geo";
import { CELLS_PER_DEGREE, cellsInside, distanceM, EARTH_RADIUS_M, parkCell } from "./park-cells";

const STEP = 1 / CELLS_PER_DEGREE;

/** cellsInside as first written: every corner's distance computed on its own, in metres. */
function cellsInsideByDistance(lat: number, lng: number, radiusM: number, max: number): number[] {
  const r = radiusM * 0.999 - 1;
  if (r <= 0) return [];
  const dLat = r / (EARTH_RADIUS_M * (Math.PI / 180));
  const dLng = Math.min(
    180,
    dLat / Math.max(Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180), 1e-6),
  );
  const reach = Math.ceil(Math.sqrt(max));
  const ci = Math.floor(lat * CELLS_PER_DEGREE);
  const cj = Math.floor(lng * CELLS_PER_DEGREE);
  const found: { cell: number; d: number }[] = [];
  const i0 = Math.max(ci - reach, Math.floor((lat - dLat) * CELLS_PER_DEGREE));
  const i1 = Math.min(ci + reach, Math.floor((lat + dLat) * CELLS_PER_DEGREE));
  const j0 = Math.max(cj - reach, Math.floor((lng - dLng) * CELLS_PER_DEGREE));
  const j1 = Math.min(cj + reach, Math.floor((lng + dLng) * CELLS_PER_DEGREE));
  for (let i = i0; i <= i1; i += 1) {
    const [south, north] = [i * STEP, i * STEP + STEP];
    if (south < -90 || north > 90) continue;
    for (let j = j0; j <= j1; j += 1) {
      const [west, east] = [j * STEP, j * STEP + STEP];
      if (west < -180 || east > 180) continue;
      const corners = [
        [south, west],
        [south, east],
        [north, west],
        [north, east],
      ] as const;
      if (corners.every(([a, b]) => distanceM(lat, lng, a, b) <= r)) {
        found.push({
          cell: parkCell(south + STEP / 2, west + STEP / 2),
          d: distanceM(lat, lng, south + STEP / 2, west + STEP / 2),
        });
      }
    }
  }
  return found
    .sort((a, b) => a.d - b.d)
    .slice(0, max)
    .map((c) => c.cell);
}

/** The south-west corner of a cell, from its number. */
const corner = (cell: number) => ({
  south: (Math.floor(cell / 20000) - 4500) * STEP,
  west: ((cell % 20000) - 9000) * STEP,
});

describe("park cells", () => {
  it("numbers a point by the 0.02° cell it falls in", () => {
    expect(parkCell(0, 0)).toBe(4500 * 20000 + 9000);
    expect(parkCell(0.0199, 0.0199)).toBe(parkCell(0, 0));
    expect(parkCell(0.02, 0)).toBe(parkCell(0, 0) + 20000);
    expect(parkCell(-0.001, -0.001)).toBe(parkCell(0, 0) - 20000 - 1);
    expect(parkCell(90, 180)).toBe(9000 * 20000 + 18000);
  });

  it("returns only cells every point of which is within the radius (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.integer({ min: 100, max: 30_000 }),
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
          {
            minLength: 4,
            maxLength: 4,
          },
        ),
        (lat, lng, radiusM, samples) => {
          const outside: string[] = [];
          for (const cell of cellsInside(lat, lng, radiusM, 400)) {
            const { south, west } = corner(cell);
            for (const [a, b] of [[0, 0], [0, 1], [1, 0], [1, 1], [0.5, 0.5], ...samples]) {
              const d = 1000 * haversineKm(lat, lng, south + a! * STEP, west + b! * STEP);
              if (d > radiusM) outside.push(`cell ${cell} point ${a},${b}: ${d} m`);
            }
            if (parkCell(south + STEP / 2, west + STEP / 2) !== cell)
              outside.push(`cell ${cell} misnumbered`);
          }
          expect(outside).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("finds the cells that computing each corner's distance finds (property)", () => {
    const lat = fc.double({ min: -89.9, max: 89.9, noNaN: true });
    const lng = fc.double({ min: -180, max: 180, noNaN: true });
    const centreDistance = (la: number, ln: number) => (cell: number) => {
      const { south, west } = corner(cell);
      return distanceM(la, ln, south + STEP / 2, west + STEP / 2);
    };
    // The same cells as the per-corner computation, nearest first. Where fewer than `max` are
    // inside, exactly the same; where the list is cut at `max`, as many, and the same but where
    // the last place is shared by cells at the same distance (to rounding: a centre on a meridian
    // has mirror cells on both sides), which either may cut differently.
    const sameCells = (la: number, ln: number, radiusM: number, max: number) => {
      const cells = cellsInside(la, ln, radiusM, max);
      const expected = cellsInsideByDistance(la, ln, radiusM, max);
      expect(cells.length).toBe(expected.length);
      const d = centreDistance(la, ln);
      cells.slice(1).forEach((cell, i) => expect(d(cell)).toBeGreaterThanOrEqual(d(cells[i]!) - 1e-6));
      if (expected.length < max) {
        expect(new Set(cells)).toEqual(new Set(expected));
      } else {
        const last = d(cells[cells.length - 1]!) - 1e-6;
        const nearer = (list: number[]) => new Set(list.filter((cell) => d(cell) < last));
        expect(nearer(cells)).toEqual(nearer(expected));
      }
    };
    // Found by this property (seed -715427192): 11 km around 89.9° N on the prime meridian holds
    // more than 400 cells, and the cut fell between mirror cells.
    sameCells(89.8999999353596, 2.4674706722294104e-14, 11145, 400);
    // Circles of up to 20 km within the 400 asked: away from the poles every cell, so a corner a
    // few metres further out than the radius's margin is caught here.
    fc.assert(
      fc.property(lat, lng, fc.integer({ min: 1, max: 20_000 }), (la, ln, radiusM) =>
        sameCells(la, ln, radiusM, 400),
      ),
      { numRuns: 1_000 },
    );
    // Wider circles, cut at `max`.
    fc.assert(
      fc.property(lat, lng, fc.integer({ min: 1, max: 300_000 }), fc.constantFrom(1, 16, 400), sameCells),
      { numRuns: 500 },
    );
  });

  it("finds the cells of a search around a city, nearest first and at most `max`", () => {
    const lagos = cellsInside(6.455, 3.3841, 25_000, 1000);
    // A 25 km circle holds about 1,960 km²; a cell near the equator about 4.9 km².
    expect(lagos.length).toBeGreaterThan(300);
    expect(lagos.length).toBeLessThan(400);
    expect(lagos[0]).toBe(parkCell(6.455, 3.3841));
    expect(cellsInside(6.455, 3.3841, 25_000)).toEqual(lagos.slice(0, 16));
    expect(cellsInside(6.455, 3.3841, 500)).toEqual([]);
    expect(cellsInside(89.99, 0, 25_000, 1000).length).toBeGreaterThan(0);
  });
});
