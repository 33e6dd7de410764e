import type { ComponentType } from "react";
import type { AdminSection, Permission } from "./permissions";

/**
 * The back office's pages: each is one line here, which gives it its route (/admin/<path>), its
 * entry in the sidebar (in this order) and the permission both need. A section without a line
 * has neither, so the nav never offers a page that does not exist. A page with pages of its own
 * (a list and its details) sets `nested` and renders its own <Routes> under /admin/<path>/.
 */
export interface AdminPage {
  section: AdminSection;
  /** The path under /admin, without a slash. */
  path: string;
  /** The nav entry's text in the `admin` catalogue (or in `labelNs`, a page's own catalogue). */
  labelKey: `nav.${string}`;
  /** The catalogue of `labelKey` when it is not `admin` (a page beside its section's main one). */
  labelNs?: string;
  /** Needed to see the page and its nav entry; a list when any one of them will do. */
  permission: Permission | readonly Permission[];
  /** The page's code, a chunk of its own fetched the first time the page opens. */
  load: () => Promise<ComponentType>;
  nested?: boolean;
}

export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    section: "dashboard",
    path: "dashboard",
    labelKey: "nav.dashboard",
    permission: "dashboard.view",
    load: async () => (await import("./dashboard/dashboard-page")).DashboardPage,
  },
  {
    section: "parks",
    path: "parks",
    labelKey: "nav.parks",
    permission: "parks.view",
    load: async () => (await import("./parks/parks-page")).AdminParksPage,
    nested: true,
  },
  {
    section: "events",
    path: "events",
    labelKey: "nav.events",
    labelNs: "admin-events",
    permission: "events.view",
    load: async () => (await import("./events/events-page")).AdminEventsPage,
    nested: true,
  },
  {
    section: "plans",
    path: "plans",
    labelKey: "nav.plans",
    labelNs: "admin-plans",
    permission: "plans.view",
    load: async () => (await import("./plans/plans-page")).AdminPlansPage,
    nested: true,
  },
  {
    section: "marketplace",
    path: "marketplace",
    labelKey: "nav.marketplace",
    permission: "marketplace.view",
    load: async () => (await import("./marketplace/marketplace-page")).AdminMarketplacePage,
    nested: true,
  },
  {
    section: "orders",
    path: "orders",
    labelKey: "nav.orders",
    permission: "orders.view",
    load: async () => (await import("./orders/orders-page")).AdminOrdersPage,
    nested: true,
  },
  {
    section: "deliveries",
    path: "deliveries",
    labelKey: "nav.deliveries",
    permission: "deliveries.view",
    load: async () => (await import("./deliveries/deliveries-page")).DeliveriesPage,
    nested: true,
  },
  {
    section: "vehicle_docs",
    path: "vehicle-docs",
    labelKey: "nav.vehicleDocs",
    labelNs: "admin-vehicle-docs",
    // The fee tables are a tab of this page: who holds only vehicle_doc_fees.* opens it on them.
    permission: ["vehicle_docs.view", "vehicle_doc_fees.view"],
    load: async () => (await import("./vehicle-docs/vehicle-docs-page")).AdminVehicleDocsPage,
    nested: true,
  },
  {
    section: "claims",
    path: "claims",
    labelKey: "nav.claims",
    labelNs: "admin-claims",
    permission: "claims.view",
    load: async () => (await import("./claims/claims-page")).AdminClaimsPage,
    nested: true,
  },
  {
    section: "reviews",
    path: "reviews",
    labelKey: "nav.reviews",
    permission: "reviews.view",
    load: async () => (await import("./reviews/reviews-page")).AdminReviewsPage,
  },
  {
    section: "gate",
    path: "gate",
    labelKey: "nav.gate",
    permission: "gate.view",
    load: async () => (await import("./gate/gate-page")).GatePage,
  },
  {
    section: "pos",
    path: "pos",
    labelKey: "nav.pos",
    permission: "pos.view",
    load: async () => (await import("./gate/pos-page")).PosPage,
  },
  {
    section: "bookings",
    path: "bookings",
    labelKey: "nav.bookings",
    permission: "bookings.view",
    load: async () => (await import("./bookings/bookings-page")).StaffBookingsPage,
  },
  {
    section: "staff",
    path: "staff",
    labelKey: "nav.staff",
    permission: "staff.view",
    load: async () => (await import("./people/staff-page")).StaffPage,
  },
  {
    section: "customers",
    path: "customers",
    labelKey: "nav.customers",
    permission: "customers.view",
    load: async () => (await import("./people/customers-page")).CustomersPage,
    nested: true,
  },
  {
    section: "customers",
    path: "companies",
    labelKey: "nav.companies",
    permission: "customers.view",
    load: async () => (await import("./people/companies-page")).CompaniesPage,
    nested: true,
  },
  {
    section: "inquiries",
    path: "inquiries",
    labelKey: "nav.inquiries",
    permission: "inquiries.view",
    load: async () => (await import("./people/inquiries-page")).InquiriesPage,
    nested: true,
  },
  {
    section: "reports",
    path: "reports",
    labelKey: "nav.reports",
    permission: "reports.view",
    load: async () => (await import("./reports/reports-page")).ReportsPage,
    nested: true,
  },
  {
    section: "settlements",
    path: "settlements",
    labelKey: "nav.settlements",
    labelNs: "admin-settlements",
    permission: "settlements.view",
    load: async () => (await import("./settlements/settlements-page")).AdminSettlementsPage,
    nested: true,
  },
  {
    section: "pages",
    path: "pages",
    labelKey: "nav.pages",
    labelNs: "admin-pages",
    permission: "pages.view",
    load: async () => (await import("./company-pages/pages-page")).AdminPagesPage,
  },
  {
    section: "blog",
    path: "blog",
    labelKey: "nav.blog",
    labelNs: "admin-blog",
    permission: "blog.view",
    load: async () => (await import("./blog/blog-page")).AdminBlogPage,
    nested: true,
  },
  {
    section: "settings",
    path: "settings",
    labelKey: "nav.settings",
    permission: "settings.view",
    load: async () => (await import("./settings/settings-page")).AdminSettingsPage,
  },
  {
    section: "commission",
    path: "commission",
    labelKey: "nav.commission",
    permission: "commission.view",
    load: async () => (await import("./commission/commission-page")).AdminCommissionPage,
  },
  {
    section: "payouts",
    path: "payouts",
    labelKey: "nav.payouts",
    labelNs: "admin-payouts",
    permission: "payouts.view",
    load: async () => (await import("./payouts/payouts-page")).PayoutsPage,
  },
  {
    section: "payout_accounts",
    path: "payout-accounts",
    labelKey: "nav.payoutAccounts",
    labelNs: "admin-payouts",
    permission: "payout_accounts.view",
    load: async () => (await import("./payouts/payout-accounts-page")).PayoutAccountsPage,
    nested: true,
  },
  {
    section: "roles",
    path: "roles",
    labelKey: "nav.roles",
    permission: "roles.view",
    load: async () => (await import("./roles/roles-page")).RolesPage,
  },
  {
    section: "audit",
    path: "audit",
    labelKey: "nav.audit",
    permission: "audit.view",
    load: async () => (await import("./people/audit-page")).AuditPage,
  },
  {
    section: "audit",
    path: "failed-jobs",
    labelKey: "nav.jobs",
    labelNs: "admin-people",
    permission: "audit.view",
    load: async () => (await import("./people/jobs-page")).FailedJobsPage,
  },
];

