// The blog (issue #47, decision 034): Markdown rendered and sanitised so no XSS payload survives;
// a scheduled post hidden before its publish time and shown after it on the driven clock; slugs
// unique per language; readers' language with a marked fallback; search, category, paging; the
// back office's blog.* permissions; the Atom feed well-formed with its text escaped; the seed.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { BLOG_SLUG_MAX } from "@parkwell/contract";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { BLOG_SEED_POSTS } from "../../db/seed/blog";
import { renderMarkdown } from "../../lib/markdown";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";

const HOUR = 3_600_000;
// The driven clock starts at the machine's minute: the seed's posts (dated before the day the
// template was seeded) are in its past on any date the suite runs.
let now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const clock = () => now;
let ctx: TestContext;
let db: Db;
let dataDir: string;
let admin: TestUser;
let manager: TestUser;
let driver: TestUser;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-blog-"));
  ctx = await createTestContext({ DATA_DIR: dataDir }, { clock });
  db = ctx.database.db;
  admin = await createUser(db, { role: "admin", firstName: "Bola", lastName: "Ade" }, clock);
  manager = await createUser(db, { role: "branch_manager" }, clock);
  driver = await createUser(db, {}, clock);
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  user?: TestUser,
  payload?: object,
  lang = "en",
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(user ? bearer(user) : {}), "accept-language": lang },
    ...(payload ? { payload } : {}),
  });
}

let n = 0;
/** A post body in both languages with unique titles. */
function body(o: Record<string, unknown> = {}, md = "Some **text**.") {
  n += 1;
  return {
    status: "published",
    tags: ["Test"],
    en: { title: `Test post ${n}`, summary: `Summary ${n} in English`, body_md: md },
    fr: { title: `Article d'essai ${n}`, summary: `Résumé ${n} en français`, body_md: md },
    ...o,
  };
}

/** XSS payloads from the usual cheat sheets, each with what must not survive in the HTML. */
const PAYLOADS: string[] = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  "<img src=x onerror=alert(1)//",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click](java\tscript:alert(1))",
  "[click](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))",
  "[click](&#x6A;avascript:alert(1))",
  "[click](vbscript:msgbox(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  '![x](https://ok.example/a.png"onerror="alert(1))',
  '<a href="javascript:alert(1)">x</a>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  "<details open ontoggle=alert(1)>",
  "<body onload=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  "<form action=javascript:alert(1)><button>x</button></form>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<<script>script>alert(1)<</script>/script>",
  "<!--<script>-->alert(1)<!--</script>-->",
  "`<script>alert(1)</script>`",
  "[x](<javascript:alert(1)>)",
  "[x]: javascript:alert(1)\n\n[link][x]",
  '<https://ok.example/"onmouseover="alert(1)>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
];

/** The HTML has no element, attribute or URL a browser would run. */
function expectSafe(html: string) {
  // Every tag the HTML holds is one of the allow-list, with only its allowed attributes.
  const tags = [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)];
  const allowed = new Set(
    "p br hr h2 h3 h4 h5 h6 strong em del code pre blockquote ul ol li a img table thead tbody tr th td".split(
      " ",
    ),
  );
  for (const [, tag, attrs] of tags) {
    expect(allowed.has(tag!.toLowerCase()), `tag ${tag} in ${html}`).toBe(true);
    // The sanitiser writes every attribute as name="value" (a quote inside written &quot;).
    const rest = attrs!.replace(/\s([a-zA-Z-]+)="([^"]*)"/g, (_, name: string, value: string) => {
      expect(
        ["href", "src", "alt", "title", "rel", "target", "align", "start"],
        `${name} in ${html}`,
      ).toContain(name.toLowerCase());
      if (name === "href" || name === "src") expect(value, html).toMatch(/^(https?:|mailto:)/i);
      return "";
    });
    expect(rest.replace(/\s*\/?$/, ""), `attributes of ${tag} in ${html}`).toBe("");
  }
  expect(html).not.toMatch(
    /<script|<iframe|<svg|<style|<object|<embed|<math|<form|<input|<meta|<base|<details|<body/i,
  );
}

