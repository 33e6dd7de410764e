import { createBrowserRouter } from "react-router";
import { Layout } from "./layout";
import { NotFoundPage } from "./not-found-page";

/** Routes load lazily: each page is its own chunk, fetched when first visited. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import("../features/home/home-page")).HomePage }),
      },
      {
        path: "home",
        lazy: async () => ({ Component: (await import("../features/home/home-page")).HomePage }),
      },
      {
        path: "wallet",
        lazy: async () => ({ Component: (await import("../features/wallet/wallet-page")).WalletPage }),
      },
      ...["wallet/callback", "payment/success", "payment-success"].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import("../features/wallet/payment-result-page")).PaymentResultPage,
        }),
      })),
      {
        path: "payment",
        lazy: async () => ({ Component: (await import("../features/wallet/payment-page")).PaymentPage }),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
