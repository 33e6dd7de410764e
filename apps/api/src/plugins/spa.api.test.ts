// The web app served by the API: index.html for the pages the browser renders, and the pages the
// server renders (the bundle says which: its routes) through the web app's server bundle, with its status, its
// redirects, and index.html whenever its render fails. The bundle here is a stand-in with the
// real one's interface (apps/web/src/entry-server.tsx), so the plugin is tested without a web
// build; the real bundle is tested in the browser (e2e/ssr-park.e2e.ts). Rendered pages are kept
// (./page-cache.ts): the stand-in counts its renders, and the app's clock is the test's.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createStaff } from "../test/factories";
import { createTestContext, type TestContext } from "../test/harness";
import { startSession } from "../features/sessions/sessions.service";
import { PAGE_LIFETIME_MS } from "./page-cache";

/** The built index.html: its first script inline (allowed by its hash), the app's a file. */
const FIRST_SCRIPT = 'document.cookie = "language=fr; path=/";';
const INDEX_HTML =
  `<!doctype html><html lang="en"><head><script>${FIRST_SCRIPT}</script>` +
  '<script type="module" src="/assets/x.js"></script></head><body><div id="root"></div></body></html>';

/**
 * A server bundle that asks the API for the park through the fetch it is given (no network: the
 * test's app listens on no port) and renders its name, or acts out a redirect, a throw, a 500, a
 * visitor's own cookie. An address under /nowhere is one no route has: its not-found page, with a
 * 404, in the language of Accept-Language, and no key (the real bundle's `*` route); one under
 * /admin/nowhere is one the back office does not have: the browser's, with a 404. Its key is the address, the language (\`?lang=\`, else the first two letters
 * of Accept-Language) and the country cookie (none for /park/live); it counts its renders in
 * globalThis.spaTestRenders.
 */
const ENTRY = `
export const SHARED_COOKIES = ["language"];
export function renderKey(request) {
  const url = new URL(request.url);
  if (url.pathname === "/park/live" || !url.pathname.startsWith("/park/")) return null;
  const language = url.searchParams.get("lang") ?? (request.headers.get("accept-language") ?? "en").slice(0, 2);
  const country = /(?:^|; )country=([^;]*)/.exec(request.headers.get("cookie") ?? "");
  return language + "|" + (country ? "=" + country[1] : "") + "|" + url.pathname + url.search;
}
const NOT_FOUND = { en: "Page not found", fr: "Page introuvable" };
export async function render(request, { template, manifest, fetch }) {
  globalThis.spaTestRenders = (globalThis.spaTestRenders ?? 0) + 1;
  const url = new URL(request.url);
  if (url.pathname.startsWith("/admin/nowhere")) return { kind: "browser", status: 404 };
  if (url.pathname.startsWith("/nowhere")) {
    const language = (request.headers.get("accept-language") ?? "en").startsWith("fr") ? "fr" : "en";
    const page = "<title>" + NOT_FOUND[language] + " | Parkwell</title><h1>" + NOT_FOUND[language] + "</h1>";
    return {
      kind: "page",
      status: 404,
      html: template.replace('<div id="root"></div>', '<div id="root" data-server-rendered="">' + page + "</div>"),
      headers: { "content-language": language },
    };
  }
  // The stand-in renders /park/{slug} only (the real bundle: the routes made with \`rendered\`).
  if (!url.pathname.startsWith("/park/") || url.pathname.split("/").length !== 3) return { kind: "browser" };
  const slug = url.pathname.split("/")[2];
  const headers = { "content-language": "en" };
  if (url.searchParams.has("lang")) headers["set-cookie"] = "language=" + url.searchParams.get("lang") + "; Path=/";
  if (slug === "own-cookie") headers["set-cookie"] = "session=mine; Path=/";
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
    headers,
  };
}
`;

/** The stand-in bundle's renders so far. */
const renders = () => (globalThis as { spaTestRenders?: number }).spaTestRenders ?? 0;

