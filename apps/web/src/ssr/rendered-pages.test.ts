import { describe, expect, it } from "vitest";
import { isUnknownPath, routeTablePaths } from "../app/known-paths";
import { routes } from "../app/router";
import { isRenderedPath, render, renderKey, type RenderOptions } from "../entry-server";
import { ADMIN_PAGES } from "../features/admin/pages";

// Which addresses the server renders is decided by the web app's own routes (those made with
// `rendered` in app/public-routes.tsx); the API asks the bundle and sends index.html otherwise.
describe("the pages rendered on the server", () => {
  it("are the public pages: home, the lists, a park, an event, an item, the blog, the information pages", () => {
    for (const pathname of [
      "/",
      "/home",
      "/parks-list",
      "/park/ikeja-city-mall",
      "/park/PW-LAG-001/",
      "/airport-parking",
      "/parking-types/station-parking",
      "/events",
      "/event/EVT123",
      "/marketplace",
      "/marketplace/12",
      "/blog",
      "/post/un-article",
      "/about",
      "/terms",
      "/privacy-policy",
      "/cancellation-policy",
      "/how-parkwell-works",
      "/how-it-works",
      "/electric-vehicle-charging",
    ]) {
      expect(isRenderedPath(pathname), pathname).toBe(true);
    }
  });

  it("are not the account pages, the checkouts, the back office or the map", () => {
    for (const pathname of [
      "/wallet",
      "/bookings",
      "/checkout/PW-LAG-001",
      "/marketplace/checkout",
      "/booking/PW-LAG-001",
      "/admin",
      "/admin/parks",
      "/auth",
      "/search",
    ]) {
      expect(isRenderedPath(pathname), pathname).toBe(false);
    }
  });

  it("are the only pages kept by the API (a key), the others being index.html", () => {
    const key = (path: string) => renderKey(new Request(`http://parkwell.test${path}`));
    expect(key("/park/lekki")).not.toBeNull();
    expect(key("/")).not.toBeNull();
    expect(key("/wallet")).toBeNull();
    expect(key("/no-such-page")).toBeNull();
  });
});

describe("an address that moved", () => {
  it("/how-it-works is a 301 to /how-parkwell-works, its query kept, with no request to the API", async () => {
    const result = await render(new Request("http://parkwell.test/how-it-works?lang=fr"), {
      template: "",
      manifest: {},
      fetch: () => Promise.reject(new Error("no API request is expected")),
      origin: "http://parkwell.test",
    });
    expect(result).toMatchObject({ kind: "redirect", status: 301, location: "/how-parkwell-works?lang=fr" });
  });
});

/** A render with no API: the pages below ask it nothing but the layout's social links, which fail (no country cookie, no page loader). */
const OPTIONS: RenderOptions = {
  template:
    '<!doctype html><html lang="en"><head><title>Parkwell</title></head><body><div id="root"></div></body></html>',
  manifest: {},
  fetch: () => Promise.reject(new Error("no API request is expected")),
  origin: "http://parkwell.test",
};
const renderAt = (path: string, headers: Record<string, string> = {}) =>
  render(new Request(`http://parkwell.test${path}`, { headers }), OPTIONS);

describe("an address no route has", () => {
  const UNKNOWN = [
    "/no-such-page",
    "/blog/x",
    "/post/a/b",
    "/wallet/x/y",
    "/admin/no-such-page",
    "/admin/dashboard/x",
  ];

  it("is unknown, and a page of the route table is not", () => {
    for (const pathname of UNKNOWN) expect(isUnknownPath(routes, pathname), pathname).toBe(true);
    for (const pathname of ["/", "/wallet", "/park/x", "/admin", "/admin/parks/12/edit", "/search"]) {
      expect(isUnknownPath(routes, pathname), pathname).toBe(false);
    }
  });

  it("is rendered on the server: the not-found page with a 404, its title, in the visitor's language", async () => {
    for (const [headers, title, text] of [
      [{}, "Page not found", "The page you are looking for does not exist or has moved."],
      [{ "accept-language": "fr-FR" }, "Page introuvable", "La page que vous cherchez n&#x27;existe pas"],
    ] as const) {
      const result = await renderAt("/no-such-page", headers);
      expect(result).toMatchObject({ kind: "page", status: 404 });
      const html = result.kind === "page" ? result.html : "";
      expect(html).toContain(`<h1>${title}</h1>`);
      expect(html).toContain(text);
      expect(html).toMatch(new RegExp(`<title>${title} \\| Parkwell</title>`));
      // The page is the app's: its layout around it, in the shell the browser hydrates.
      expect(html).toContain('data-server-rendered=""');
      expect(html).toContain("<header");
    }
  });

  it("carries the footer's social links, the layout's loader having asked the API for them", async () => {
    const asked: string[] = [];
    const result = await render(new Request("http://parkwell.test/no-such-page"), {
      ...OPTIONS,
      fetch: (url) => {
        asked.push(url.pathname);
        if (!url.pathname.endsWith("/social-links")) return Promise.reject(new Error(`unexpected ${url}`));
        const links = {
          country_code: "DEFAULT",
          facebook: null,
          instagram: null,
          linkedin: null,
          twitter: "https://x.com/parkwell",
        };
        return Promise.resolve(Response.json({ items: [links] }));
      },
    });
    const html = result.kind === "page" ? result.html : "";
    expect(asked).toEqual(["/api/v1/social-links"]);
    expect(html).toContain("Follow Parkwell");
    expect(html).toContain('href="https://x.com/parkwell"');
    expect(result).toMatchObject({ unfilled: [] });
  });

  it("is never kept by the API (no key): made-up addresses would push the pages out", () => {
    expect(renderKey(new Request("http://parkwell.test/no-such-page"))).toBeNull();
    expect(renderKey(new Request("http://parkwell.test/about"))).not.toBeNull();
  });

  it("under /admin is the browser's page (the back office's) with a 404", async () => {
    for (const path of ["/admin/no-such-page", "/admin/dashboard/x"]) {
      expect(await renderAt(path), path).toEqual({ kind: "browser", status: 404 });
    }
    expect(await renderAt("/admin/parks/anything")).toEqual({ kind: "browser" });
  });
});

describe("every path of the route table", () => {
  /** A path of the table as an address: each parameter a sample value, a splat nothing. */
  const address = (path: string) => path.replace(/:\w+\??/g, "sample").replace(/\/\*$/, "/") || "/";
  const paths = routeTablePaths(routes);

  it("is read from the router's table: the public, signed-in and back-office ones", () => {
    for (const path of [
      "/",
      "/park/:slug",
      "/wallet",
      "/business/:id/wallet",
      "/auth",
      "/search",
      "/admin/*",
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.length).toBeGreaterThan(60);
  });

  it("is a known address (never the not-found page's 404), as is each page of the back office", () => {
    const addresses = [
      ...paths.map(address),
      ...ADMIN_PAGES.flatMap((page) => [
        `/admin/${page.path}`,
        ...(page.nested ? [`/admin/${page.path}/12`] : []),
      ]),
    ];
    for (const pathname of addresses) expect(isUnknownPath(routes, pathname), pathname).toBe(false);
  });

  it("answers a page of the browser's without a status of its own (index.html's 200)", async () => {
    for (const pathname of paths.map(address).filter((p) => !isRenderedPath(p))) {
      expect(await renderAt(pathname), pathname).toEqual({ kind: "browser" });
    }
  });
});
