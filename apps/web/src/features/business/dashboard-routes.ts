/** The company dashboard's pages (/business/:id/...), one chunk loaded by the account routes. */
export { BookingsPage } from "./bookings-page";
export { MembersPage } from "./members-page";
export { OverviewPage } from "./overview-page";
export { PolicyPage } from "./policy-page";
export { ReceiptsPage } from "./receipts-page";
export { StatementsPage } from "./statements-page";
export { WalletPage } from "./wallet-page";
export { MyCompaniesPage, OpenCompanyPage, VerifyCompanyPage } from "./companies-pages";
