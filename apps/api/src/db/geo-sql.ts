import { sql, type SQL } from "drizzle-orm";
import { EARTH_RADIUS_M } from "../lib/park-cells";

/** Great-circle distance in metres from a point to the row's (lat, lng) columns (haversine, earthdistance's sphere). */
export const distanceSql = (lat: SQL, lng: SQL, from: { lat: number; lng: number }): SQL =>
  sql`(${2 * EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${lat} - ${from.lat}::float8) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${from.lat}::float8)) * power(sin(radians(${lng} - ${from.lng}::float8) / 2), 2)))))`;
