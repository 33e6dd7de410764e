import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useSearchParams, type RouteObject } from "react-router";
import { useSession } from "../lib/session";
import { LoginPrompt } from "./login-prompt";

/** Account routes need a token; without one the visitor goes to /, or sees `prompt`. */
function RequireToken({ prompt }: { prompt?: ReactNode }) {
  const { signedIn } = useSession();
  if (signedIn) return <Outlet />;
  return prompt ?? <Navigate to="/" replace />;
}

/** Signed out at checkout, the driver signs in in place and keeps the park and window. */
function CheckoutPrompt() {
  const { t } = useTranslation("bookings");
  return <LoginPrompt title={t("checkout.signInTitle")} text={t("checkout.signInText")} />;
}

/**
 * Signed out on a payment's page (often the provider's redirect, after which the session may be
 * gone): the page names the payment and asks to sign in to see what happened to it; without the
 * account it cannot tell, so it claims nothing.
 */
function PaymentPrompt({ step }: { step?: boolean }) {
  const { t } = useTranslation("wallet");
  const [params] = useSearchParams();
  const reference = params.get("reference") ?? params.get("trxref") ?? params.get("payment_intent");
  return (
    <LoginPrompt
      title={step ? t("payment.title") : t("result.title")}
      text={reference ? t("result.signInText", { reference }) : t("result.signInNoReference")}
    />
  );
}

/** Signed out on /booking-success: the booking is named, not confirmed (that needs the account). */
function BookingPrompt() {
  const { t } = useTranslation("bookings");
  const [params] = useSearchParams();
  const code = params.get("code");
  return (
    <LoginPrompt
      title={t("success.neutralTitle")}
      text={code ? t("success.signInText", { code }) : t("success.signInNoCode")}
    />
  );
}

/** Signed out on a monthly pass's page: it says signing in shows the pass. */
function PassPrompt() {
  const { t } = useTranslation("passes");
  return <LoginPrompt title={t("prompt.title")} text={t("prompt.text")} />;
}

const paymentResult = async () => ({
  Component: (await import("../features/wallet/payment-result-page")).PaymentResultPage,
});

const bookings = async () => await import("../features/bookings/routes");
const marketplace = async () => await import("../features/marketplace/routes");
const passes = async () => await import("../features/passes/pass-routes");
const receipts = async () => await import("../features/receipts/routes");
const vehicleDocs = async () => await import("../features/vehicle-docs/routes");
const business = async () => await import("../features/business/dashboard-routes");

/** My Bookings with its "Monthly passes" tab: the two features' chunks, put together here. */
async function bookingsWithPasses() {
  const [{ BookingsPage }, { PassList }] = await Promise.all([bookings(), passes()]);
  return { Component: () => <BookingsPage passes={PassList} /> };
}

/** Signed out at the marketplace's checkout, the driver signs in in place and keeps the cart. */
function MarketCheckoutPrompt() {
  const { t } = useTranslation("marketplace");
  return <LoginPrompt title={t("checkout.signInTitle")} text={t("checkout.signInText")} />;
}

/** Signed out on a renewal request's pages: they are the driver's, seen once signed in. */
function VehicleDocsPrompt() {
  const { t } = useTranslation("vehicle-docs");
  return <LoginPrompt title={t("requests.title")} text={t("signInText")} />;
}

