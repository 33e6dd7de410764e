import { createBrowserRouter } from "react-router";
import { AuthLayout } from "./auth-layout";
import { Layout } from "./layout";
import { NotFoundPage } from "./not-found-page";

/** Routes load lazily: each page is its own chunk, fetched when first visited. */
const accounts = () => import("../features/accounts/routes");

export const router = createBrowserRouter([
  {
    element: <AuthLayout />,
    children: [
      { path: "auth", lazy: async () => ({ Component: (await accounts()).AuthPage }) },
      { path: "register", lazy: async () => ({ Component: (await accounts()).RegisterPage }) },
      { path: "auth/register", lazy: async () => ({ Component: (await accounts()).RegisterPage }) },
      { path: "verify", lazy: async () => ({ Component: (await accounts()).VerifyPage }) },
      { path: "forgot-password", lazy: async () => ({ Component: (await accounts()).ForgotPasswordPage }) },
      {
        path: "auth/forgot-password",
        lazy: async () => ({ Component: (await accounts()).ForgotPasswordPage }),
      },
    ],
  },
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
      { path: "profile", lazy: async () => ({ Component: (await accounts()).ProfilePage }) },
      {
        path: "parks-list",
        lazy: async () => ({
          Component: (await import("../features/parks/pages/parks-list-page")).ParksListPage,
        }),
      },
      {
        path: "park/:slug",
        lazy: async () => ({ Component: (await import("../features/parks/pages/park-page")).ParkPage }),
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
  // SPEC 2: /search has its own layout (list beside a map, no site header or footer).
  {
    path: "search",
    lazy: async () => ({ Component: (await import("../features/parks/pages/search-page")).SearchPage }),
  },
]);
