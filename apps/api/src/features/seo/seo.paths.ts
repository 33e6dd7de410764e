/**
 * What search engines may read and what the sitemap lists (docs/decisions/036-public-pages-on-the-server.md):
 * the one list of the web app's fixed public pages and of the path prefixes robots.txt keeps them
 * out of. Both follow the web app's route modules (apps/web/src/app/*-routes.tsx and router.tsx);
 * seo.api.test.ts imports those modules and fails when a route is added that neither list covers.
 */

/**
 * The fixed public pages the sitemap lists: home, the parks list, the parking-type pages, the
 * information pages, the lists of events, marketplace items and blog posts, the monthly plans, the
 * vehicle-documents renewal service and the page that installs the app. Left out on purpose: /home (the same page as /), the
 * parking-type pages' second address (/parking-types/airport-parking, the same page as
 * /airport-parking), /how-it-works (a redirect), /private-event-access (a form for a private
 * event's code), /search (results of a visitor's query), /booking/{parkCode} (a park's QR code's
 * landing page) and /offline (the installed app's page for no connection, `noindex`: decision 064). A park, event, item or post page is listed by its own kind.
 */
export const PUBLIC_PAGES: readonly string[] = [
  "/",
  "/parks-list",
  "/airport-parking",
  "/city-parking",
  "/stadium-parking",
  "/station-parking",
  "/events",
  "/marketplace",
  "/blog",
  "/subscription-plans",
  "/vehicle-docs-renewal",
  "/about",
  "/get-started",
  "/how-parkwell-works",
  "/affiliates",
  "/careers",
  "/media-coverage",
  "/business-accounts",
  "/car-park-management",
  "/electric-vehicle-charging",
  "/rent-out-ev-charger",
  "/terms",
  "/privacy-policy",
  "/cancellation-policy",
  "/space-guarantee",
  "/help",
  "/book-demo",
  "/install",
];

/**
 * The path prefixes robots.txt disallows (a prefix matches every path that starts with it): the
 * API, the back office, and the pages of an account (bookings, passes, orders, receipts, the
 * wallet and payments, a company's pages, the profile), of a checkout, and of signing in.
 */
export const PRIVATE_PREFIXES: readonly string[] = [
  "/api/",
  // The back office (admin-routes.tsx): /admin and everything below it.
  "/admin",
  // Signing in, registering, verifying, resetting a password, accepting an invitation (auth-routes.tsx).
  "/auth",
  "/register",
  "/verify",
  "/forgot-password",
  "/staff-invite/",
  "/business-invite",
  // A signed-in driver's pages (account-routes.tsx).
  "/bookings",
  "/booking-success",
  "/booking-details/",
  "/booking-offers/",
  // A booking extended from its wallet pass's link (decision 068): personal, and signed.
  "/extend/",
  "/checkout/",
  "/booking/event/",
  "/marketplace/checkout",
  "/orders",
  "/passes/",
  "/vehicle-docs-renewal/requests",
  "/receipts",
  "/claims/",
  "/referrals",
  "/business",
  "/wallet",
  "/payment",
  "/profile",
];

/**
 * The public pages a private prefix would also cover (/business-accounts starts with /business):
 * each gets its own Allow line, which wins over the shorter Disallow (RFC 9309: the longest match).
 */
export const PUBLIC_EXCEPTIONS: readonly string[] = PUBLIC_PAGES.filter((page) =>
  PRIVATE_PREFIXES.some((prefix) => page.startsWith(prefix)),
);

/** robots.txt: everything allowed but the private prefixes; the sitemap index named on `publicUrl`. */
export function robotsTxt(publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    ...PUBLIC_EXCEPTIONS.map((page) => `Allow: ${page}`),
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
