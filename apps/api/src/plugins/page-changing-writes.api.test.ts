// Every back-office write either empties the cache of rendered pages (PAGE_CHANGING_WRITES,
// ./page-cache.ts) or is named here with why no kept page shows what it changes: a new admin write
// fails this test until someone decides which (the footer's social links were missed once, and a
// page kept its old links for its lifetime). The routes come from the app itself (admin.permit
// records every /api/v1/admin route: app.adminGuards), as the role x route test reads them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/harness";
import { ADMIN_PREFIX } from "./admin-access";
import { changesPages, PAGE_CHANGING_WRITES } from "./page-cache";

/**
 * The back office's writes that change nothing a kept page shows (decision 036: the public pages
 * rendered on the server, less the event and marketplace pages, which are never kept), each with
 * why. A write that does change one goes in PAGE_CHANGING_WRITES instead, with a test that a kept
 * page is rendered afresh after it (spa.api.test.ts).
 */
const CHANGES_NO_PAGE: Record<string, string> = {
  "PUT /api/v1/admin/roles/:role": "the back office's role matrix",
  "POST /api/v1/admin/staff/invitations": "a staff invitation",
  "POST /api/v1/admin/staff/invitations/:id/resend": "a staff invitation's mail",
  "DELETE /api/v1/admin/staff/invitations/:id": "a staff invitation",
  "PATCH /api/v1/admin/staff/:id":
    "a staff member's role and parks (a post keeps the author name it was written with)",
  "DELETE /api/v1/admin/staff/:id": "a staff member's access (a post keeps its author name)",
  "POST /api/v1/admin/customers/:id/disable": "a driver's sign-in (their reviews stay shown)",
  "POST /api/v1/admin/customers/:id/enable": "a driver's sign-in (their reviews stay shown)",
  "PUT /api/v1/admin/inquiries/:kind/:id/status": "an inquiry's follow-up, seen in the back office only",
  "POST /api/v1/admin/jobs/dead-letters/:id/redrive": "runs a failed job again (mails, renewals)",
  "PATCH /api/v1/admin/companies/:id":
    "a business account's credit limit or status; no public page names companies",
  "POST /api/v1/admin/checkins": "a stay at the gate: a park's page shows no spaces (asked in the browser)",
  "POST /api/v1/admin/checkouts": "a stay at the gate: a park's page shows no spaces (asked in the browser)",
  "POST /api/v1/admin/pos-sales": "a sale at the gate: a park's page shows no spaces (asked in the browser)",
  "POST /api/v1/admin/pos-sales/:code/close": "a sale at the gate: a park's page shows no spaces",
  "POST /api/v1/admin/pos-sales/:code/void": "a sale at the gate: a park's page shows no spaces",
  "PATCH /api/v1/admin/passes/:id": "a driver's pass (its space label)",
  "POST /api/v1/admin/vehicle-docs/requests/:code/stage": "a driver's document request",
  "POST /api/v1/admin/vehicle-docs/requests/:code/question": "a driver's document request",
  "POST /api/v1/admin/vehicle-docs/requests/:code/expiries": "a driver's document request",
  "POST /api/v1/admin/vehicle-docs/requests/:code/refund": "a driver's document request",
  "POST /api/v1/admin/vehicle-docs/requests/:code/files": "a driver's document request",
  "PUT /api/v1/admin/vehicle-docs/fees/:id":
    "the renewal page's prices: a page the browser renders, never kept",
  "PUT /api/v1/admin/vehicle-docs/service-charge": "the renewal page's prices: a page the browser renders",
  "PUT /api/v1/admin/vehicle-docs/insurers/:id": "the renewal page's insurers: a page the browser renders",
  "POST /api/v1/admin/orders/:orderCode/stage":
    "a driver's order (a cancellation's restock shows on the marketplace's pages, which are never kept)",
  "POST /api/v1/admin/orders/:orderCode/courier": "a driver's order",
  "POST /api/v1/admin/deliveries/:orderCode/picked-up": "a driver's order",
  "POST /api/v1/admin/deliveries/:orderCode/delivered": "a driver's order",
  "PUT /api/v1/admin/operators/:id/commission": "Parkwell's commission: shown in the back office only",
  "PUT /api/v1/admin/operators/:id/settlement-period": "an operator's statements: back office only",
  "PUT /api/v1/admin/commission/defaults": "Parkwell's commission: shown in the back office only",
  "POST /api/v1/admin/payout-accounts/resolve": "stores nothing: asks the bank for an account's name",
  "POST /api/v1/admin/payout-accounts": "an operator's payout account: back office only",
  "POST /api/v1/admin/payout-accounts/confirm": "an operator's payout account: back office only",
  "DELETE /api/v1/admin/payout-accounts/:id": "an operator's payout account: back office only",
  "POST /api/v1/admin/operators/:id/payout-hold": "an operator's payouts: back office only",
  "DELETE /api/v1/admin/operators/:id/payout-hold": "an operator's payouts: back office only",
  "POST /api/v1/admin/claims/:id/decision":
    "a driver's claim and its refund: the driver's and the back office's pages only",
  "POST /api/v1/admin/claims/:id/confirm":
    "a driver's claim confirmed at the gate, its refund or rebooking: the driver's and the back office's pages only",
  "POST /api/v1/admin/blog/preview":
    "stores nothing: renders the Markdown it is sent (WRITES_THAT_STORE_NOTHING)",
};

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** The back office's writes, as "METHOD /url" (the route's own pattern, `:id` and all). */
const adminWrites = () =>
  ctx.app.adminGuards.filter((r) => WRITES.has(r.method)).map((r) => `${r.method} ${r.url}`);

