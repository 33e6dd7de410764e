import type { BlogPostCard as Card } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FallbackMark } from "./fallback-mark";
import { PostDate } from "./post-date";

/** A post in the list: cover, category, title (the link), summary, day, and the other-language mark. */
export function PostCard({ post }: { post: Card }) {
  const { i18n } = useTranslation("blog");
  return (
    <article className="blog-card">
      {post.cover && (
        <img className="blog-card__cover" src={post.cover.thumb_url} alt={post.cover.alt} loading="lazy" />
      )}
      <div className="blog-card__text">
        {post.category && <p className="blog-card__category">{post.category.name}</p>}
        {/* The post's words are in its language; the category, day and mark in the reader's. */}
        <h2 className="blog-card__title" lang={post.language}>
          <Link to={`/post/${post.slug}`}>{post.title}</Link>
        </h2>
        <p className="blog-card__summary" lang={post.language}>
          {post.summary}
        </p>
        <p className="blog-card__date">
          <PostDate publishedAt={post.published_at} language={i18n.language} />
        </p>
        {post.fallback && <FallbackMark language={post.language} />}
      </div>
    </article>
  );
}
