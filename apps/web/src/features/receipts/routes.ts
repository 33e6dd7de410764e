/** The receipts' pages, one chunk loaded by the account routes. */
export { ReceiptPage } from "./receipt-page";
export { ReceiptsPage } from "./receipts-page";
