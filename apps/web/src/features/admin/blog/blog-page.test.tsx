// @vitest-environment happy-dom
import { AdminBlogPostPageSchema, AdminBlogPostSchema, BlogCategoryListSchema } from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminMe } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { AdminBlogPage } from "./blog-page";
import { browserTimeZone, formatZonedDateTime } from "../../../lib/zoned-time";

const version = (title: string, slug: string) => ({
  title,
  slug,
  summary: `${title}: the summary`,
  body_md: `## ${title}\n\nText.`,
  html: `<h2>${title}</h2><p>Text.</p>`,
});
const category = { id: 2, slug: "guides", name: "Guides" };
/** Two posts as GET /admin/blog/posts answers them: one in both languages, one only in English. */
const both = AdminBlogPostSchema.parse({
  id: 11,
  status: "published",
  publish_at: "2026-11-20T09:00:00.000Z",
  category,
  tags: ["lagos", "events"],
  cover: null,
  author: "Demo Admin",
  en: version("Parking at the stadium", "parking-at-the-stadium"),
  fr: version("Se garer au stade", "se-garer-au-stade"),
  created_at: "2026-11-19T10:00:00.000Z",
  updated_at: "2026-11-19T10:00:00.000Z",
});
const englishOnly = AdminBlogPostSchema.parse({
  ...both,
  id: 12,
  status: "draft",
  publish_at: null,
  category: null,
  tags: [],
  author: "Ada Obi",
  fr: null,
  en: version("Monthly plans explained", "monthly-plans-explained"),
});
const list = AdminBlogPostPageSchema.parse({
  items: [both, englishOnly],
  total: 2,
  page: 1,
  size: 10,
  pages: 1,
});
const categories = BlogCategoryListSchema.parse({ items: [category] });

function blogApi(permissions: string[]) {
  return new FakeApi()
    .on("GET /admin/me", { json: adminMe(permissions) })
    .on("GET /admin/blog/posts", { json: list })
    .on("GET /admin/blog/posts/11", { json: both })
    .on("GET /blog/categories", { json: categories });
}

const render = (api: FakeApi, route: string, language: "en" | "fr" = "en") =>
  renderWithApp(
    <Routes>
      <Route path="/admin/blog/*" element={<AdminBlogPage />} />
    </Routes>,
    { api, route, language },
  );

afterEach(() => vi.restoreAllMocks());

