/** The marketplace's pages, one chunk loaded by the public and account routes. */
export { MarketCheckoutPage } from "./pages/checkout-page";
export { ItemPage, ItemRouteError } from "./pages/item-page";
export { MarketplacePage } from "./pages/marketplace-page";
export { OrderPage } from "./pages/order-page";
export { OrdersPage } from "./pages/orders-page";
export { CheckoutAddress } from "./components/checkout-address";
