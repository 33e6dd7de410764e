// @vitest-environment happy-dom
import { BlogCategoryListSchema, BlogPostPageSchema, type BlogPostCard } from "@parkwell/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { FakeApi, renderWithApp, type ApiCall } from "../../../test/render";
import { BlogPage } from "./blog-page";

const card = (id: number, over: Partial<BlogPostCard> = {}): BlogPostCard => ({
  id,
  slug: `post-${id}`,
  language: "en",
  fallback: false,
  title: `Post ${id}`,
  summary: `Summary of post ${id}`,
  cover: null,
  category: { id: 2, slug: "airports", name: "Airports" },
  tags: [],
  author: "Ada Staff",
  published_at: "2025-09-12T09:00:00.000Z",
  ...over,
});

/** GET /blog/posts as the API answers it: `items` on page `page` of `pages`. */
const page = (items: BlogPostCard[], { page = 1, pages = 1, total = items.length } = {}) =>
  BlogPostPageSchema.parse({ items, total, page, size: 9, pages });

const categories = BlogCategoryListSchema.parse({
  items: [
    { id: 1, slug: "events", name: "Events" },
    { id: 2, slug: "airports", name: "Airports" },
  ],
});

const withCategories = (api: FakeApi) => api.on("GET /blog/categories", { json: categories });
const lastList = (api: FakeApi): ApiCall => api.callsTo("GET /blog/posts").at(-1)!;

