/** Where a place is and how far: shared with the events pages (lib/format). */
export { formatDistance, placeLine } from "../../lib/format";
