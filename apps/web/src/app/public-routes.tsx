import { useTranslation } from "react-i18next";
import { Navigate, type LoaderFunction, type RouteObject } from "react-router";
import type { ParkingType } from "../features/info/parking-type-page";
import type { InfoPageId } from "../features/info/pages";
import { parkLoader } from "../features/parks/park-loader";
import { OWN_HEAD } from "../lib/seo/page-head";
import type { RenderHandle } from "../ssr/route-assets";
import { LoginPrompt } from "./login-prompt";
import { RouteError } from "./route-error";

/**
 * A route's loader kept out of the first bundle: its module (and the schemas its feature's API
 * imports) is fetched with the route's own code, not before the home page can paint.
 */
const lazyLoader =
  (load: () => Promise<LoaderFunction>): LoaderFunction =>
  async (args) =>
    (await load())(args);

const eventLoader = lazyLoader(async () => (await import("../features/events/event-loader")).eventLoader);
const itemLoader = lazyLoader(async () => (await import("../features/marketplace/item-loader")).itemLoader);
const blogListLoader = lazyLoader(async () => (await import("../features/blog/blog-loaders")).blogListLoader);
const blogPostLoader = lazyLoader(async () => (await import("../features/blog/blog-loaders")).blogPostLoader);

/** Signed out on a plan's page, the checkout's place asks to sign in, as the park checkout does; the plan stays. */
function PlanCheckoutPrompt() {
  const { t } = useTranslation("plans");
  return <LoginPrompt title={t("checkout.signInTitle")} text={t("checkout.signInText")} />;
}

/** Each page is its own lazily loaded chunk; a page that renders its own head says so (OWN_HEAD). */
const info = (path: string, id: InfoPageId): RouteObject => ({
  path,
  handle: OWN_HEAD,
  lazy: async () => {
    const { InfoPage } = await import("../features/info/info-page");
    return { Component: () => <InfoPage id={id} /> };
  },
});

const marketplace = async () => await import("../features/marketplace/routes");
const vehicleDocs = async () => await import("../features/vehicle-docs/routes");

/** The descriptive page is the info feature's; the listing of parks of that type is the parks feature's. */
const parkingType = (path: string, type: ParkingType): RouteObject => ({
  path,
  handle: OWN_HEAD,
  lazy: async () => {
    const [{ ParkingTypePage }, { ParkTypeList }] = await Promise.all([
      import("../features/info/parking-type-page"),
      import("../features/parks/components/park-type-list"),
    ]);
    return { Component: () => <ParkingTypePage type={type} listing={<ParkTypeList type={type} />} /> };
  },
});

const parkingTypes: RouteObject[] = (["airport", "city", "stadium", "station"] as const).flatMap((type) => [
  parkingType(`${type}-parking`, type),
  parkingType(`parking-types/${type}-parking`, type),
]);

