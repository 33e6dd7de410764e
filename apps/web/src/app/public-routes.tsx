import { useTranslation } from "react-i18next";
import { redirect, type LoaderFunction, type RouteObject } from "react-router";
import type { PageKey } from "@parkwell/contract";
import type { ParkingType } from "../features/info/parking-type-page";
import { EDITED_INFO_PAGES } from "../features/info/edited-pages";
import type { InfoPageId } from "../features/info/pages";
import { parkLoader } from "../features/parks/park-loader";
import { pageQuery } from "../lib/pages";
import { serverLoadContext, type PageData } from "../lib/query-client";
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

/**
 * A list's or a text page's loader: on the server, its data function (fetched with the route's
 * code, not in the first bundle) fills the render's query client with what the page reads; in the
 * browser it does nothing (the page asks as it always did, and a navigation is not held up).
 */
export const serverData =
  (load: () => Promise<PageData>): LoaderFunction =>
  async ({ request, params, context }) => {
    const server = serverLoadContext(context);
    if (server) await (await load())({ ...server, url: new URL(request.url), params });
    return null;
  };

/**
 * A page rendered on the server (the server bundle renders the routes made with this, and the API
 * sends index.html for the others): its loader, the source modules whose styles and scripts its
 * head links (`handle.modules`), and its own head (OWN_HEAD).
 */
export const rendered = (route: RouteObject & { path?: string; loader: LoaderFunction }, modules: string[]) =>
  ({
    ...route,
    handle: { ...OWN_HEAD, modules } satisfies RenderHandle & typeof OWN_HEAD,
  }) as RouteObject;

const eventLoader = lazyLoader(async () => (await import("../features/events/event-loader")).eventLoader);
const itemLoader = lazyLoader(async () => (await import("../features/marketplace/item-loader")).itemLoader);
const blogListLoader = lazyLoader(async () => (await import("../features/blog/blog-loaders")).blogListLoader);
const blogPostLoader = lazyLoader(async () => (await import("../features/blog/blog-loaders")).blogPostLoader);

/** Signed out on a plan's page, the checkout's place asks to sign in, as the park checkout does; the plan stays. */
function PlanCheckoutPrompt() {
  const { t } = useTranslation("plans");
  return <LoginPrompt title={t("checkout.signInTitle")} text={t("checkout.signInText")} />;
}

/** The words of a page the company edits, for a server render. */
const editedText =
  (key: PageKey): PageData =>
  async ({ queryClient, language }) =>
    await queryClient.fetchQuery(pageQuery(key, language));

/** Each page is its own lazily loaded chunk, rendered on the server with its words. */
const info = (path: string, id: InfoPageId): RouteObject => {
  const edited = EDITED_INFO_PAGES[id];
  return rendered(
    {
      path,
      loader: serverData(async () => (edited ? editedText(edited) : async () => null)),
      lazy: async () => {
        const { InfoPage } = await import("../features/info/info-page");
        return { Component: () => <InfoPage id={id} /> };
      },
    },
    ["src/features/info/info-page.tsx"],
  );
};

const marketplace = async () => await import("../features/marketplace/routes");
const vehicleDocs = async () => await import("../features/vehicle-docs/routes");

/** The descriptive page is the info feature's; the listing of parks of that type is the parks feature's. */
const parkingType = (path: string, type: ParkingType): RouteObject =>
  rendered(
    {
      path,
      loader: serverData(async () => (await import("../features/parks/page-data")).parkTypeData(type)),
      lazy: async () => {
        const [{ ParkingTypePage }, { ParkTypeList }] = await Promise.all([
          import("../features/info/parking-type-page"),
          import("../features/parks/components/park-type-list"),
        ]);
        return { Component: () => <ParkingTypePage type={type} listing={<ParkTypeList type={type} />} /> };
      },
    },
    ["src/features/info/parking-type-page.tsx", "src/features/parks/components/park-type-list.tsx"],
  );

const parkingTypes: RouteObject[] = (["airport", "city", "stadium", "station"] as const).flatMap((type) => [
  parkingType(`${type}-parking`, type),
  parkingType(`parking-types/${type}-parking`, type),
]);

/**
 * The public routes of the standard layout (the checkouts and booking-success are account routes).
 * Those made with `rendered` are rendered on the server (docs/decisions/036-public-pages-on-the-server.md).
 */
