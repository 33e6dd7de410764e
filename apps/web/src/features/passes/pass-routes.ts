/** The monthly passes' account pages and My Bookings' passes tab, one chunk loaded by the account routes. */
export { PassList } from "./pass-list";
export { PassPage } from "./pass-page";
