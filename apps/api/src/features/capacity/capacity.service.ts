/** Free spaces of parks over a window, for the park page and the search (capacity.repo). */
import type { Db } from "../../db/client";
import * as repo from "./capacity.repo";

/** Spaces free over a whole window (capacity minus peak occupancy), for the park availability route. */
export function freeSpaces(db: Db, parkId: number, vehicleTypeId: number, start: Date, end: Date) {
  return repo.freeSpaces(db, parkId, vehicleTypeId, start, end);
}

/** The same for the parks of a search page, in one statement. */
export function freeSpacesOf(db: Db, parkIds: number[], vehicleTypeId: number, start: Date, end: Date) {
  return repo.freeSpacesOf(db, parkIds, vehicleTypeId, start, end);
}