let ctx: TestContext;
let root: string;
let park: { id: number; slug: string; park_code: string; name: string };
let now = new Date("2027-01-04T08:00:00Z");

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
  ctx = await createTestContext({ WEB_DIST_DIR: path.join(root, "dist") }, { clock: () => now });
  const list = (await ctx.app.inject({ url: "/api/v1/parks/front/parks/?country=NG&size=1" })).json<{
    items: (typeof park)[];
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

  it("allows index.html's inline script by the hash of its bytes, and no other inline script", async () => {
    const hash = createHash("sha256").update(FIRST_SCRIPT).digest("base64");
    for (const url of [`/park/${park.slug}`, "/bookings", "/api/v1/countries"]) {
      const csp = String((await ctx.app.inject({ url })).headers["content-security-policy"]);
      const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src "))!;
      expect(
        scriptSrc.split(" ").filter((s) => s.startsWith("'sha256-")),
        url,
      ).toEqual([`'sha256-${hash}'`]);
      expect(scriptSrc, url).not.toContain("unsafe-inline");
    }
  });

  it("sends the page compressed as the browser accepts it, brotli first, the same page", async () => {
    const url = `/park/${park.slug}?compressed=1`;
    const plain = await ctx.app.inject({ url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(String(plain.headers.vary)).toContain("accept-encoding");
    const br = await ctx.app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const gzip = await ctx.app.inject({ url, headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const refused = await ctx.app.inject({ url, headers: { "accept-encoding": "*;q=0, identity" } });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body).toBe(plain.body);
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

describe("an address no route of the web app has", () => {
  it("answers 404 with the bundle's not-found page, in the visitor's language, never index.html's 200", async () => {
    for (const [language, title] of [
      ["en", "Page not found"],
      ["fr-FR,fr;q=0.9", "Page introuvable"],
    ] as const) {
      const res = await ctx.app.inject({
        url: "/nowhere/at-all?x=1",
        headers: { "accept-language": language },
      });
      expect(res.statusCode, language).toBe(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain(`<title>${title} | Parkwell</title><h1>${title}</h1>`);
      // The app's shell around it: index.html's scripts, which hydrate the page.
      expect(res.body).toContain('<script type="module" src="/assets/x.js"></script>');
      expect(res.headers.etag).toBeUndefined();
    }
    const head = await ctx.app.inject({ method: "HEAD", url: "/nowhere" });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe("");
  });

  it("renders the not-found page every time: the bundle gives it no key, so none is kept", async () => {
    const before = renders();
    await ctx.app.inject({ url: "/nowhere/kept" });
    await ctx.app.inject({ url: "/nowhere/kept" });
    expect(renders() - before).toBe(2);
  });

  it("sends index.html with the bundle's 404 for a page of the browser's no route has (under /admin)", async () => {
    const res = await ctx.app.inject({ url: "/admin/nowhere" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(INDEX_HTML);
  });

  it("leaves /api's and a missing build file's 404 as they were: JSON, not a page", async () => {
    for (const url of ["/api/v1/unknown", "/api", "/assets/gone-after-a-deploy.js"]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: "not_found" });
    }
  });
});

describe("the cache of rendered pages", () => {
  /** A park page's answer, and how many renders it took. */
  async function page(url: string, headers: Record<string, string> = {}) {
    const before = renders();
    const res = await ctx.app.inject({ url, headers });
    return { res, rendered: renders() - before };
  }
  /** A page's own address: each test its own, so none finds another's page kept. */
  let n = 0;
  const fresh = () => `/park/${park.park_code}?t=${++n}`;

  it("serves a page again without rendering it, with its ETag, and 304 when the browser has it", async () => {
    const url = fresh();
    const first = await page(url);
    expect(first.rendered).toBe(1);
    expect(first.res.statusCode).toBe(200);
    expect(first.res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    const second = await page(url);
    expect(second.rendered).toBe(0);
    expect(second.res.body).toBe(first.res.body);
    expect(second.res.headers["cache-control"]).toBe("no-cache");
    expect(second.res.headers.etag).toBe(first.res.headers.etag);

    const revalidated = await page(url, { "if-none-match": String(first.res.headers.etag) });
    expect(revalidated.res.statusCode).toBe(304);
    expect(revalidated.res.body).toBe("");
    expect(revalidated.rendered).toBe(0);
    const changed = await page(url, { "if-none-match": 'W/"something-else"' });
    expect(changed.res.statusCode).toBe(200);
  });

  it("renders again for another language or country, and keeps each", async () => {
    const url = fresh();
    expect((await page(url)).rendered).toBe(1);
    expect((await page(url, { "accept-language": "fr-FR" })).rendered).toBe(1);
    expect((await page(url, { cookie: "country=CA" })).rendered).toBe(1);
    expect((await page(url, { cookie: "country=GH" })).rendered).toBe(1);
    expect((await page(`${url}&lang=fr`)).rendered).toBe(1);
    // Each is kept under its own key.
    expect((await page(url, { "accept-language": "fr-FR" })).rendered).toBe(0);
    expect((await page(url, { cookie: "other=1; country=CA" })).rendered).toBe(0);
    expect((await page(url, { cookie: "country=GH" })).rendered).toBe(0);
    expect((await page(url)).rendered).toBe(0);
  });

  it("keeps a page setting the language cookie ?lang= asks for, never one setting a visitor's own", async () => {
    const url = `${fresh()}&lang=fr`;
    await page(url);
    const again = await page(url);
    expect(again.rendered).toBe(0);
    expect(again.res.headers["set-cookie"]).toBe("language=fr; Path=/");

    expect((await page("/park/own-cookie")).rendered).toBe(1);
    expect((await page("/park/own-cookie")).rendered).toBe(1);
  });

  it("renders every time a page the bundle gives no key (one showing live counts)", async () => {
    expect((await page("/park/live")).rendered).toBe(1);
    expect((await page("/park/live")).rendered).toBe(1);
  });

  it("sends a page it does not keep compressed as the request accepts it (only that encoding is made)", async () => {
    const plain = await page("/park/live");
    expect(plain.res.headers["content-encoding"]).toBeUndefined();
    const br = await page("/park/live", { "accept-encoding": "gzip, deflate, br" });
    expect(br.res.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.res.rawPayload).toString()).toBe(plain.res.body);
    const gzip = await page("/park/live", { "accept-encoding": "br;q=0, gzip" });
    expect(gzip.res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.res.rawPayload).toString()).toBe(plain.res.body);
    expect(gzip.res.headers.vary).toContain("accept-encoding");
  });

  it("keeps a 404 and a redirect, never a failed render", async () => {
    expect((await page("/park/no-such-park?t=cache")).res.statusCode).toBe(404);
    expect((await page("/park/no-such-park?t=cache")).rendered).toBe(0);
    expect((await page("/park/old-name?t=cache")).res.statusCode).toBe(301);
    expect((await page("/park/old-name?t=cache")).rendered).toBe(0);
    for (const slug of ["throws", "fails"]) {
      expect((await page(`/park/${slug}`)).res.body).toBe(INDEX_HTML);
      expect((await page(`/park/${slug}`)).rendered).toBe(1);
    }
  });

  it("renders a page again once its lifetime has passed on the app's clock", async () => {
    const url = fresh();
    await page(url);
    now = new Date(now.getTime() + PAGE_LIFETIME_MS - 1);
    expect((await page(url)).rendered).toBe(0);
    now = new Date(now.getTime() + 1);
    expect((await page(url)).rendered).toBe(1);
  });

  it("renders the park's page afresh once the back office has edited the park", async () => {
    const admin = await createStaff(ctx.database.db, "admin");
    const auth = bearer({ token: (await startSession(ctx.database.db, () => now, admin.id)).token });
    const url = fresh();
    expect((await page(url)).res.body).toContain(`<h1>${park.name}</h1>`);
    expect((await page(url)).rendered).toBe(0);

    // A refused edit changes nothing: the page stays kept.
    const refused = await ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/admin/parks/${park.id}`,
      headers: auth,
      payload: { name: 5 },
    });
    expect(refused.statusCode).toBe(422);
    expect((await page(url)).rendered).toBe(0);

    const edited = await ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/admin/parks/${park.id}`,
      headers: auth,
      payload: { name: "Renamed by the back office" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await page(url);
    expect(after.rendered).toBe(1);
    expect(after.res.body).toContain("<h1>Renamed by the back office</h1>");
  });

  it("renders pages afresh once the back office has changed the footer's social links", async () => {
    const admin = await createStaff(ctx.database.db, "admin");
    const auth = bearer({ token: (await startSession(ctx.database.db, () => now, admin.id)).token });
    const url = fresh();
    await page(url);
    expect((await page(url)).rendered).toBe(0);
    const changed = await ctx.app.inject({
      method: "PUT",
      url: "/api/v1/admin/social-links/DEFAULT",
      headers: auth,
      payload: { twitter: "https://x.com/parkwell_news" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await page(url)).rendered).toBe(1);
  });

  it("keeps its pages when an editor previews a draft post, which stores nothing", async () => {
    const admin = await createStaff(ctx.database.db, "admin");
    const auth = bearer({ token: (await startSession(ctx.database.db, () => now, admin.id)).token });
    const url = fresh();
    await page(url);
    const preview = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/blog/preview",
      headers: auth,
      payload: { body_md: "# A draft" },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect((await page(url)).rendered).toBe(0);
  });
});