/** The public routes of the standard layout (the checkouts and booking-success are account routes). */
export const publicRoutes: RouteObject[] = [
  info("about", "about"),
  info("get-started", "getStarted"),
  info("how-parkwell-works", "howItWorks"),
  // The generic form of the product's name (/how-{product}-works) goes to the product's own page.
  { path: "how-it-works", element: <Navigate to="/how-parkwell-works" replace /> },
  info("affiliates", "affiliates"),
  info("careers", "careers"),
  info("media-coverage", "mediaCoverage"),
  info("business-accounts", "businessAccounts"),
  info("car-park-management", "carParkManagement"),
  info("electric-vehicle-charging", "evCharging"),
  info("rent-out-ev-charger", "rentOutEvCharger"),
  {
    path: "subscription-plans",
    lazy: async () => ({ Component: (await import("../features/passes/plans-list-page")).PlansListPage }),
  },
  {
    path: "subscription-plans/:id",
    lazy: async () => {
      const { PlanPage } = await import("../features/passes/plans-page");
      return { Component: () => <PlanPage signedOut={<PlanCheckoutPrompt />} /> };
    },
  },
  info("terms", "terms"),
  info("privacy-policy", "privacy"),
  {
    path: "cancellation-policy",
    handle: OWN_HEAD,
    lazy: async () => ({ Component: (await import("../features/info/cancellation-page")).CancellationPage }),
  },
  {
    path: "help",
    lazy: async () => ({ Component: (await import("../features/contact/help-page")).HelpPage }),
  },
  {
    path: "book-demo",
    lazy: async () => ({ Component: (await import("../features/contact/book-demo-page")).BookDemoPage }),
  },
  ...parkingTypes,
  {
    path: "events",
    handle: OWN_HEAD,
    lazy: async () => ({ Component: (await import("../features/events/pages/events-page")).EventsPage }),
  },
  {
    path: "event/:eventCode",
    // Server-rendered (apps/api/src/plugins/spa.ts): the loader fills the query cache the page reads.
    loader: eventLoader,
    handle: { ...OWN_HEAD, modules: ["src/features/events/pages/event-page.tsx"] } satisfies RenderHandle &
      typeof OWN_HEAD,
    lazy: async () => {
      const { EventPage, EventRouteError } = await import("../features/events/pages/event-page");
      return { Component: EventPage, ErrorBoundary: EventRouteError };
    },
  },
  {
    path: "private-event-access",
    lazy: async () => ({
      Component: (await import("../features/events/pages/access-page")).PrivateEventAccessPage,
    }),
  },
  {
    path: "marketplace",
    handle: OWN_HEAD,
    lazy: async () => ({ Component: (await marketplace()).MarketplacePage }),
  },
  {
    path: "marketplace/:id",
    // Server-rendered (apps/api/src/plugins/spa.ts): the loader fills the query cache the page reads.
    loader: itemLoader,
    handle: { ...OWN_HEAD, modules: ["src/features/marketplace/routes.ts"] } satisfies RenderHandle &
      typeof OWN_HEAD,
    lazy: async () => {
      const { ItemPage, ItemRouteError } = await marketplace();
      return { Component: ItemPage, ErrorBoundary: ItemRouteError };
    },
  },
  {
    path: "blog",
    // Server-rendered (apps/api/src/plugins/spa.ts): the loader fills the query cache the page reads.
    loader: blogListLoader,
    handle: { ...OWN_HEAD, modules: ["src/features/blog/pages/blog-page.tsx"] } satisfies RenderHandle &
      typeof OWN_HEAD,
    lazy: async () => ({ Component: (await import("../features/blog/pages/blog-page")).BlogPage }),
  },
  {
    // A post by its id or its slug in either language.
    path: "post/:id",
    // Server-rendered, as /blog; an unknown post is a 404 with the blog's not-found page.
    loader: blogPostLoader,
    handle: { ...OWN_HEAD, modules: ["src/features/blog/pages/post-page.tsx"] } satisfies RenderHandle &
      typeof OWN_HEAD,
    lazy: async () => {
      const [{ PostPage }, { PostNotFound }] = await Promise.all([
        import("../features/blog/pages/post-page"),
        import("../features/blog/components/post-not-found"),
      ]);
      return { Component: PostPage, ErrorBoundary: () => <RouteError notFound={<PostNotFound />} /> };
    },
  },
  {
    path: "vehicle-docs-renewal",
    lazy: async () => {
      // Delivery goes to the marketplace's saved addresses: its address picker is handed over here.
      const [{ VehicleDocsRenewalPage }, { CheckoutAddress }] = await Promise.all([
        vehicleDocs(),
        marketplace(),
      ]);
      return { Component: () => <VehicleDocsRenewalPage addressPicker={CheckoutAddress} /> };
    },
  },
  {
    path: "booking/:parkCode",
    lazy: async () => ({
      Component: (await import("../features/bookings/qr-landing-page")).QrLandingPage,
    }),
  },
  {
    path: "parks-list",
    handle: OWN_HEAD,
    lazy: async () => ({
      Component: (await import("../features/parks/pages/parks-list-page")).ParksListPage,
    }),
  },
  {
    path: "park/:slug",
    // Server-rendered (apps/api/src/plugins/spa.ts): the loader fills the query cache the page reads.
    loader: parkLoader,
    handle: { ...OWN_HEAD, modules: ["src/features/parks/pages/park-page.tsx"] } satisfies RenderHandle &
      typeof OWN_HEAD,
    lazy: async () => {
      const { ParkPage, ParkGone } = await import("../features/parks/pages/park-page");
      // A deactivated park (410) has its own page; an unknown one (404) is the app's 404 page.
      return { Component: ParkPage, ErrorBoundary: () => <RouteError gone={<ParkGone />} /> };
    },
  },
];
