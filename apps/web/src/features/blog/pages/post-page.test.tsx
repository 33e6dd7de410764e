// @vitest-environment happy-dom
import { BlogPostSchema } from "@parkwell/contract";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { FakeApi, renderWithApp } from "../../../test/render";
import { PostPage } from "./post-page";

/** GET /blog/posts/{idOrSlug} as the API answers it: the French post, its body already sanitised. */
const post = BlogPostSchema.parse({
  id: 7,
  slug: "stationnement-aeroport-lagos",
  language: "fr",
  fallback: false,
  title: "Se garer à l'aéroport de Lagos",
  summary: "Réserver avant de partir.",
  cover: {
    url: "/uploads/blog/7/cover.webp",
    thumb_url: "/uploads/blog/7/cover-thumb.webp",
    alt: "Le terminal",
  },
  category: { id: 2, slug: "airports", name: "Aéroports" },
  tags: ["lagos", "aéroport"],
  author: "Équipe Parkwell",
  published_at: "2025-10-03T08:30:00.000Z",
  html: "<h2>Réservez</h2><p>Un <strong>QR code</strong> à la barrière.</p><table><tbody><tr><td>A</td></tr></tbody></table>",
  versions: [
    { language: "en", slug: "parking-lagos-airport" },
    { language: "fr", slug: "stationnement-aeroport-lagos" },
  ],
  share: { title: "Se garer à l'aéroport de Lagos", description: "Réserver avant de partir." },
});

const renderPost = (api: FakeApi, route: string, language: "en" | "fr" = "fr") =>
  renderWithApp(
    <Routes>
      <Route path="/post/:id" element={<PostPage />} />
    </Routes>,
    { api, route, language },
  );

describe("a blog post", () => {
  it("shows the post in the reader's language: title, cover, category, day, author, tags and the server's HTML", async () => {
    const api = new FakeApi().on(`GET /blog/posts/${post.slug}`, { json: post });
    await renderPost(api, `/post/${post.slug}`);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(post.title);
    expect(api.callsTo(`GET /blog/posts/${post.slug}`)[0]!.query.get("lang")).toBe("fr");
    expect(screen.getByRole("link", { name: "Aéroports" }).getAttribute("href")).toBe(
      "/blog?category=airports",
    );
    expect(screen.getByRole("img", { name: "Le terminal" }).getAttribute("src")).toBe(post.cover!.url);
    expect(screen.getByText("3 octobre 2025")).toBeTruthy();
    expect(screen.getByText(/par Équipe Parkwell/)).toBeTruthy();
    const tags = screen.getByRole("region", { name: "Mots-clés" });
    expect(
      within(tags)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["lagos", "aéroport"]);
    // The body as the server wrote it, its heading below the page's title.
    expect(screen.getByRole("heading", { level: 2, name: "Réservez" })).toBeTruthy();
    expect(screen.getByText("QR code").tagName).toBe("STRONG");
    expect(document.querySelector(".blog-body table td")?.textContent).toBe("A");
    expect(screen.queryByTestId("blog-fallback")).toBeNull();
    expect(
      screen
        .getAllByRole("link", { name: /Tous les articles|Voir tous les articles/ })[0]!
        .getAttribute("href"),
    ).toBe("/blog");
    // For the tab and for sharing.
    expect(document.title).toBe("Se garer à l'aéroport de Lagos | Parkwell");
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(
      "Réserver avant de partir.",
    );
    // Its address as asked (the bare slug), each version at its own slug, and its BlogPosting data.
    const origin = window.location.origin;
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${origin}/post/stationnement-aeroport-lagos`,
    );
    expect(
      [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute("hreflang"),
        l.getAttribute("href"),
      ]),
    ).toEqual([
      ["en", `${origin}/post/parking-lagos-airport?lang=en`],
      ["fr", `${origin}/post/stationnement-aeroport-lagos?lang=fr`],
      ["x-default", `${origin}/post/parking-lagos-airport`],
    ]);
    const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as {
      "@type": string;
      headline: string;
      inLanguage: string;
    };
    expect(data).toMatchObject({
      "@type": "BlogPosting",
      headline: "Se garer à l'aéroport de Lagos",
      inLanguage: "fr",
    });
  });

  it("marks a post shown in the other language, and loads again in the language the reader switches to", async () => {
    const api = new FakeApi().on("GET /blog/posts/7", (call) =>
      call.query.get("lang") === "en"
        ? { json: { ...post, fallback: true, title: "Seulement en français" } }
        : { json: post },
    );
    await renderPost(api, "/post/7");
    await screen.findByRole("heading", { level: 1, name: post.title });
    await act(async () => {
      await i18n.changeLanguage("en");
    });
    await screen.findByRole("heading", { level: 1, name: "Seulement en français" });
    expect(screen.getByTestId("blog-fallback").textContent).toBe("Available in French only");
    expect(screen.getByText("October 3, 2025")).toBeTruthy();
  });

  it("answers an unknown post with the not-found page", async () => {
    const api = new FakeApi().on("GET /blog/posts/does-not-exist", {
      status: 404,
      json: { code: "not_found", message: "Post not found" },
    });
    await renderPost(api, "/post/does-not-exist", "en");
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Post not found");
    expect(screen.getByTestId("post-not-found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See all posts" }).getAttribute("href")).toBe("/blog");
    // An unknown post is an answer: it is not asked for twice.
    expect(api.callsTo("GET /blog/posts/does-not-exist")).toHaveLength(1);
  });

  it("shows the failure in words with a retry that loads again", async () => {
    let failing = true;
    const api = new FakeApi().on("GET /blog/posts/7", () =>
      failing ? { status: 502, json: { code: "bad_gateway", message: "Bad gateway" } } : { json: post },
    );
    await renderPost(api, "/post/7", "en");
    const alert = await screen.findByRole("alert", {}, { timeout: 5_000 });
    expect(alert.textContent).toContain("Failed to load the blog post. Please try again.");
    failing = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByRole("heading", { level: 1, name: post.title });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says the failure in French", async () => {
    const api = new FakeApi().on("GET /blog/posts/7", {
      status: 500,
      json: { code: "internal", message: "x" },
    });
    await renderPost(api, "/post/7");
    expect((await screen.findByRole("alert", {}, { timeout: 5_000 })).textContent).toContain(
      "Échec du chargement de l'article du blog. Veuillez réessayer.",
    );
  });
});