export const publicRoutes: RouteObject[] = [
  info("about", "about"),
  info("get-started", "getStarted"),
  info("how-parkwell-works", "howItWorks"),
  // The generic form of the product's name (/how-{product}-works) goes to the product's own page:
  // moved for good (the server's 301, its query kept; in the browser the router follows it).
  rendered(
    {
      path: "how-it-works",
      loader: ({ request }) => {
        throw redirect(`/how-parkwell-works${new URL(request.url).search}`, 301);
      },
    },
    [],
  ),
  // The page's information, then each country's reward as the API answers it (the fees' data).
  rendered(
    {
      path: "affiliates",
      loader: serverData(async () => async () => null),
      lazy: async () => {
        const [{ InfoPage }, { AffiliatesRewards }] = await Promise.all([
          import("../features/info/info-page"),
          import("../features/accounts/affiliates-rewards"),
        ]);
        return {
          Component: () => (
            <InfoPage id="affiliates">
              <AffiliatesRewards />
            </InfoPage>
          ),
        };
      },
    },
    ["src/features/info/info-page.tsx", "src/features/accounts/affiliates-rewards.tsx"],
  ),
  info("careers", "careers"),
  info("media-coverage", "mediaCoverage"),
  info("business-accounts", "businessAccounts"),
  info("car-park-management", "carParkManagement"),
  // The page's information, then the selected country's parks with chargers (from the API).
  rendered(
    {
      path: "electric-vehicle-charging",
      loader: serverData(async () => (await import("../features/parks/page-data")).chargingParksData),
      lazy: async () => {
        const [{ InfoPage }, { ChargingParks }] = await Promise.all([
          import("../features/info/info-page"),
          import("../features/parks/components/charging-parks"),
        ]);
        return {
          Component: () => (
            <InfoPage id="evCharging">
              <ChargingParks />
            </InfoPage>
          ),
        };
      },
    },
    ["src/features/info/info-page.tsx", "src/features/parks/components/charging-parks.tsx"],
  ),
  // The page's information, then the form a charger owner sends their site with (an inquiry).
  rendered(
    {
      path: "rent-out-ev-charger",
      loader: serverData(async () => async () => null),
      lazy: async () => {
        const [{ InfoPage }, { EvHostForm }] = await Promise.all([
          import("../features/info/info-page"),
          import("../features/contact/ev-host-form"),
        ]);
        return {
          Component: () => (
            <InfoPage id="rentOutEvCharger">
              <EvHostForm />
            </InfoPage>
          ),
        };
      },
    },
    ["src/features/info/info-page.tsx", "src/features/contact/ev-host-form.tsx"],
  ),
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
  info("space-guarantee", "spaceGuarantee"),
  rendered(
    {
      path: "cancellation-policy",
      loader: serverData(async () => editedText("cancellation")),
      lazy: async () => ({
        Component: (await import("../features/info/cancellation-page")).CancellationPage,
      }),
    },
    ["src/features/info/cancellation-page.tsx"],
  ),
  // The app-store links' destination while there is no native app (decision 043).
  rendered(
    {
      path: "install",
      loader: serverData(async () => async () => null),
      lazy: async () => ({ Component: (await import("../features/install/install-page")).InstallPage }),
    },
    ["src/features/install/install-page.tsx"],
  ),
  // What the installed app does offline (decision 064): rendered in the browser, from the code the
  // service worker keeps.
  {
    path: "offline",
    handle: OWN_HEAD,
    lazy: async () => ({ Component: (await import("../features/install/offline-page")).OfflinePage }),
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
  rendered(
    {
      path: "events",
      loader: serverData(async () => (await import("../features/events/page-data")).eventsListData),
      lazy: async () => ({ Component: (await import("../features/events/pages/events-page")).EventsPage }),
    },
    ["src/features/events/pages/events-page.tsx"],
  ),
  rendered(
    {
      path: "event/:eventCode",
      loader: eventLoader,
      lazy: async () => {
        const { EventPage, EventRouteError } = await import("../features/events/pages/event-page");
        return { Component: EventPage, ErrorBoundary: EventRouteError };
      },
    },
    ["src/features/events/pages/event-page.tsx"],
  ),
  {
    path: "private-event-access",
    lazy: async () => ({
      Component: (await import("../features/events/pages/access-page")).PrivateEventAccessPage,
    }),
  },
  rendered(
    {
      path: "marketplace",
      loader: serverData(async () => (await import("../features/marketplace/page-data")).marketplaceData),
      lazy: async () => ({ Component: (await marketplace()).MarketplacePage }),
    },
    ["src/features/marketplace/routes.ts"],
  ),
  rendered(
    {
      path: "marketplace/:id",
      loader: itemLoader,
      lazy: async () => {
        const { ItemPage, ItemRouteError } = await marketplace();
        return { Component: ItemPage, ErrorBoundary: ItemRouteError };
      },
    },
    ["src/features/marketplace/routes.ts"],
  ),
  rendered(
    {
      path: "blog",
      loader: blogListLoader,
      lazy: async () => ({ Component: (await import("../features/blog/pages/blog-page")).BlogPage }),
    },
    ["src/features/blog/pages/blog-page.tsx"],
  ),
  rendered(
    {
      // A post by its id or its slug in either language; an unknown post is a 404 with the blog's not-found page.
      path: "post/:id",
      loader: blogPostLoader,
      lazy: async () => {
        const [{ PostPage }, { PostNotFound }] = await Promise.all([
          import("../features/blog/pages/post-page"),
          import("../features/blog/components/post-not-found"),
        ]);
        return { Component: PostPage, ErrorBoundary: () => <RouteError notFound={<PostNotFound />} /> };
      },
    },
    ["src/features/blog/pages/post-page.tsx"],
  ),
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
  rendered(
    {
      path: "parks-list",
      loader: serverData(async () => (await import("../features/parks/page-data")).parksListData),
      lazy: async () => ({
        Component: (await import("../features/parks/pages/parks-list-page")).ParksListPage,
      }),
    },
    ["src/features/parks/pages/parks-list-page.tsx"],
  ),
  rendered(
    {
      path: "park/:slug",
      loader: parkLoader,
      lazy: async () => {
        const { ParkPage, ParkGone } = await import("../features/parks/pages/park-page");
        // A deactivated park (410) has its own page; an unknown one (404) is the app's 404 page.
        return { Component: ParkPage, ErrorBoundary: () => <RouteError gone={<ParkGone />} /> };
      },
    },
    ["src/features/parks/pages/park-page.tsx"],
  ),
];
