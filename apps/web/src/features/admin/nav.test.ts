import { describe, expect, it } from "vitest";
import { landingPage, pageOfPath, visiblePages } from "./nav";
import { ADMIN_PAGES, LANDING_ORDER, landingOrderFor, type AdminPage } from "./pages";
import { ADMIN_ACTIONS, ADMIN_SECTIONS, can, hasBackOffice } from "./permissions";

const page = (section: AdminPage["section"]): AdminPage => ({
  section,
  path: section,
  labelKey: `nav.${section}`,
  permission: `${section}.view`,
  load: () => Promise.reject(new Error("not loaded in tests")),
});

const pages = [page("dashboard"), page("parks"), page("gate"), page("roles")];
const holder = (...permissions: string[]) => ({ permissions });

describe("permissions", () => {
  it("are section.action for the twenty-five sections and four actions", () => {
    expect(ADMIN_SECTIONS).toHaveLength(30);
    expect(ADMIN_ACTIONS).toEqual(["view", "create", "update", "delete"]);
  });

  it("are held only when listed, and nobody holds any before /admin/me answers", () => {
    expect(can(holder("parks.view"), "parks.view")).toBe(true);
    expect(can(holder("parks.view"), "parks.create")).toBe(false);
    expect(can(undefined, "parks.view")).toBe(false);
    expect(hasBackOffice(holder())).toBe(false);
    expect(hasBackOffice(holder("gate.view"))).toBe(true);
    expect(hasBackOffice(null)).toBe(false);
  });
});

describe("the back-office nav", () => {
  it("lists the pages whose view permission the user holds, in the pages' order", () => {
    expect(
      visiblePages(pages, holder("roles.view", "parks.view", "parks.create")).map((p) => p.path),
    ).toEqual(["parks", "roles"]);
    // Another action on a section does not show it.
    expect(visiblePages(pages, holder("gate.update"))).toEqual([]);
    expect(visiblePages(pages, undefined)).toEqual([]);
  });

  it("opens on the dashboard when allowed, else the first section of the landing order", () => {
    const order = ["dashboard", "gate", "parks", "roles"] as const;
    expect(landingPage(pages, order, holder("roles.view", "dashboard.view"))?.path).toBe("dashboard");
    expect(landingPage(pages, order, holder("roles.view", "gate.view", "parks.view"))?.path).toBe("gate");
    expect(landingPage(pages, order, holder("roles.view"))?.path).toBe("roles");
    expect(landingPage(pages, order, holder("audit.view"))).toBeUndefined();
  });

  it("falls back to the nav's first page for a section missing from the order", () => {
    expect(landingPage(pages, ["dashboard"], holder("roles.view", "parks.view"))?.path).toBe("parks");
  });

  it("finds the page a path belongs to", () => {
    expect(pageOfPath(pages, "/admin/parks/12")?.section).toBe("parks");
    expect(pageOfPath(pages, "/admin")).toBeUndefined();
    expect(pageOfPath(pages, "/admin/nope")).toBeUndefined();
  });

  it("has one line per page: known sections, unique paths, every section in the landing order", () => {
    const paths = ADMIN_PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of ADMIN_PAGES) {
      expect(ADMIN_SECTIONS).toContain(p.section);
      expect(p.path).toMatch(/^[a-z0-9-]+$/);
    }
    expect([...LANDING_ORDER].sort()).toEqual([...ADMIN_SECTIONS].sort());
  });

  it("shows the marketplace, orders and deliveries to who holds them; a courier lands on deliveries", () => {
    const courier = holder("deliveries.view", "deliveries.update");
    expect(visiblePages(ADMIN_PAGES, courier).map((p) => p.path)).toEqual(["deliveries"]);
    expect(landingPage(ADMIN_PAGES, landingOrderFor("delivery_boy"), courier)?.path).toBe("deliveries");
    const shop = holder("marketplace.view", "orders.view");
    expect(visiblePages(ADMIN_PAGES, shop).map((p) => p.path)).toEqual(["marketplace", "orders"]);
    expect(landingPage(ADMIN_PAGES, LANDING_ORDER, shop)?.path).toBe("orders");
  });

  it("shows Reviews to who may view them; hiding is an action there, not a page", () => {
    const manager = holder("reviews.view", "reviews.update");
    expect(visiblePages(ADMIN_PAGES, manager).map((p) => p.path)).toEqual(["reviews"]);
    expect(landingPage(ADMIN_PAGES, LANDING_ORDER, manager)?.path).toBe("reviews");
    expect(visiblePages(ADMIN_PAGES, holder("review_moderation.update"))).toEqual([]);
  });

  it("shows Claims to who may view them; deciding is an action there, not a page", () => {
    const agent = holder("claims.view", "claims.update");
    expect(visiblePages(ADMIN_PAGES, agent).map((p) => p.path)).toEqual(["claims"]);
    expect(landingPage(ADMIN_PAGES, LANDING_ORDER, agent)?.path).toBe("claims");
    expect(visiblePages(ADMIN_PAGES, holder("claims.update"))).toEqual([]);
  });

  it("shows Vehicle Docs to who may view the requests or only the fee tables", () => {
    const agent = holder("vehicle_docs.view", "vehicle_doc_fees.view");
    expect(visiblePages(ADMIN_PAGES, agent).map((p) => p.path)).toEqual(["vehicle-docs"]);
    expect(landingPage(ADMIN_PAGES, LANDING_ORDER, agent)?.path).toBe("vehicle-docs");
    const pricing = holder("vehicle_doc_fees.view", "vehicle_doc_fees.update");
    expect(visiblePages(ADMIN_PAGES, pricing).map((p) => p.path)).toEqual(["vehicle-docs"]);
    expect(landingPage(ADMIN_PAGES, LANDING_ORDER, pricing)?.path).toBe("vehicle-docs");
    expect(visiblePages(ADMIN_PAGES, holder("vehicle_docs.update"))).toEqual([]);
    expect(visiblePages(ADMIN_PAGES, holder("vehicle_doc_fees.update"))).toEqual([]);
  });

  it("shows the Blog to who may view its posts; writing and deleting are actions there, not pages", () => {
    const writer = holder("blog.view", "blog.create", "blog.update");
    expect(visiblePages(ADMIN_PAGES, writer).map((p) => p.path)).toEqual(["blog"]);
    expect(landingPage(ADMIN_PAGES, LANDING_ORDER, writer)?.path).toBe("blog");
    expect(visiblePages(ADMIN_PAGES, holder("blog.create", "blog.delete"))).toEqual([]);
  });

  it("opens the gate first for attendants and cashiers, the dashboard for everyone else", () => {
    expect(landingOrderFor("employee").slice(0, 2)).toEqual(["gate", "pos"]);
    expect(landingOrderFor("pos_operator")[0]).toBe("gate");
    expect(landingOrderFor("branch_manager")[0]).toBe("dashboard");
    expect(landingOrderFor("delivery_boy")[0]).toBe("deliveries");
    expect([...landingOrderFor("delivery_boy")].sort()).toEqual([...LANDING_ORDER].sort());
    expect([...landingOrderFor("employee")].sort()).toEqual([...LANDING_ORDER].sort());
  });
});
