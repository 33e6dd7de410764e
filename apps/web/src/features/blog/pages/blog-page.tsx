import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Field } from "../../../components/ui/form-field";
import { Pagination } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { blogFeedUrl, blogLanguage, useBlogCategories, useBlogPosts } from "../api";
import { BlogLoadError } from "../components/load-error";
import { PostCard } from "../components/post-card";
import { parseBlogQuery, toSearchParams, type BlogQuery } from "../search-params";
import { PageHead } from "../../../lib/seo/page-head";
import "../blog.css";

/**
 * /blog: the published posts in the reader's language (the other one, marked, when a post has only
 * that), newest first; by category and searched (both in the URL), paged; the language's Atom feed.
 */
export function BlogPage() {
  const { t, i18n } = useTranslation("blog");
  const lang = blogLanguage(i18n.language);
  const [params, setParams] = useSearchParams();
  const query = parseBlogQuery(params);
  const posts = useBlogPosts(query, lang);
  const categories = useBlogCategories(lang);
  const feed = blogFeedUrl(lang);

  const go = (next: BlogQuery) => setParams(toSearchParams(next));
  // A category link keeps the tag and the words searched, and starts again at the first page.
  const link = (change: Pick<BlogQuery, "category"> | Pick<BlogQuery, "tag">) => {
    const search = toSearchParams({ ...query, ...change, page: 1 }).toString();
    return search ? `/blog?${search}` : "/blog";
  };
  const filtered = Boolean(query.q || query.category || query.tag);

  return (
    <div className="container page blog-page">
      <PageHead
        title={t("list.documentTitle")}
        description={t("list.description")}
        path="/blog"
        params={Object.fromEntries(toSearchParams(query))}
        feeds={[{ href: feed, title: t("list.feed") }]}
      />
      <header className="blog-page__head">
        <h1>{t("list.title")}</h1>
        <p className="blog-page__lead">{t("list.lead")}</p>
        <a className="blog-feed" href={feed} type="application/atom+xml">
          {t("list.feed")}
        </a>
      </header>
      {categories.data && categories.data.items.length > 0 && (
        <nav className="blog-categories" aria-label={t("list.categories")}>
          <ul>
            <li>
              <Link
                className="blog-chip"
                to={link({ category: undefined })}
                aria-current={query.category ? undefined : "page"}
              >
                {t("list.allCategories")}
              </Link>
            </li>
            {categories.data.items.map((c) => (
              <li key={c.slug}>
                <Link
                  className="blog-chip"
                  to={link({ category: c.slug })}
                  aria-current={query.category === c.slug ? "page" : undefined}
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {query.tag && (
        <p className="blog-tag-filter">
          {t("list.tagged", { tag: query.tag })}{" "}
          <Link to={link({ tag: undefined })}>{t("list.allTags")}</Link>
        </p>
      )}
      <SearchBox value={query.q ?? ""} onSearch={(q) => go({ ...query, q, page: 1 })} />
      {posts.isPending ? (
        <Spinner />
      ) : posts.isError ? (
        <BlogLoadError text={t("list.loadFailed")} onRetry={() => void posts.refetch()} />
      ) : (
        <section aria-labelledby="blog-count" aria-busy={posts.isFetching}>
          <p id="blog-count" className="blog-count" aria-live="polite">
            {t("list.count", { count: posts.data.total })}
          </p>
          {posts.data.items.length === 0 ? (
            <div className="blog-empty" data-testid="blog-empty">
              <p>{filtered ? t("list.emptyFiltered") : t("list.empty")}</p>
              {filtered && (
                <button type="button" className="button" onClick={() => go({ page: 1, size: query.size })}>
                  {t("list.clear")}
                </button>
              )}
            </div>
          ) : (
            <ul className="blog-grid">
              {posts.data.items.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={posts.data.page}
            pages={posts.data.pages}
            onPage={(page) => {
              go({ ...query, page });
              window.scrollTo({ top: 0 });
            }}
          />
        </section>
      )}
    </div>
  );
}

/** The search box: the words go to the URL on Enter or the button, not on every key. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string | undefined) => void }) {
  const { t } = useTranslation("blog");
  const [text, setText] = useState(value);
  // The URL's words changed (a link, Back, a cleared search): the box shows them, and keeps its focus.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form className="blog-search" role="search" onSubmit={submit}>
      <Field label={t("list.searchLabel")} id="blog-search">
        {(control) => (
          <div className="blog-search__row">
            <input
              {...control}
              type="search"
              value={text}
              maxLength={100}
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="button">
              {t("list.searchButton")}
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
