import type { ReactNode } from "react";
import { Navigate, Outlet, type RouteObject } from "react-router";
import type { IntroPageId } from "../features/info/intro-page";
import { useSession } from "../lib/session";
import { LoginPrompt } from "./login-prompt";

/** SPEC 2: account routes need a token; without one the visitor goes to /, or sees `prompt`. */
function RequireToken({ prompt }: { prompt?: ReactNode }) {
  const { signedIn } = useSession();
  if (signedIn) return <Outlet />;
  return prompt ?? <Navigate to="/" replace />;
}

const page = (path: string, id: IntroPageId): RouteObject => ({
  path,
  lazy: async () => {
    const { IntroPage } = await import("../features/info/intro-page");
    return { Component: () => <IntroPage id={id} /> };
  },
});

const paymentResult = async () => ({
  Component: (await import("../features/wallet/payment-result-page")).PaymentResultPage,
});

/**
 * The account routes: the guard and the signed-out prompt are here; the signed-in content is the
 * wallet's, the accounts' and (for bookings, still to come) an explanation of the feature.
 */
export const accountRoutes: RouteObject[] = [
  {
    element: <RequireToken prompt={<LoginPrompt titleKey="nav.myBookings" />} />,
    children: [page("bookings", "bookings")],
  },
  {
    element: <RequireToken prompt={<LoginPrompt titleKey="nav.wallet" />} />,
    children: [
      {
        path: "wallet",
        lazy: async () => ({ Component: (await import("../features/wallet/wallet-page")).WalletPage }),
      },
      // The provider step and its return pages belong to a signed-in top-up.
      {
        path: "payment",
        lazy: async () => ({ Component: (await import("../features/wallet/payment-page")).PaymentPage }),
      },
      { path: "payment/success", lazy: paymentResult },
      { path: "payment-success", lazy: paymentResult },
    ],
  },
  {
    element: <RequireToken />,
    children: [
      page("booking-details/:bookingCode", "bookingDetails"),
      { path: "wallet/callback", lazy: paymentResult },
      {
        path: "profile",
        lazy: async () => ({ Component: (await import("../features/accounts/routes")).ProfilePage }),
      },
    ],
  },
];