/** The account routes: the guard and the signed-out prompt are here; the pages are the features'. */
export const accountRoutes: RouteObject[] = [
  // A driver's booking extended from its wallet pass's link (decision 068): the link, signed for
  // the booking and its owner, stands for the sign-in, so no RequireToken. Kept out of robots.txt.
  {
    path: "extend/:id",
    lazy: async () => ({
      Component: (await import("../features/bookings/extend-link-page")).ExtendLinkPage,
    }),
  },
  {
    element: <RequireToken prompt={<LoginPrompt titleKey="nav.myBookings" />} />,
    children: [{ path: "bookings", lazy: bookingsWithPasses }],
  },
  {
    element: <RequireToken prompt={<PassPrompt />} />,
    children: [
      {
        path: "passes/:code",
        lazy: async () => ({ Component: (await passes()).PassPage }),
      },
    ],
  },
  {
    element: <RequireToken prompt={<CheckoutPrompt />} />,
    children: [
      { path: "checkout/:slug", lazy: async () => ({ Component: (await bookings()).CheckoutPage }) },
      {
        path: "booking/event/:eventCode",
        lazy: async () => ({ Component: (await bookings()).EventCheckoutPage }),
      },
    ],
  },
  {
    element: <RequireToken prompt={<MarketCheckoutPrompt />} />,
    children: [
      {
        path: "marketplace/checkout",
        lazy: async () => ({ Component: (await marketplace()).MarketCheckoutPage }),
      },
    ],
  },
  {
    element: <RequireToken prompt={<LoginPrompt titleKey="nav.myOrders" />} />,
    children: [
      { path: "orders", lazy: async () => ({ Component: (await marketplace()).OrdersPage }) },
      { path: "orders/:orderCode", lazy: async () => ({ Component: (await marketplace()).OrderPage }) },
    ],
  },
  {
    element: <RequireToken prompt={<VehicleDocsPrompt />} />,
    children: [
      {
        path: "vehicle-docs-renewal/requests",
        lazy: async () => ({ Component: (await vehicleDocs()).VehicleDocRequestsPage }),
      },
      {
        path: "vehicle-docs-renewal/requests/:code",
        lazy: async () => ({ Component: (await vehicleDocs()).VehicleDocRequestPage }),
      },
    ],
  },
  {
    element: <RequireToken />,
    children: [
      {
        path: "claims/:id",
        lazy: async () => ({ Component: (await import("../features/claims/routes")).ClaimPage }),
      },
    ],
  },
  {
    element: <RequireToken prompt={<LoginPrompt titleKey="nav.receipts" />} />,
    children: [
      { path: "receipts", lazy: async () => ({ Component: (await receipts()).ReceiptsPage }) },
      { path: "receipts/:number", lazy: async () => ({ Component: (await receipts()).ReceiptPage }) },
    ],
  },
  // Business accounts: my companies, opening and verifying one, and a company's pages.
  {
    element: <RequireToken />,
    children: [
      { path: "business", lazy: async () => ({ Component: (await business()).MyCompaniesPage }) },
      { path: "business/new", lazy: async () => ({ Component: (await business()).OpenCompanyPage }) },
      { path: "business/verify", lazy: async () => ({ Component: (await business()).VerifyCompanyPage }) },
      { path: "business/:id", lazy: async () => ({ Component: (await business()).OverviewPage }) },
      { path: "business/:id/bookings", lazy: async () => ({ Component: (await business()).BookingsPage }) },
      { path: "business/:id/receipts", lazy: async () => ({ Component: (await business()).ReceiptsPage }) },
      {
        path: "business/:id/statements",
        lazy: async () => ({ Component: (await business()).StatementsPage }),
      },
      { path: "business/:id/wallet", lazy: async () => ({ Component: (await business()).WalletPage }) },
      { path: "business/:id/policy", lazy: async () => ({ Component: (await business()).PolicyPage }) },
      { path: "business/:id/members", lazy: async () => ({ Component: (await business()).MembersPage }) },
    ],
  },
  {
    element: <RequireToken prompt={<LoginPrompt titleKey="nav.wallet" />} />,
    children: [
      {
        path: "wallet",
        lazy: async () => ({ Component: (await import("../features/wallet/wallet-page")).WalletPage }),
      },
    ],
  },
  // The provider step and its return pages belong to a signed-in top-up; signed out they name it.
  {
    element: <RequireToken prompt={<PaymentPrompt step />} />,
    children: [
      {
        path: "payment",
        lazy: async () => ({ Component: (await import("../features/wallet/payment-page")).PaymentPage }),
      },
    ],
  },
  {
    element: <RequireToken prompt={<PaymentPrompt />} />,
    children: [
      { path: "payment/success", lazy: paymentResult },
      { path: "payment-success", lazy: paymentResult },
      { path: "wallet/callback", lazy: paymentResult },
    ],
  },
  {
    element: <RequireToken prompt={<BookingPrompt />} />,
    children: [
      {
        path: "booking-success",
        lazy: async () => ({ Component: (await bookings()).BookingSuccessPage }),
      },
    ],
  },
  {
    element: <RequireToken />,
    children: [
      {
        path: "booking-details/:bookingCode",
        lazy: async () => ({ Component: (await bookings()).BookingDetailsPage }),
      },
      {
        path: "booking-offers/:bookingCode",
        lazy: async () => ({ Component: (await bookings()).BookingOfferPage }),
      },
      {
        path: "profile",
        lazy: async () => ({ Component: (await import("../features/accounts/routes")).ProfilePage }),
      },
      {
        path: "referrals",
        lazy: async () => ({ Component: (await import("../features/accounts/routes")).ReferralsPage }),
      },
    ],
  },
];
