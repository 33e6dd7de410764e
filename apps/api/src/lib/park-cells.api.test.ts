import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/client";
import { createTestContext, type TestContext } from "../test/harness";
import { earthBoxCube, earthCube } from "./park-cells";

// The centre and the box a coordinate search sends as values (parks.search-sql.ts) against
// earthdistance's own ll_to_earth and earth_box, on both engines.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const PLACES: [number, number][] = [
  [6.455, 3.3841], // Lagos
  [43.6532, -79.3832], // Toronto
  [14.7167, -17.4677], // Dakar
  [34.0522, -118.2437], // Los Angeles
  [-33.86, 151.21],
  [0, 0],
  [89.9, 179.9],
  [-89.9, -180],
];

describe("the search centre and box, computed in the API", () => {
  it("are earthdistance's ll_to_earth and (a metre wider) earth_box", async () => {
    for (const radiusM of [1, 500, 25_000, 1_000_000, 30_000_000]) {
      for (const [lat, lng] of PLACES) {
        const [row] = await queryRows<{ apart: number; holds: boolean; spare: number }>(
          ctx.database.db,
          sql`SELECT cube_distance(${earthCube(lat, lng)}::cube, ll_to_earth(${lat}::float8, ${lng}::float8)) AS apart,
              ${earthBoxCube(lat, lng, radiusM)}::cube @> earth_box(ll_to_earth(${lat}::float8, ${lng}::float8), ${radiusM}::float8) AS holds,
              cube_ur_coord(${earthBoxCube(lat, lng, radiusM)}::cube, 1)
                - cube_ur_coord(earth_box(ll_to_earth(${lat}::float8, ${lng}::float8), ${radiusM}::float8), 1) AS spare`,
        );
        expect(row!.apart, `${lat},${lng}`).toBeLessThan(1e-6);
        expect(row!.holds, `${lat},${lng} within ${radiusM} m`).toBe(true);
        expect(row!.spare).toBeLessThan(1.001);
      }
    }
  });
});
