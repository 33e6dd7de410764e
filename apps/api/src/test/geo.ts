/**
 * Great-circle distance for the tests' own expectations, written apart from the code under test
 * (the database's earthdistance, lib/park-cells.ts): on earthdistance's sphere, radius 6,378.168 km.
 */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.sqrt(a));
}