/**
 * Where /admin sends a user: the first of these sections whose page exists and that the user may
 * view (an attendant without the dashboard lands on the gate), else the first page of the nav.
 */
export const LANDING_ORDER: readonly AdminSection[] = [
  "dashboard",
  "gate",
  "pos",
  "bookings",
  "parks",
  "events",
  "plans",
  "orders",
  "marketplace",
  "staff",
  "customers",
  "transactions",
  "credit_balance",
  "reports",
  "inquiries",
  "roles",
  "audit",
  "deliveries",
  "vehicle_docs",
  "reviews",
  // Hiding reviews is an action of the Reviews page, not a page of its own.
  "review_moderation",
  "pages",
  // The fee tables are a tab of Vehicle Docs (/admin/vehicle-docs/fees), not a page of their own:
  // Vehicle Docs opens on them for who holds only vehicle_doc_fees.view.
  "vehicle_doc_fees",
  "blog",
  "settings",
  "settlements",
  "payouts",
  "payout_accounts",
  "commission",
  "claims",
];

/**
 * Attendants and cashiers work at the barrier: /admin opens the gate (or drive-up sales) for them
 * first; couriers open their deliveries; everyone else follows LANDING_ORDER (the dashboard first).
 */
export function landingOrderFor(role: string | undefined): readonly AdminSection[] {
  if (role === "delivery_boy") return ["deliveries", ...LANDING_ORDER.filter((s) => s !== "deliveries")];
  if (role !== "employee" && role !== "pos_operator") return LANDING_ORDER;
  const first: AdminSection[] = ["gate", "pos"];
  return [...first, ...LANDING_ORDER.filter((s) => !first.includes(s))];
}
