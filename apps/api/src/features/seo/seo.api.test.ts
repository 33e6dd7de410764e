// What search engines read (issue #48, decision 036): robots.txt keeps every account, checkout,
// sign-in and back-office route of the web app out and lets its public routes in; the sitemap
// index lists exactly the files its counts imply; the files together list every active park, and
// the public events, items and posts, once per language with their alternates, nothing a reader
// cannot see; each file is well-formed, within the protocol's limit, streamed by keyset batches.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ROOT } from "../../config";
import { queryRows, type Db } from "../../db/client";
import { createEvent } from "../../test/events";
import { servedCountries } from "../reference/served-countries";
import { createTestContext, withTestContext, type TestContext } from "../../test/harness";
import { PRIVATE_PREFIXES, PUBLIC_PAGES } from "./seo.paths";
import { sitemapFile, SITEMAP_KINDS, type SitemapKind } from "./seo.service";

const ORIGIN = "http://parkwell.test";
const DAY = 86_400_000;
const now = new Date("2026-11-20T12:00:00Z");
const clock = () => now;
/** Lowered so that a few hundred parks make several files, each read in several batches. */
const PAGES_PER_FILE = 40;
const BATCH = 15;

let ctx: TestContext;
let db: Db;
const fixtures = {
  deactivatedPark: "",
  unservedPark: "",
  closedPark: "",
  event: "",
  draftEvent: "",
  privateEvent: "",
  endedEvent: "",
  item: 0,
  inactiveItem: 0,
  bothPost: { en: "seo-both-en", fr: "seo-both-fr" },
  englishPost: "seo-english-only",
  scheduledPost: "seo-scheduled",
  draftPost: "seo-draft",
};