describe("the back office's writes and the cache of rendered pages", () => {
  it("knows the back office's writes", () => {
    expect(adminWrites().length).toBeGreaterThan(50);
  });

  it("each empties the cache (PAGE_CHANGING_WRITES) or is named as changing no kept page, not both", () => {
    const undecided: string[] = [];
    const both: string[] = [];
    for (const route of adminWrites()) {
      const url = route.slice(route.indexOf(" ") + 1);
      const listed = route in CHANGES_NO_PAGE;
      if (changesPages(url) && listed) both.push(route);
      else if (!changesPages(url) && !listed) undecided.push(route);
    }
    // A new admin write: add its prefix to PAGE_CHANGING_WRITES (page-cache.ts) if a public page
    // shows what it changes, else name it in CHANGES_NO_PAGE with why.
    expect(undecided, "admin writes in neither PAGE_CHANGING_WRITES nor CHANGES_NO_PAGE").toEqual([]);
    expect(both, "admin writes in both PAGE_CHANGING_WRITES and CHANGES_NO_PAGE").toEqual([]);
  });

  it("names no route the back office does not have, and each of the cache's admin prefixes has a write", () => {
    const writes = adminWrites();
    expect(Object.keys(CHANGES_NO_PAGE).filter((route) => !writes.includes(route))).toEqual([]);
    const prefixes = PAGE_CHANGING_WRITES.filter((p) => p.startsWith(`${ADMIN_PREFIX}/`));
    expect(prefixes.length).toBeGreaterThan(5);
    const unused = prefixes.filter((p) => !writes.some((w) => w.includes(` ${p}/`) || w.endsWith(` ${p}`)));
    expect(unused).toEqual([]);
  });

  it("reads every admin write: each of the OpenAPI document's is in the back office's table", async () => {
    const doc = (await ctx.app.inject({ url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(`${ADMIN_PREFIX}/`))
      .flatMap(([path, operations]) =>
        Object.keys(operations)
          .map((method) => method.toUpperCase())
          .filter((method) => WRITES.has(method))
          .map((method) => `${method} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
      );
    expect(documented.length).toBeGreaterThan(50);
    expect(documented.filter((route) => !adminWrites().includes(route))).toEqual([]);
  });
});