describe("the back office's blog posts", () => {
  it("lists the posts in the staff's language (else the other), filters them by status and words", async () => {
    const api = blogApi(["blog.view", "blog.create"]);
    await render(api, "/admin/blog", "fr");
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    // The French title where there is one; the English one for the post written only in English.
    expect(within(rows[1]!).getByRole("link", { name: "Se garer au stade" })).toBeTruthy();
    expect(rows[1]!.textContent).toContain("Publié");
    expect(rows[1]!.textContent).toContain("Guides");
    expect(rows[1]!.textContent).toContain("Anglais, Français");
    // The publish time on the staff's clock, its zone named once.
    const shown = formatZonedDateTime("2026-11-20T09:00:00.000Z", "fr", browserTimeZone());
    expect(within(rows[1]!).getByText(shown)).toBeTruthy();
    expect(within(rows[2]!).getByRole("link", { name: "Monthly plans explained" })).toBeTruthy();
    expect(rows[2]!.textContent).toContain("Brouillon");
    expect(rows[2]!.textContent).toContain("Ada Obi");
    expect(screen.getByRole("link", { name: "Nouvel article" }).getAttribute("href")).toBe("/admin/blog/new");

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Statut" }), "scheduled");
    await userEvent.type(
      screen.getByRole("textbox", { name: "Rechercher dans les titres et résumés" }),
      "stade",
    );
    await userEvent.click(screen.getByRole("button", { name: "Appliquer" }));
    await waitFor(() => expect(api.callsTo("GET /admin/blog/posts").length).toBeGreaterThan(1));
    const last = api.callsTo("GET /admin/blog/posts").at(-1)!.query;
    expect(last.get("status")).toBe("scheduled");
    expect(last.get("q")).toBe("stade");
    expect(last.get("page")).toBe("1");
  });

  it("writes a new post: the form's own checks, then the API's slug_taken at the French slug, the input kept", async () => {
    // The staff's browser is in Lagos: the publish time typed is read on its clock (decision 034).
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: "Africa/Lagos" };
    });
    const taken = "This slug is already used by another post in this language.";
    const api = blogApi(["blog.view", "blog.create"]).on("POST /admin/blog/posts", {
      status: 409,
      json: { code: "slug_taken", message: taken, fields: { "fr.slug": taken } },
    });
    await render(api, "/admin/blog/new");
    await screen.findByRole("heading", { level: 1, name: "New post" });
    expect(screen.getByText(/Africa\/Lagos/)).toBeTruthy();
    const [enTitle, frTitle] = screen.getAllByRole("textbox", { name: "Title" });
    const [enSummary, frSummary] = screen.getAllByRole("textbox", { name: "Summary" });
    const [enBody, frBody] = screen.getAllByRole("textbox", { name: /^Text \(Markdown\)/ });
    const frSlug = screen.getAllByRole("textbox", { name: /^Slug/ })[1]!;

    // An English title without its summary and text: the form says so and sends nothing.
    await userEvent.type(enTitle!, "Parking for the match");
    await userEvent.click(screen.getByRole("button", { name: "Create the post" }));
    expect(await screen.findAllByText("This field is required!")).toHaveLength(2);
    expect(enSummary!.getAttribute("aria-invalid")).toBe("true");
    expect(api.callsTo("POST /admin/blog/posts")).toHaveLength(0);

    await userEvent.type(enSummary!, "Where to leave the car.");
    await userEvent.type(enBody!, "## Arrive early\n\n**Gates** open at 5 pm.");
    await userEvent.type(frTitle!, "Se garer pour le match");
    await userEvent.type(frSlug, "se-garer-au-stade");
    await userEvent.type(frSummary!, "Où laisser la voiture.");
    await userEvent.type(frBody!, "Arrivez tôt.");
    await userEvent.type(screen.getByRole("textbox", { name: /^Tags/ }), "Lagos, match, ");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Category" }), "2");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "scheduled");
    const when = screen.getByLabelText(/^Publish time/);
    await userEvent.type(when, "2026-12-01T09:00");
    await userEvent.click(screen.getByRole("button", { name: "Create the post" }));

    await waitFor(() => expect(api.callsTo("POST /admin/blog/posts")).toHaveLength(1));
    expect(api.callsTo("POST /admin/blog/posts")[0]!.body).toEqual({
      category_id: 2,
      tags: ["Lagos", "match"],
      status: "scheduled",
      // 09:00 in Lagos (UTC+1).
      publish_at: "2026-12-01T08:00:00.000Z",
      en: {
        title: "Parking for the match",
        summary: "Where to leave the car.",
        body_md: "## Arrive early\n\n**Gates** open at 5 pm.",
      },
      fr: {
        title: "Se garer pour le match",
        slug: "se-garer-au-stade",
        summary: "Où laisser la voiture.",
        body_md: "Arrivez tôt.",
      },
    });
    // The server's message at the French slug, nothing lost of what was typed.
    expect(await screen.findByText(taken)).toBeTruthy();
    expect(frSlug.getAttribute("aria-invalid")).toBe("true");
    expect((frSlug as HTMLInputElement).value).toBe("se-garer-au-stade");
    expect((frTitle as HTMLInputElement).value).toBe("Se garer pour le match");
    expect(screen.queryByRole("alert")?.textContent ?? "").not.toContain(taken);
  });

  it("saves an edited post: the saved publish time sent back as it was, the slugs the server made shown", async () => {
    const saved = AdminBlogPostSchema.parse({
      ...both,
      publish_at: "2026-11-20T09:00:30.000Z",
      en: { ...both.en!, title: "Parking at the new stadium", slug: "parking-at-the-new-stadium" },
    });
    const api = blogApi(["blog.view", "blog.update"])
      .on("GET /admin/blog/posts/11", { json: { ...both, publish_at: "2026-11-20T09:00:30.000Z" } })
      .on("PUT /admin/blog/posts/11", { json: saved });
    await render(api, "/admin/blog/11");
    await screen.findByRole("heading", { level: 1, name: "Parking at the stadium" });
    const title = screen.getAllByRole("textbox", { name: "Title" })[0]!;
    const slug = screen.getAllByRole("textbox", { name: /^Slug/ })[0] as HTMLInputElement;
    await userEvent.clear(title);
    await userEvent.type(title, "Parking at the new stadium");
    await userEvent.clear(slug);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.callsTo("PUT /admin/blog/posts/11")).toHaveLength(1));
    const body = api.callsTo("PUT /admin/blog/posts/11")[0]!.body as Record<string, unknown>;
    // The picker has no seconds: the time it still shows is the saved instant, not a minute earlier.
    expect(body.publish_at).toBe("2026-11-20T09:00:30.000Z");
    expect(body.en).toEqual({
      title: "Parking at the new stadium",
      summary: both.en!.summary,
      body_md: both.en!.body_md,
    });
    expect(body.fr).toMatchObject({ slug: "se-garer-au-stade" });
    expect(await screen.findByText("The post is saved.")).toBeTruthy();
    await waitFor(() => expect(slug.value).toBe("parking-at-the-new-stadium"));
  });

  it("previews a language's Markdown as the server's sanitised HTML", async () => {
    const api = blogApi(["blog.view", "blog.update"]).on("POST /admin/blog/preview", {
      json: { html: "<h2>Se garer</h2><p><strong>Tôt</strong> le matin.</p>" },
    });
    await render(api, "/admin/blog/11");
    await screen.findByRole("heading", { level: 1, name: "Parking at the stadium" });
    await userEvent.click(screen.getByRole("button", { name: "Preview the French text" }));
    const preview = await screen.findByRole("region", { name: "Preview (French)" });
    expect(within(preview).getByRole("heading", { level: 2, name: "Se garer" })).toBeTruthy();
    expect(preview.querySelector("strong")?.textContent).toBe("Tôt");
    expect(api.callsTo("POST /admin/blog/preview")[0]!.body).toEqual({ body_md: both.fr!.body_md });
  });

  it("staff who may only view see no New post, no Delete and no Save, and the fields are locked", async () => {
    const api = blogApi(["blog.view"]);
    await render(api, "/admin/blog");
    await screen.findByRole("link", { name: "Parking at the stadium" });
    await waitFor(() => expect(api.callsTo("GET /admin/me")).toHaveLength(1));
    expect(screen.queryByRole("link", { name: "New post" })).toBeNull();

    await userEvent.click(screen.getByRole("link", { name: "Parking at the stadium" }));
    await screen.findByRole("heading", { level: 1, name: "Parking at the stadium" });
    expect(screen.queryByRole("button", { name: "Delete the post" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Upload the cover" })).toBeNull();
    expect(screen.getAllByRole("textbox", { name: "Title" })[0]!.closest("fieldset")!.disabled).toBe(true);
  });

  it("deletes a post after a confirmation, for who holds blog.delete", async () => {
    const api = blogApi(["blog.view", "blog.update", "blog.delete"]).on("DELETE /admin/blog/posts/11", {
      status: 204,
    });
    await render(api, "/admin/blog/11");
    await screen.findByRole("heading", { level: 1, name: "Parking at the stadium" });
    await userEvent.click(screen.getByRole("button", { name: "Delete the post" }));
    const dialog = await screen.findByRole("dialog");
    expect(api.callsTo("DELETE /admin/blog/posts/11")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete the post" }));
    await waitFor(() => expect(api.callsTo("DELETE /admin/blog/posts/11")).toHaveLength(1));
    await screen.findByRole("table");
  });
});
