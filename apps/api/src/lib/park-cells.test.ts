import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { haversineKm } from "../test/geo";
import { CELLS_PER_DEGREE, cellsInside, parkCell } from "./park-cells";

const STEP = 1 / CELLS_PER_DEGREE;
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
