import { pageAddress, type BlogPost } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Spinner } from "../../../components/ui/spinner";
import { blogFeedUrl, blogLanguage, isMissingPost, useBlogPost } from "../api";
import { FallbackMark } from "../components/fallback-mark";
import { BlogLoadError } from "../components/load-error";
import { PostDate } from "../components/post-date";
import { PostNotFound } from "../components/post-not-found";
import { PageHead, PageTitle } from "../../../lib/seo/page-head";
import { usePublicOrigin } from "../../../lib/seo/public-origin";
import { blogPostingJsonLd } from "../../../lib/seo/structured-data";
import "../blog.css";

/** /post/{id or slug}: one published post in the reader's language (or, marked, the other one). */
export function PostPage() {
  const { t, i18n } = useTranslation("blog");
  const lang = blogLanguage(i18n.language);
  const { id = "" } = useParams();
  const result = useBlogPost(id, lang);

  if (isMissingPost(result.error)) return <PostNotFound />;
  if (result.isPending) return <Spinner />;
  if (result.isError) {
    return (
      <div className="container page">
        <PageTitle title={t("list.title")} />
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
      <PostHead post={p} />
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

/**
 * A post's head: its sharing title and description, its address in the language of its words
 * (its own slug), the versions that exist as alternates, its cover, its BlogPosting data and the
 * feed of the reader's language.
 */
function PostHead({ post }: { post: BlogPost }) {
  const { t, i18n } = useTranslation("blog");
  const origin = usePublicOrigin();
  const path = `/post/${post.slug}`;
  const feed = blogFeedUrl(blogLanguage(i18n.language));
  return (
    <PageHead
      title={post.share.title}
      description={post.share.description}
      path={path}
      language={post.language}
      versions={post.versions.map((v) => ({ language: v.language, path: `/post/${v.slug}` }))}
      image={post.cover?.url}
      type="article"
      feeds={[{ href: feed, title: t("list.feed") }]}
      jsonLd={blogPostingJsonLd({
        post,
        url: pageAddress(origin, path, {}, post.language),
        origin,
        publisher: t("common:brand"),
      })}
    />
  );
}
