/** The vehicle document renewal pages, one chunk loaded by the public and account routes. */
export { VehicleDocsRenewalPage } from "./renewal-page";
export { VehicleDocRequestPage } from "./request-page";
export { VehicleDocRequestsPage } from "./requests-page";