describe("Markdown to safe HTML", () => {
  it("renders Markdown: headings, emphasis, lists, links, tables", () => {
    const html = renderMarkdown(
      "# Title\n\n## Part\n\nA **bold** and _soft_ [link](https://parkwell.example/x).\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |",
    );
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<h2>Part</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>soft</em>");
    expect(html).toContain('href="https://parkwell.example/x"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<td>2</td>");
  });

  it.each(PAYLOADS)("leaves nothing runnable of %s", (payload) => {
    for (const md of [payload, `Text before\n\n${payload}\n\nText after`, `A line with ${payload} inside`]) {
      expectSafe(renderMarkdown(md));
    }
  });

  it("shows raw HTML as the text it is rather than dropping the writer's words", () => {
    expect(renderMarkdown("Use <b>bold</b> sparingly")).toBe("<p>Use &lt;b&gt;bold&lt;/b&gt; sparingly</p>");
  });

  it("keeps the preview and the saved post the same, and the preview needs blog.view", async () => {
    const md = PAYLOADS.join("\n\n");
    const res = await call("POST", "/admin/blog/preview", admin, { body_md: md });
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toBe(renderMarkdown(md));
    expectSafe(res.json().html);
    expect((await call("POST", "/admin/blog/preview", manager, { body_md: md })).statusCode).toBe(403);
  });

  it("stores the sanitised HTML of every payload and serves nothing else to readers", async () => {
    const md = PAYLOADS.join("\n\n");
    const res = await call("POST", "/admin/blog/posts", admin, body({}, md));
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expectSafe(post.en.html);
    expect(post.en.body_md).toBe(md);
    const read = await call("GET", `/blog/posts/${post.id}`);
    expect(read.statusCode).toBe(200);
    expectSafe(read.json().html);
    await call("DELETE", `/admin/blog/posts/${post.id}`, admin);
  });
});

describe("scheduled publishing on the clock", () => {
  it("hides a scheduled post until its publish time, then shows it with no job run", async () => {
    const at = new Date(now.getTime() + 2 * HOUR);
    const res = await call(
      "POST",
      "/admin/blog/posts",
      admin,
      body({ status: "scheduled", publish_at: at.toISOString() }),
    );
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post.status).toBe("scheduled");
    const slug = post.en.slug as string;
    const listed = async () =>
      (await call("GET", `/blog/posts?q=${encodeURIComponent(post.en.title)}`))
        .json()
        .items.map((p: { id: number }) => p.id);

    expect((await call("GET", `/blog/posts/${post.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/blog/posts/${slug}`)).statusCode).toBe(404);
    expect(await listed()).toEqual([]);
    expect((await call("GET", "/blog/feed.xml?lang=en")).body).not.toContain(post.en.title);

    now = new Date(at.getTime() - 1000);
    expect((await call("GET", `/blog/posts/${post.id}`)).statusCode).toBe(404);

    now = at;
    expect((await call("GET", `/blog/posts/${post.id}`)).statusCode).toBe(200);
    expect(await listed()).toEqual([post.id]);
    expect((await call("GET", "/blog/feed.xml?lang=en")).body).toContain(post.en.title);
    const staff = (await call("GET", `/admin/blog/posts/${post.id}`, admin)).json();
    expect(staff.status).toBe("published");
    now = new Date(now.getTime() + HOUR);
  });

  it("refuses a schedule in the past, a schedule without a time and a publication in the future", async () => {
    const past = new Date(now.getTime() - HOUR).toISOString();
    const future = new Date(now.getTime() + HOUR).toISOString();
    const a = await call("POST", "/admin/blog/posts", admin, body({ status: "scheduled", publish_at: past }));
    expect(a.statusCode).toBe(422);
    expect(a.json().fields.publish_at).toBe("A scheduled post's publish time must be in the future");
    const b = await call("POST", "/admin/blog/posts", admin, body({ status: "scheduled" }), "fr");
    expect(b.statusCode).toBe(422);
    expect(b.json().fields.publish_at).toBe("Un article programmé doit avoir son heure de publication");
    const c = await call(
      "POST",
      "/admin/blog/posts",
      admin,
      body({ status: "published", publish_at: future }),
    );
    expect(c.statusCode).toBe(422);
  });

  it("never shows a draft, and a draft published later appears from then", async () => {
    const res = await call("POST", "/admin/blog/posts", admin, body({ status: "draft" }));
    const post = res.json();
    expect(post.status).toBe("draft");
    expect(post.publish_at).toBeNull();
    expect((await call("GET", `/blog/posts/${post.id}`)).statusCode).toBe(404);
    const put = await call("PUT", `/admin/blog/posts/${post.id}`, admin, {
      status: "published",
      tags: [],
      en: { title: post.en.title, summary: "s", body_md: "b" },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().publish_at).toBe(now.toISOString());
    expect(put.json().fr).toBeNull();
    expect((await call("GET", `/blog/posts/${post.id}`)).statusCode).toBe(200);
  });
});

describe("slugs", () => {
  it("makes one from the title without accents, keeps each language's, and finds the post by either", async () => {
    const res = await call("POST", "/admin/blog/posts", admin, {
      status: "published",
      en: { title: "Parking at the Bell Centre: a guide!", summary: "s", body_md: "b" },
      fr: { title: "Se garer près du Centre Bell : le guide", summary: "s", body_md: "b" },
    });
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post.en.slug).toBe("parking-at-the-bell-centre-a-guide");
    expect(post.fr.slug).toBe("se-garer-pres-du-centre-bell-le-guide");
    const en = (await call("GET", `/blog/posts/${post.fr.slug}?lang=en`)).json();
    expect(en.id).toBe(post.id);
    expect(en.language).toBe("en");
    expect(en.versions).toEqual([
      { language: "en", slug: post.en.slug },
      { language: "fr", slug: post.fr.slug },
    ]);
    const again = await call("POST", "/admin/blog/posts", admin, {
      status: "draft",
      en: { title: "Parking at the Bell Centre: a guide!", summary: "s", body_md: "b" },
    });
    expect(again.json().en.slug).toBe("parking-at-the-bell-centre-a-guide-2");
  });

  it("finds a post by a slug as long as a slug may be (the router's limit is above it)", async () => {
    const slug = `${"parking-".repeat(14)}abcdefgh`;
    expect(slug).toHaveLength(BLOG_SLUG_MAX);
    const res = await call("POST", "/admin/blog/posts", admin, {
      status: "published",
      en: { title: "Long", slug, summary: "s", body_md: "b" },
    });
    expect(res.statusCode).toBe(201);
    const found = await call("GET", `/blog/posts/${slug}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().id).toBe(res.json().id);
  });

  it("refuses a written slug another post has in the same language (409), allows it in the other", async () => {
    const first = (
      await call(
        "POST",
        "/admin/blog/posts",
        admin,
        body({ en: { title: "A", slug: "same-slug", summary: "s", body_md: "b" } }),
      )
    ).json();
    const clash = await call("POST", "/admin/blog/posts", admin, {
      status: "draft",
      en: { title: "B", slug: "same-slug", summary: "s", body_md: "b" },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: "slug_taken",
      fields: { "en.slug": "That slug is already used by another post in this language" },
    });
    const other = await call("POST", "/admin/blog/posts", admin, {
      status: "draft",
      fr: { title: "B", slug: "same-slug", summary: "s", body_md: "b" },
    });
    expect(other.statusCode).toBe(201);
    // The post itself may keep its slug when changed.
    const keep = await call("PUT", `/admin/blog/posts/${first.id}`, admin, {
      status: "published",
      en: { title: "A again", slug: "same-slug", summary: "s", body_md: "b" },
    });
    expect(keep.statusCode).toBe(200);
    const bad = await call("POST", "/admin/blog/posts", admin, {
      status: "draft",
      en: { title: "C", slug: "Not A Slug", summary: "s", body_md: "b" },
    });
    expect(bad.statusCode).toBe(422);
  });

  it("needs at least one language", async () => {
    const res = await call("POST", "/admin/blog/posts", admin, { status: "draft", tags: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Write the post in English, French or both");
  });
});

describe("reading the blog", () => {
  it("lists the seed in the reader's language, newest first, with categories, in pages", async () => {
    const res = await call("GET", "/blog/posts?category=airports&size=10", undefined, undefined, "fr");
    expect(res.statusCode).toBe(200);
    const page = res.json();
    const airports = BLOG_SEED_POSTS.filter((p) => p.category === "airports");
    expect(page.total).toBe(airports.length);
    expect(page.items.map((p: { title: string }) => p.title)).toEqual(
      [...airports].sort((a, b) => a.published.daysAgo - b.published.daysAgo).map((p) => p.fr.title),
    );
    expect(page.items[0]).toMatchObject({
      language: "fr",
      fallback: false,
      category: { slug: "airports", name: "Aéroports" },
    });
    const p1 = (await call("GET", "/blog/posts?category=events&size=2&page=1")).json();
    const p2 = (await call("GET", "/blog/posts?category=events&size=2&page=2")).json();
    expect(p1.pages).toBe(2);
    expect(p2.items).toHaveLength(1);
    expect(new Set([...p1.items, ...p2.items].map((p: { id: number }) => p.id)).size).toBe(3);
  });

  it("searches titles and summaries, with LIKE's characters taken literally", async () => {
    const hits = (await call("GET", "/blog/posts?q=murtala")).json();
    expect(hits.items.map((p: { slug: string }) => p.slug)).toEqual([
      "parking-murtala-muhammed-airport-lagos",
    ]);
    expect((await call("GET", "/blog/posts?q=%25")).json().total).toBe(0);
  });

  it("falls back to the other language, marked, when the post has only that one", async () => {
    const fr = (
      await call("POST", "/admin/blog/posts", admin, {
        status: "published",
        fr: { title: "Seulement en français", summary: "Un résumé", body_md: "Texte" },
      })
    ).json();
    const item = (await call("GET", "/blog/posts?q=Seulement")).json().items[0];
    expect(item).toMatchObject({ id: fr.id, language: "fr", fallback: true });
    const one = (await call("GET", `/blog/posts/${fr.id}`)).json();
    expect(one).toMatchObject({
      fallback: true,
      share: { title: "Seulement en français", description: "Un résumé" },
    });
    // The English feed carries no French post.
    expect((await call("GET", "/blog/feed.xml?lang=en")).body).not.toContain("Seulement en français");
  });

  it("answers an unknown post, id or slug, with 404 in the reader's language", async () => {
    const res = await call("GET", "/blog/posts/no-such-post", undefined, undefined, "fr");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "post_not_found", message: "Article introuvable" });
    expect((await call("GET", "/blog/posts/99999999999")).statusCode).toBe(404);
    expect((await call("GET", "/blog/posts?lang=de")).statusCode).toBe(422);
  });

  it("lists the categories in the reader's language", async () => {
    const res = await call("GET", "/blog/categories?lang=fr");
    expect(res.json().items.map((c: { name: string }) => c.name)).toContain("Véhicules électriques");
  });
});

describe("the Atom feed", () => {
  it("is well-formed XML per language with every text escaped", async () => {
    const title = `Tom & Jerry's <b>"quotes"</b> ]]> \u0001`;
    const created = await call("POST", "/admin/blog/posts", admin, {
      status: "published",
      en: { title, summary: "a < b & c", body_md: "<script>alert(1)</script> & **ok**" },
    });
    expect(created.statusCode).toBe(201);
    for (const lang of ["en", "fr"]) {
      const res = await call("GET", `/blog/feed.xml?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
      expect(XMLValidator.validate(res.body)).toBe(true);
      const doc = new XMLParser({ ignoreAttributes: false, processEntities: true }).parse(res.body);
      expect(doc.feed["@_xml:lang"]).toBe(lang);
      const entries = [doc.feed.entry].flat();
      expect(entries.length).toBeGreaterThanOrEqual(9);
      if (lang === "fr")
        expect(entries.map((e: { title: string }) => e.title)).toContain(BLOG_SEED_POSTS[0]!.fr.title);
    }
    const en = (await call("GET", "/blog/feed.xml?lang=en")).body;
    expect(en).toContain(
      "<title>Tom &amp; Jerry&apos;s &lt;b&gt;&quot;quotes&quot;&lt;/b&gt; ]]&gt; </title>",
    );
    expect(en).not.toContain("<script>");
  });
});

describe("the back office", () => {
  it("needs blog.* (admin has it; a branch manager and a driver do not)", async () => {
    const post = (await call("POST", "/admin/blog/posts", admin, body())).json();
    for (const user of [manager, driver]) {
      expect((await call("GET", "/admin/blog/posts", user)).statusCode).toBe(403);
      expect((await call("GET", `/admin/blog/posts/${post.id}`, user)).statusCode).toBe(403);
      expect((await call("POST", "/admin/blog/posts", user, body())).statusCode).toBe(403);
      expect((await call("PUT", `/admin/blog/posts/${post.id}`, user, body())).statusCode).toBe(403);
      expect((await call("DELETE", `/admin/blog/posts/${post.id}`, user)).statusCode).toBe(403);
    }
    expect((await call("GET", "/admin/blog/posts")).statusCode).toBe(401);
  });

  it("grants exactly the action a role was given", async () => {
    await db.execute(sql`INSERT INTO role_permissions (role, permission) VALUES ('employee', 'blog.view'), ('employee', 'blog.create')
      ON CONFLICT DO NOTHING`);
    const writer = await createUser(db, { role: "employee" }, clock);
    const made = await call("POST", "/admin/blog/posts", writer, body({ status: "draft" }));
    expect(made.statusCode).toBe(201);
    expect((await call("GET", `/admin/blog/posts/${made.json().id}`, writer)).statusCode).toBe(200);
    expect((await call("PUT", `/admin/blog/posts/${made.json().id}`, writer, body())).statusCode).toBe(403);
    expect((await call("DELETE", `/admin/blog/posts/${made.json().id}`, writer)).statusCode).toBe(403);
    await db.execute(sql`DELETE FROM role_permissions WHERE role = 'employee' AND permission LIKE 'blog.%'`);
  });

  it("lists drafts, scheduled and published posts with their author, audits and deletes", async () => {
    const draft = (await call("POST", "/admin/blog/posts", admin, body({ status: "draft" }))).json();
    expect(draft.author).toBe("Bola Ade");
    const drafts = (await call("GET", "/admin/blog/posts?status=draft&size=100", admin)).json();
    expect(drafts.items.map((p: { id: number }) => p.id)).toContain(draft.id);
    expect(drafts.items.every((p: { status: string }) => p.status === "draft")).toBe(true);
    const del = await call("DELETE", `/admin/blog/posts/${draft.id}`, admin);
    expect(del.statusCode).toBe(204);
    expect((await call("GET", `/admin/blog/posts/${draft.id}`, admin)).statusCode).toBe(404);
    const audit = (await db.execute(
      sql`SELECT action FROM audit_log WHERE entity = 'blog_post' AND entity_id = ${String(draft.id)} ORDER BY id`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(["blog.create", "blog.delete"]);
  });

  it("refuses an unknown category and too many tags with 422", async () => {
    expect((await call("POST", "/admin/blog/posts", admin, body({ category_id: 999_999 }))).statusCode).toBe(
      422,
    );
    const tags = Array.from({ length: 11 }, (_, i) => `t${i}`);
    expect((await call("POST", "/admin/blog/posts", admin, body({ tags }))).statusCode).toBe(422);
  });

  it("takes a cover as a park photo is (re-encoded WebP), shows it to readers, replaces and removes it", async () => {
    const post = (await call("POST", "/admin/blog/posts", admin, body())).json();
    const cover = async (bytes: Buffer, user = admin) => {
      const form = new FormData();
      form.append("alt", "Cars at the gate");
      form.append("photo", new Blob([bytes]), "cover.jpg");
      const request = new Request("http://parkwell.test/", { method: "PUT", body: form });
      return ctx.app.inject({
        method: "PUT",
        url: `/api/v1/admin/blog/posts/${post.id}/cover`,
        headers: { ...bearer(user), "content-type": request.headers.get("content-type")! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };
    const png = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: { r: 9, g: 99, b: 199 } },
    })
      .png()
      .toBuffer();
    expect((await cover(png, manager)).statusCode).toBe(403);
    const res = await cover(png);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json().cover;
    expect(first).toMatchObject({ alt: "Cars at the gate" });
    expect(first.url).toMatch(new RegExp(`^/api/v1/uploads/blog/${post.id}/[0-9a-f-]{36}\\.webp$`));
    const served = await ctx.app.inject({ url: first.url });
    expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");
    expect((await call("GET", `/blog/posts/${post.id}`)).json().cover).toEqual(first);

    const bad = await cover(Buffer.from("not an image"));
    expect(bad.statusCode).toBe(422);
    const again = (await cover(png)).json().cover;
    expect(again.url).not.toBe(first.url);
    expect((await ctx.app.inject({ url: first.url })).statusCode).toBe(404);
    const removed = await call("DELETE", `/admin/blog/posts/${post.id}/cover`, admin);
    expect(removed.json().cover).toBeNull();
    expect((await ctx.app.inject({ url: again.url })).statusCode).toBe(404);
  });
});
