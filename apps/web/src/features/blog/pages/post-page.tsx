import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Spinner } from "../../../components/ui/spinner";
import { blogFeedUrl, blogLanguage, isMissingPost, useBlogPost } from "../api";
import { FallbackMark } from "../components/fallback-mark";
import { BlogLoadError } from "../components/load-error";
import { PostDate } from "../components/post-date";
import { PostNotFound } from "../components/post-not-found";
import { usePageHead } from "../use-page-head";
import "../blog.css";

/** /post/{id or slug}: one published post in the reader's language (or, marked, the other one). */
export function PostPage() {
  const { t, i18n } = useTranslation("blog");
  const lang = blogLanguage(i18n.language);
  const { id = "" } = useParams();
  const result = useBlogPost(id, lang);
  const post = result.data;
  usePageHead({
    title: post ? t("post.documentTitle", { title: post.share.title }) : undefined,
    description: post?.share.description,
    feed: blogFeedUrl(lang),
  });

  if (isMissingPost(result.error)) return <PostNotFound />;
  if (result.isPending) return <Spinner />;
  if (result.isError) {
    return (
      <div className="container page">
        <p>
          <Link to="/blog">{t("post.back")}</Link>
        </p>
        <h1>{t("list.title")}</h1>
        <BlogLoadError text={t("post.loadFailed")} onRetry={() => void result.refetch()} />
      </div>
    );
  }
  const p = result.data;
  return (
    <article className="container page blog-post">
      <p>
        <Link to="/blog">{t("post.back")}</Link>
      </p>
      <header className="blog-post__head">
        {p.category && (
          <p className="blog-card__category">
            <Link to={`/blog?${new URLSearchParams({ category: p.category.slug }).toString()}`}>
              {p.category.name}
            </Link>
          </p>
        )}
        <h1 lang={p.language}>{p.title}</h1>
        <p className="blog-post__meta">
          <PostDate publishedAt={p.published_at} language={i18n.language} />
          {p.author && <> · {t("post.by", { author: p.author })}</>}
        </p>
        {p.fallback && <FallbackMark language={p.language} />}
      </header>
      {p.cover && <img className="blog-post__cover" src={p.cover.url} alt={p.cover.alt} />}
      {/*
        The body is the server's HTML: Markdown rendered and sanitised with an allow-list of tags,
        attributes and URL schemes when the post was saved (docs/decisions/034-blog.md); no raw HTML
        a writer typed survives it. That is why inserting it as it is is safe here, and only here.
      */}
      <div className="blog-body" lang={p.language} dangerouslySetInnerHTML={{ __html: p.html }} />
      {p.tags.length > 0 && (
        <section className="blog-tags" aria-labelledby="blog-tags-title">
          <h2 id="blog-tags-title">{t("post.tags")}</h2>
          <ul className="blog-chips">
            {p.tags.map((tag) => (
              <li key={tag}>
                <Link className="blog-chip" to={`/blog?${new URLSearchParams({ tag }).toString()}`}>
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <Link className="button" to="/blog">
          {t("post.all")}
        </Link>
      </p>
    </article>
  );
}
