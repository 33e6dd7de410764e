import {
  BlogCategoryListSchema,
  BlogLangQuerySchema,
  BlogListQuerySchema,
  BlogPostPageSchema,
  BlogPostParamsSchema,
  BlogPostSchema,
  ErrorSchema,
  type BlogLanguage,
} from "@parkwell/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { requestLanguage } from "../../lib/language";
import * as blog from "./blog.service";

/** `?lang=` when given, the request's Accept-Language otherwise. */
const readerLanguage = (req: FastifyRequest, lang: BlogLanguage | undefined): BlogLanguage =>
  lang ?? requestLanguage(req.headers["accept-language"]);

/** The public blog (decision 034): published posts, one post by id or slug, categories, the Atom feed. */
export function blogRoutes(deps: { db: Db; clock: Clock; publicUrl: string }): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    const tags = ["Blog"];
    const err = { 404: ErrorSchema, 422: ErrorSchema };

    app.get(
      "/blog/posts",
      {
        schema: {
          tags,
          operationId: "listBlogPosts",
          summary:
            "Published posts, newest first, in the reader's language (fallback: true when only the other exists); by category or tag, searched in titles and summaries",
          querystring: BlogListQuerySchema,
          response: { 200: BlogPostPageSchema, ...err },
        },
      },
      async (req) => blog.listPosts(db, clock(), readerLanguage(req, req.query.lang), req.query),
    );

    app.get(
      "/blog/posts/:idOrSlug",
      {
        schema: {
          tags,
          operationId: "getBlogPost",
          summary: "One published post by its id or its slug in either language, with its sanitised HTML",
          params: BlogPostParamsSchema,
          querystring: BlogLangQuerySchema,
          response: { 200: BlogPostSchema, ...err },
        },
      },
      async (req) => blog.getPost(db, clock(), readerLanguage(req, req.query.lang), req.params.idOrSlug),
    );

    app.get(
      "/blog/categories",
      {
        schema: {
          tags,
          operationId: "listBlogCategories",
          summary: "The blog's categories, named in the reader's language",
          querystring: BlogLangQuerySchema,
          response: { 200: BlogCategoryListSchema, ...err },
        },
      },
      async (req) => blog.listCategories(db, readerLanguage(req, req.query.lang)),
    );

    app.get(
      "/blog/feed.xml",
      {
        schema: {
          tags,
          operationId: "blogFeed",
          summary: "An Atom feed of the latest 20 posts written in one language (application/atom+xml)",
          querystring: BlogLangQuerySchema,
          response: { 200: z.string(), ...err },
        },
      },
      async (req, reply) => {
        const body = await blog.feed(db, clock(), readerLanguage(req, req.query.lang), deps.publicUrl);
        return reply
          .header("content-type", "application/atom+xml; charset=utf-8")
          .header("cache-control", "public, max-age=300")
          .send(body);
      },
    );
  };
}