async function insertPost(
  status: string,
  publishAt: Date | null,
  versions: Partial<Record<"en" | "fr", string>>,
): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO blog_posts (tags, status, publish_at, author_name, created_at, updated_at)
      VALUES ('{}'::text[], ${status}, ${publishAt?.toISOString() ?? null}::timestamptz, 'Test',
        ${new Date(now.getTime() - 10 * DAY).toISOString()}::timestamptz, ${new Date(now.getTime() - 10 * DAY).toISOString()}::timestamptz)
      RETURNING id`,
  );
  for (const [language, slug] of Object.entries(versions)) {
    await db.execute(sql`INSERT INTO blog_post_versions (post_id, language, title, slug, summary, body_md, body_html)
      VALUES (${row!.id}, ${language}, ${`Post ${slug}`}, ${slug}, 'A summary', 'Text', '<p>Text</p>')`);
  }
}

beforeAll(async () => {
  ctx = await createTestContext({}, { clock, sitemap: { pagesPerFile: PAGES_PER_FILE, batch: BATCH } });
  db = ctx.database.db;
  const parks = await queryRows<{ slug: string }>(
    db,
    sql`SELECT slug FROM parks WHERE status = 'active' ORDER BY id LIMIT 2`,
  );
  fixtures.deactivatedPark = parks[0]!.slug;
  fixtures.closedPark = parks[1]!.slug;
  await db.execute(sql`UPDATE parks SET status = 'inactive' WHERE slug = ${fixtures.deactivatedPark}`);
  await db.execute(sql`UPDATE parks SET status = 'closed' WHERE slug = ${fixtures.closedPark}`);
  // A country with parks but no fees row is not served: its parks' pages are 404s.
  const [unserved] = await queryRows<{ country_id: number; slug: string }>(
    db,
    sql`SELECT country_id, min(slug) AS slug FROM parks WHERE status = 'active'
      GROUP BY country_id ORDER BY count(*), country_id LIMIT 1`,
  );
  fixtures.unservedPark = unserved!.slug;
  await db.execute(sql`DELETE FROM fees WHERE country_id = ${unserved!.country_id}`);
  servedCountries(db).invalidate();

  const soon = { start: new Date(now.getTime() + DAY), end: new Date(now.getTime() + DAY + 4 * 3_600_000) };
  fixtures.event = (await createEvent(db, soon)).code;
  fixtures.draftEvent = (await createEvent(db, { ...soon, status: "draft" })).code;
  fixtures.privateEvent = (await createEvent(db, { ...soon, accessCode: "SECRET-1" })).code;
  fixtures.endedEvent = (
    await createEvent(db, { start: new Date(now.getTime() - 2 * DAY), end: new Date(now.getTime() - DAY) })
  ).code;

  const items = await queryRows<{ id: number }>(
    db,
    sql`SELECT i.id FROM market_items i JOIN market_categories c ON c.id = i.category_id
      WHERE i.status = 'active' AND c.status = 'active' ORDER BY i.id LIMIT 2`,
  );
  fixtures.item = Number(items[0]!.id);
  fixtures.inactiveItem = Number(items[1]!.id);
  await db.execute(sql`UPDATE market_items SET status = 'inactive' WHERE id = ${fixtures.inactiveItem}`);

  await insertPost("published", new Date(now.getTime() - DAY), fixtures.bothPost);
  await insertPost("published", new Date(now.getTime() - DAY), { en: fixtures.englishPost });
  await insertPost("scheduled", new Date(now.getTime() + DAY), { en: fixtures.scheduledPost });
  await insertPost("draft", null, { en: fixtures.draftPost, fr: `${fixtures.draftPost}-fr` });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: "GET", url });

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  isArray: (name) => ["sitemap", "url", "xhtml:link"].includes(name),
});

interface ParsedUrl {
  loc: string;
  lastmod?: string;
  "xhtml:link": { rel: string; hreflang: string; href: string }[];
}

/** The index's file addresses. */
async function indexFiles(): Promise<string[]> {
  const res = await get("/sitemap.xml");
  expect(res.statusCode).toBe(200);
  expect(XMLValidator.validate(res.body)).toBe(true);
  const doc = parser.parse(res.body) as { sitemapindex: { sitemap: { loc: string }[] } };
  return doc.sitemapindex.sitemap.map((s) => s.loc);
}

/** A file's `<url>` entries, checked well-formed and within the protocol's limit. */
async function fileUrls(address: string): Promise<ParsedUrl[]> {
  const res = await get(address.replace(ORIGIN, ""));
  expect(res.statusCode, address).toBe(200);
  expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
  expect(XMLValidator.validate(res.body)).toBe(true);
  const doc = parser.parse(res.body) as { urlset: { url?: ParsedUrl[] } };
  const urls = doc.urlset.url ?? [];
  expect(urls.length).toBeLessThanOrEqual(50_000);
  expect(urls.length).toBeLessThanOrEqual(2 * PAGES_PER_FILE);
  return urls;
}

async function kindUrls(kind: SitemapKind): Promise<ParsedUrl[]> {
  const files = (await indexFiles()).filter((f) => f.startsWith(`${ORIGIN}/sitemaps/${kind}-`));
  return (await Promise.all(files.map(fileUrls))).flat();
}

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(db, query))[0]!.n);

// ------------------------------------------------------------------------------ robots.txt

/** RFC 9309's rule: the longest matching path wins, Allow on a tie; no rule allows. */
function allowed(robots: string, url: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split("\n")) {
    const match = /^(Allow|Disallow):\s*(\S+)$/.exec(line);
    if (!match) continue;
    const [, rule, prefix] = match;
    if (!url.startsWith(prefix!)) continue;
    const allow = rule === "Allow";
    if (prefix!.length > best.length || (prefix!.length === best.length && allow)) {
      best = { length: prefix!.length, allow };
    }
  }
  return best.allow;
}

const WEB_APP = path.resolve(API_ROOT, "../web/src/app");

interface WebRoute {
  path?: string;
  children?: WebRoute[];
}

/**
 * The route paths of one of the web app's route modules (the route objects themselves, imported:
 * a route added there is checked here), as addresses: a parameter or `*` filled in.
 */
async function routeAddresses(file: string, name: string): Promise<string[]> {
  const loaded = (await import(/* @vite-ignore */ path.join(WEB_APP, file))) as Record<string, WebRoute[]>;
  const walk = (routes: WebRoute[]): string[] =>
    routes.flatMap((r) => [...(r.path ? [r.path] : []), ...walk(r.children ?? [])]);
  return walk(loaded[name]!).map((p) => `/${p.replace(/:\w+/g, "x1").replace(/\*/g, "x1")}`);
}

/** router.tsx's own paths (home's second address, the search page): read from its text, since
 * importing it builds the browser's router. */
function routerAddresses(): string[] {
  const text = fs.readFileSync(path.join(WEB_APP, "router.tsx"), "utf8");
  return [...text.matchAll(/path: "([^"*]+)"/g)].map((m) => `/${m[1]!}`);
}

const publicAddresses = async () => [
  ...(await routeAddresses("public-routes.tsx", "publicRoutes")),
  ...routerAddresses(),
];

describe("robots.txt", () => {
  it("is plain text, names the sitemap index and disallows the private prefixes", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body.split("\n")).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const prefix of ["/api/", "/admin", "/wallet", "/bookings", "/checkout/", "/profile", "/auth"]) {
      expect(res.body.split("\n")).toContain(`Disallow: ${prefix}`);
      expect(PRIVATE_PREFIXES).toContain(prefix);
    }
  });

  it("keeps out every account, checkout, sign-in and back-office route of the web app", async () => {
    const robots = (await get("/robots.txt")).body;
    const privateRoutes = [
      ...(await routeAddresses("account-routes.tsx", "accountRoutes")),
      ...(await routeAddresses("auth-routes.tsx", "authRoutes")),
      ...(await routeAddresses("admin-routes.tsx", "adminRoutes")),
      "/admin",
      "/api/v1/me",
    ];
    // The modules were read: a change of their layout must not leave this test checking nothing.
    expect(privateRoutes).toEqual(
      expect.arrayContaining(["/bookings", "/checkout/x1", "/auth", "/admin/x1"]),
    );
    for (const address of privateRoutes) {
      expect(allowed(robots, address), `${address} is disallowed`).toBe(false);
      expect(allowed(robots, `${address}?lang=fr`), `${address}?lang=fr is disallowed`).toBe(false);
    }
  });

  it("lets in every public route of the web app and every page the sitemap lists", async () => {
    const robots = (await get("/robots.txt")).body;
    const publicRoutes = [...(await publicAddresses()), "/"];
    expect(publicRoutes).toEqual(expect.arrayContaining(["/park/x1", "/business-accounts", "/search"]));
    for (const address of [...publicRoutes, ...PUBLIC_PAGES, "/post/a-slug", "/marketplace/12"]) {
      expect(allowed(robots, address), `${address} is allowed`).toBe(true);
    }
  });

  it("lists every fixed public route of the web app in the sitemap, but those left out on purpose", async () => {
    const fixed = (await publicAddresses()).filter((a) => !a.includes("x1"));
    expect(fixed).toEqual(expect.arrayContaining(["/about", "/airport-parking", "/home", "/search"]));
    const leftOut = ["/home", "/how-it-works", "/offline", "/private-event-access", "/search"];
    const unlisted = fixed.filter(
      (a) => !PUBLIC_PAGES.includes(a) && !leftOut.includes(a) && !a.startsWith("/parking-types/"),
    );
    expect(unlisted).toEqual([]);
  });

  it("wins over the web app's fallback when the app is built", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-seo-web-"));
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Parkwell</title>");
    try {
      await withTestContext({ WEB_DIST_DIR: dist }, async (built) => {
        const page = await built.app.inject({ method: "GET", url: "/parks-list" });
        expect(page.body).toContain("<title>Parkwell</title>");
        const robots = await built.app.inject({ method: "GET", url: "/robots.txt" });
        expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
        expect(robots.body).toContain("Disallow: /admin");
        const index = await built.app.inject({ method: "GET", url: "/sitemap.xml" });
        expect(index.headers["content-type"]).toBe("application/xml; charset=utf-8");
        expect(index.body).toContain("<sitemapindex");
        const file = await built.app.inject({ method: "GET", url: "/sitemaps/pages-1.xml" });
        expect(file.body).toContain("<urlset");
        const missing = await built.app.inject({ method: "GET", url: "/sitemaps/parks-999999.xml" });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ code: "not_found" });
      });
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

// ------------------------------------------------------------------------------ sitemap

describe("the sitemap", () => {
  it("indexes exactly the files the counts imply", async () => {
    const res = await get("/sitemap.xml");
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    const counts: Record<SitemapKind, number> = {
      pages: PUBLIC_PAGES.length,
      parks: await count(
        sql`SELECT count(*)::int AS n FROM parks p WHERE p.status = 'active'
          AND EXISTS (SELECT 1 FROM fees f WHERE f.country_id = p.country_id)`,
      ),
      events: await count(
        sql`SELECT count(*)::int AS n FROM events WHERE status = 'published' AND visibility = 'public'
          AND end_time > ${now.toISOString()}::timestamptz`,
      ),
      items: await count(
        sql`SELECT count(*)::int AS n FROM market_items i JOIN market_categories c ON c.id = i.category_id
          WHERE i.status = 'active' AND c.status = 'active'`,
      ),
      posts: await count(
        sql`SELECT count(*)::int AS n FROM blog_posts WHERE status <> 'draft'
          AND publish_at <= ${now.toISOString()}::timestamptz`,
      ),
    };
    // Several files of parks, so the split between files is checked.
    expect(Math.ceil(counts.parks / PAGES_PER_FILE)).toBeGreaterThanOrEqual(3);
    const expected = SITEMAP_KINDS.flatMap((kind) =>
      Array.from(
        { length: Math.ceil(counts[kind] / PAGES_PER_FILE) },
        (_, i) => `${ORIGIN}/sitemaps/${kind}-${i + 1}.xml`,
      ),
    );
    expect(await indexFiles()).toEqual(expected);
  });

  it("lists every active park of a served country once per language with its alternates, and no other park", async () => {
    const urls = await kindUrls("parks");
    const active = await queryRows<{ slug: string }>(
      db,
      sql`SELECT slug FROM parks p WHERE status = 'active'
        AND EXISTS (SELECT 1 FROM fees f WHERE f.country_id = p.country_id)`,
    );
    expect(active.length).toBeGreaterThan(2 * PAGES_PER_FILE);
    const expected = new Set(
      active.flatMap((p) => ["en", "fr"].map((l) => `${ORIGIN}/park/${p.slug}?lang=${l}`)),
    );
    const listed = urls.map((u) => u.loc);
    expect(listed.length).toBe(expected.size);
    expect(new Set(listed)).toEqual(expected);
    for (const u of urls) {
      const bare = u.loc.replace(/\?lang=(en|fr)$/, "");
      expect(u["xhtml:link"]).toEqual([
        { rel: "alternate", hreflang: "en", href: `${bare}?lang=en` },
        { rel: "alternate", hreflang: "fr", href: `${bare}?lang=fr` },
        { rel: "alternate", hreflang: "x-default", href: bare },
      ]);
      expect(u.lastmod).toBeUndefined();
    }
    for (const slug of [fixtures.deactivatedPark, fixtures.closedPark, fixtures.unservedPark]) {
      expect(listed.some((l) => l.startsWith(`${ORIGIN}/park/${slug}?`))).toBe(false);
    }
    // What is listed is what the public park page shows; what it would not show is not listed.
    const first = /\/park\/([^?]+)\?/.exec(listed[0]!)![1]!;
    expect((await get(`/api/v1/front/parks/${first}`)).statusCode).toBe(200);
    // A deactivated park's page is gone (410), one of a country not served not found.
    expect((await get(`/api/v1/front/parks/${fixtures.deactivatedPark}`)).statusCode).toBe(410);
    expect((await get(`/api/v1/front/parks/${fixtures.unservedPark}`)).statusCode).toBe(404);
  });

  it("lists the fixed public pages in both languages", async () => {
    const listed = (await kindUrls("pages")).map((u) => u.loc);
    expect(listed).toContain(`${ORIGIN}/?lang=en`);
    expect(listed).toContain(`${ORIGIN}/parks-list?lang=fr`);
    expect(listed).toContain(`${ORIGIN}/airport-parking?lang=en`);
    expect(listed.length).toBe(2 * PUBLIC_PAGES.length);
  });

  it("lists the public events not ended, with their last change, and no draft, private or ended one", async () => {
    const urls = await kindUrls("events");
    const listed = urls.map((u) => u.loc);
    expect(listed).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/event/${fixtures.event}?lang=en`,
        `${ORIGIN}/event/${fixtures.event}?lang=fr`,
      ]),
    );
    expect(urls.find((u) => u.loc.includes(fixtures.event))!.lastmod).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
    );
    for (const code of [fixtures.draftEvent, fixtures.privateEvent, fixtures.endedEvent]) {
      expect(listed.some((l) => l.includes(`/event/${code}?`))).toBe(false);
    }
  });

  it("lists the marketplace's active items and not an inactive one", async () => {
    const listed = (await kindUrls("items")).map((u) => u.loc);
    expect(listed).toContain(`${ORIGIN}/marketplace/${fixtures.item}?lang=fr`);
    expect(listed).not.toContain(`${ORIGIN}/marketplace/${fixtures.inactiveItem}?lang=fr`);
  });

  it("lists each language version of a visible post by its own slug, alternates only for versions that exist", async () => {
    const urls = await kindUrls("posts");
    const en = urls.find((u) => u.loc === `${ORIGIN}/post/${fixtures.bothPost.en}?lang=en`);
    const fr = urls.find((u) => u.loc === `${ORIGIN}/post/${fixtures.bothPost.fr}?lang=fr`);
    const alternates = [
      { rel: "alternate", hreflang: "en", href: `${ORIGIN}/post/${fixtures.bothPost.en}?lang=en` },
      { rel: "alternate", hreflang: "fr", href: `${ORIGIN}/post/${fixtures.bothPost.fr}?lang=fr` },
      { rel: "alternate", hreflang: "x-default", href: `${ORIGIN}/post/${fixtures.bothPost.en}` },
    ];
    expect(en?.["xhtml:link"]).toEqual(alternates);
    expect(fr?.["xhtml:link"]).toEqual(alternates);
    // Its last change is its publication, later than its last edit.
    expect(en?.lastmod).toBe(new Date(now.getTime() - DAY).toISOString().replace(/\.\d{3}Z$/, "Z"));

    const english = urls.filter((u) => u.loc.includes(`/post/${fixtures.englishPost}`));
    expect(english.map((u) => u.loc)).toEqual([`${ORIGIN}/post/${fixtures.englishPost}?lang=en`]);
    expect(english[0]!["xhtml:link"].map((l) => l.hreflang)).toEqual(["en", "x-default"]);

    const listed = urls.map((u) => u.loc).join("\n");
    expect(listed).not.toContain(fixtures.scheduledPost);
    expect(listed).not.toContain(fixtures.draftPost);
    // As many addresses as the visible posts have versions.
    const versions = await count(
      sql`SELECT count(*)::int AS n FROM blog_post_versions v JOIN blog_posts p ON p.id = v.post_id
        WHERE p.status <> 'draft' AND p.publish_at <= ${now.toISOString()}::timestamptz`,
    );
    expect(urls.length).toBe(versions);
  });

  it("answers 404 for a file past the last, a number 0 and an unknown kind", async () => {
    const parkFiles = (await indexFiles()).filter((f) => f.includes("/parks-")).length;
    for (const name of [
      `parks-${parkFiles + 1}.xml`,
      "parks-0.xml",
      "people-1.xml",
      "parks-1.json",
      "parks-01.xml",
    ]) {
      const res = await get(`/sitemaps/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ code: "not_found" });
    }
    expect((await get(`/sitemaps/parks-${parkFiles}.xml`)).statusCode).toBe(200);
  });

  it("streams a file: one keyset read per batch, the reply sent as the batches come", async () => {
    let reads = 0;
    const counting = {
      execute: (query: Parameters<Db["execute"]>[0]) => {
        reads += 1;
        return db.execute(query);
      },
    } as unknown as Db;
    const deps = { db: counting, now, publicUrl: ORIGIN, pagesPerFile: PAGES_PER_FILE, batch: BATCH };
    const chunks = await sitemapFile(deps, "parks-2.xml");
    // The count and where the file starts are read first, so that a 404 can still be answered.
    expect(reads).toBe(2);
    const parts: string[] = [];
    for await (const chunk of chunks!) parts.push(chunk);
    // The head, ceil(40 / 15) = 3 batches, the tail; one query per batch.
    expect(parts.length).toBe(2 + Math.ceil(PAGES_PER_FILE / BATCH));
    expect(reads).toBe(2 + Math.ceil(PAGES_PER_FILE / BATCH));
    expect(parts.slice(1, -1).map((p) => p.match(/<url>/g)!.length)).toEqual([30, 30, 20]);

    const res = await get("/sitemaps/parks-2.xml");
    expect(res.body).toBe(parts.join(""));
    // A stream: no length known before the body is sent.
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers["transfer-encoding"]).toBe("chunked");
  });
});
