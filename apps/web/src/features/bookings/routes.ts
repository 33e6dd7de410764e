/** The bookings feature's pages, one chunk loaded by the account routes. */
export { BookingDetailsPage } from "./details-page";
export { BookingOfferPage } from "./offer-page";
export { BookingsPage } from "./bookings-page";
export { BookingSuccessPage } from "./success-page";
export { CheckoutPage } from "./checkout-page";
export { EventCheckoutPage } from "./event-checkout-page";
