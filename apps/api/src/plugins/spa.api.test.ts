// The web app served by the API: index.html for the pages the browser renders, and the pages the
// server renders (the bundle says which: its routes) through the web app's server bundle, with its status, its
// redirects, and index.html whenever its render fails. The bundle here is a stand-in with the
// real one's interface (apps/web/src/entry-server.tsx), so the plugin is tested without a web
// build; the real bundle is tested in the browser (e2e/ssr-park.e2e.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/harness";

const INDEX_HTML = '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';

/**
 * A server bundle that asks the API for the park through the fetch it is given (no network: the
 * test's app listens on no port) and renders its name, or acts out a redirect, a throw, a 500.
 */
const ENTRY = `
export async function render(request, { template, manifest, fetch }) {
  const url = new URL(request.url);
  // The stand-in renders /park/{slug} only (the real bundle: the routes made with \`rendered\`).
  if (!url.pathname.startsWith("/park/") || url.pathname.split("/").length !== 3) return { kind: "browser" };
  const slug = url.pathname.split("/")[2];
  if (slug === "old-name") return { kind: "redirect", status: 301, location: "/park/new-name", headers: {} };
  if (slug === "throws") throw new Error("a bug in a component");
  if (slug === "fails") return { kind: "page", status: 500, html: "<p>error page</p>", headers: {} };
  const res = await fetch(new URL("/api/v1/front/parks/" + slug, url.origin), {
    method: "GET",
    headers: { accept: "application/json", "accept-language": request.headers.get("accept-language") ?? "en" },
  });
  const park = res.ok ? await res.json() : null;
  const body = park ? "<h1>" + park.name + "</h1><p>" + park.description + "</p>" : "<h1>Page not found</h1>";
  return {
    kind: "page",
    status: res.status,
    html: template.replace('<div id="root"></div>', '<div id="root" data-server-rendered="">' + body + "</div>") +
      "<!-- manifest: " + Object.keys(manifest).join(",") + " -->",
    headers: { "content-language": "en" },
  };
}
`;

let ctx: TestContext;
let root: string;
let park: { slug: string; name: string };

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-spa-"));
  fs.mkdirSync(path.join(root, "dist", ".vite"), { recursive: true });
  fs.mkdirSync(path.join(root, "dist-server"));
  fs.writeFileSync(path.join(root, "dist", "index.html"), INDEX_HTML);
  fs.writeFileSync(
    path.join(root, "dist", ".vite", "manifest.json"),
    '{"index.html":{"file":"assets/x.js"}}',
  );
  fs.writeFileSync(path.join(root, "dist-server", "entry-server.js"), ENTRY);
  ctx = await createTestContext({ WEB_DIST_DIR: path.join(root, "dist") });
  const list = (await ctx.app.inject({ url: "/api/v1/parks/front/parks/?country=NG&size=1" })).json<{
    items: { slug: string; name: string }[];
  }>();
  park = list.items[0]!;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("pages rendered on the server", () => {
  it("renders a park's page with the API's answer, reached in the same process", async () => {
    const res = await ctx.app.inject({ url: `/park/${park.slug}`, headers: { "accept-language": "fr" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-language"]).toBe("en");
    expect(res.body).toContain(`<h1>${park.name}</h1>`);
    // The API answered in the language the page asked for (the seed's French description).
    expect(res.body).toMatch(/<p>[^<]*(Parking pour|Stationnement)/);
    // The browser build's manifest was handed over.
    expect(res.body).toContain("<!-- manifest: index.html -->");
    // The security headers every answer carries.
    expect(res.headers["content-security-policy"]).toBeDefined();
  });

  it("answers the render's status: 404 for a park that does not exist", async () => {
    const res = await ctx.app.inject({ url: "/park/no-such-park" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("<h1>Page not found</h1>");
  });

  it("sends the render's redirect", async () => {
    const res = await ctx.app.inject({ url: "/park/old-name?lang=fr" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/park/new-name");
  });

  it.each(["throws", "fails"])("sends index.html when the render %s (never a 500 page)", async (slug) => {
    const res = await ctx.app.inject({ url: `/park/${slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it("answers HEAD as GET, without a body", async () => {
    const res = await ctx.app.inject({ method: "HEAD", url: `/park/${park.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).toBe("");
  });

  it("leaves the pages the bundle does not render to the browser, and /api to the API", async () => {
    for (const url of [
      "/",
      "/wallet",
      `/park/${park.slug}/reviews`,
      "/checkout/x",
      "/admin",
      "/blog/x",
      "/post/a/b",
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
    const api = await ctx.app.inject({ url: "/api/v1/nothing-here" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: "not_found" });
  });
});