describe("the blog list", () => {
  it("shows the posts in the reader's language as cards, the other-language mark, the day with its month, and the feed", async () => {
    const api = withCategories(new FakeApi()).on("GET /blog/posts", {
      json: page([
        card(1, {
          title: "Parking at the airport",
          cover: { url: "/u/1.webp", thumb_url: "/u/1-thumb.webp", alt: "A terminal" },
        }),
        card(2, { language: "fr", fallback: true, title: "Seulement en français", category: null }),
      ]),
    });
    await renderWithApp(<BlogPage />, { api, route: "/blog" });
    const first = (await screen.findByRole("link", { name: "Parking at the airport" })).closest("article")!;
    expect(first.querySelector("img")?.getAttribute("src")).toBe("/u/1-thumb.webp");
    expect(within(first).getByText("Airports")).toBeTruthy();
    expect(within(first).getByText("Summary of post 1")).toBeTruthy();
    expect(within(first).getByText("September 12, 2025").getAttribute("datetime")).toBe(
      "2025-09-12T09:00:00.000Z",
    );
    expect(within(first).queryByTestId("blog-fallback")).toBeNull();
    const second = screen.getByRole("link", { name: "Seulement en français" });
    expect(second.getAttribute("href")).toBe("/post/post-2");
    expect(within(second.closest("article")!).getByTestId("blog-fallback").textContent).toBe(
      "Available in French only",
    );
    expect(screen.getByText("2 posts")).toBeTruthy();
    // Asked in the app's language; the feed is that language's.
    expect(lastList(api).query.get("lang")).toBe("en");
    expect(screen.getByRole("link", { name: "Atom feed of the posts in English" }).getAttribute("href")).toBe(
      "/api/v1/blog/feed.xml?lang=en",
    );
    const alternate = document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    expect(alternate?.getAttribute("href")).toBe("/api/v1/blog/feed.xml?lang=en");
    expect(document.title).toBe("Blog | Parkwell");
  });

  it("filters by a category and searches by words, both in the URL, from the first page", async () => {
    const api = withCategories(new FakeApi()).on("GET /blog/posts", (call) => ({
      json: page([card(1, { title: `Found for ${call.query.toString()}` })]),
    }));
    const { router } = await renderWithApp(<BlogPage />, { api, route: "/blog?page=2" });
    await screen.findByRole("link", { name: /^Found for/ });
    const nav = screen.getByRole("navigation", { name: "Categories" });
    expect(within(nav).getByRole("link", { name: "All posts" }).getAttribute("aria-current")).toBe("page");

    await userEvent.click(within(nav).getByRole("link", { name: "Airports" }));
    await waitFor(() => expect(router.state.location.search).toBe("?category=airports"));
    await waitFor(() => expect(lastList(api).query.get("category")).toBe("airports"));
    expect(lastList(api).query.get("page")).toBe("1");
    expect(within(nav).getByRole("link", { name: "Airports" }).getAttribute("aria-current")).toBe("page");

    // The words go to the URL on Enter, not on each key.
    const box = screen.getByRole("searchbox", { name: "Search the blog" });
    await userEvent.type(box, "lagos airport");
    expect(router.state.location.search).toBe("?category=airports");
    await userEvent.type(box, "{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe("?category=airports&q=lagos+airport"));
    await waitFor(() => expect(lastList(api).query.get("q")).toBe("lagos airport"));
    expect(lastList(api).query.get("category")).toBe("airports");

    // A category link keeps the words; the button searches too.
    expect(within(nav).getByRole("link", { name: "Events" }).getAttribute("href")).toBe(
      "/blog?category=events&q=lagos+airport",
    );
    await userEvent.clear(box);
    await userEvent.type(box, "stadium");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?category=airports&q=stadium"));
  });

  it("lists the posts of a tag a post linked to, and lets the tag go", async () => {
    const api = withCategories(new FakeApi()).on("GET /blog/posts", { json: page([card(1)]) });
    const { router } = await renderWithApp(<BlogPage />, { api, route: "/blog?tag=lagos&category=events" });
    await screen.findByRole("link", { name: "Post 1" });
    expect(lastList(api).query.get("tag")).toBe("lagos");
    expect(screen.getByText(/Posts tagged “lagos”/)).toBeTruthy();
    await userEvent.click(screen.getByRole("link", { name: "Show every tag" }));
    await waitFor(() => expect(router.state.location.search).toBe("?category=events"));
    await waitFor(() => expect(lastList(api).query.get("tag")).toBeNull());
  });

  it("pages with the project's pagination, the page in the URL and the request", async () => {
    const api = withCategories(new FakeApi()).on("GET /blog/posts", (call) => {
      const n = Number(call.query.get("page"));
      return {
        json: page([card(n * 10, { title: `First of page ${n}` })], { page: n, pages: 3, total: 20 }),
      };
    });
    const { router } = await renderWithApp(<BlogPage />, { api, route: "/blog?q=park" });
    await screen.findByRole("link", { name: "First of page 1" });
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Previous" })).toHaveProperty("disabled", true);
    window.scrollTo = () => undefined;
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("link", { name: "First of page 2" });
    expect(router.state.location.search).toBe("?q=park&page=2");
    expect(lastList(api).query.get("page")).toBe("2");
    expect(lastList(api).query.get("q")).toBe("park");
  });

  it("says when nothing matches, and clears the search", async () => {
    const api = withCategories(new FakeApi()).on("GET /blog/posts", (call) => ({
      json: page(call.query.get("q") ? [] : [card(1)]),
    }));
    const { router } = await renderWithApp(<BlogPage />, { api, route: "/blog?q=nothing" });
    expect((await screen.findByTestId("blog-empty")).textContent).toContain("No post matches this search.");
    const box = screen.getByRole<HTMLInputElement>("searchbox", { name: "Search the blog" });
    expect(box.value).toBe("nothing");
    await userEvent.click(screen.getByRole("button", { name: "Show all posts" }));
    await screen.findByRole("link", { name: "Post 1" });
    expect(router.state.location.search).toBe("");
    expect(box.value).toBe("");
  });

  it("shows the failure in words with a retry that loads again", async () => {
    let failing = true;
    const api = withCategories(new FakeApi()).on("GET /blog/posts", () =>
      failing ? { status: 503, json: { code: "unavailable", message: "Down" } } : { json: page([card(1)]) },
    );
    await renderWithApp(<BlogPage />, { api, route: "/blog" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load the blog page. Please try again.");
    failing = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByRole("link", { name: "Post 1" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says the failure in French, and loads again in the language the reader switches to", async () => {
    let failing = true;
    const api = withCategories(new FakeApi()).on("GET /blog/posts", (call) =>
      failing
        ? { status: 500, json: { code: "internal", message: "Boom" } }
        : { json: page([card(1, { title: `Article (${call.query.get("lang")})` })]) },
    );
    await renderWithApp(<BlogPage />, { api, route: "/blog", language: "fr" });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Échec du chargement de la page du blog. Veuillez réessayer.",
    );
    failing = false;
    await userEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    await screen.findByRole("link", { name: "Article (fr)" });
    await act(async () => {
      await i18n.changeLanguage("en");
    });
    await screen.findByRole("link", { name: "Article (en)" });
    expect(api.callsTo("GET /blog/categories").map((c) => c.query.get("lang"))).toEqual(["fr", "en"]);
  });
});
