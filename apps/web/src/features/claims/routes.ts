/** The driver's claims' pages, one chunk loaded by the account routes. */
export { ClaimPage } from "./claim-page";
