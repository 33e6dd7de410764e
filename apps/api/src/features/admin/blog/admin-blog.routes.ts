import multipart from "@fastify/multipart";
import {
  AdminBlogPostPageSchema,
  AdminBlogPostSchema,
  AdminBlogQuerySchema,
  BlogIdParamsSchema,
  BlogPostBodySchema,
  BlogPreviewBodySchema,
  BlogPreviewSchema,
  ErrorSchema,
  PARK_PHOTO_MAX_BYTES,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import * as blog from "../../blog/blog.service";
import { readPhoto } from "../parks/admin-parks.routes";
import * as admin_ from "./admin-blog.service";

/** The back office's blog (decision 034): `blog.view/create/update/delete`; admin only by default. */
export function adminBlogRoutes(deps: admin_.AdminBlogDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    const tags = ["Back office: blog"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    await app.register(multipart, { limits: { fileSize: PARK_PHOTO_MAX_BYTES, files: 1 } });
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/blog/posts",
      {
        onRequest: admin.permit("blog.view"),
        schema: {
          tags,
          operationId: "listAdminBlogPosts",
          summary: "Every post, drafts and scheduled ones too, the last changed first",
          querystring: AdminBlogQuerySchema,
          response: { 200: AdminBlogPostPageSchema, ...err },
        },
      },
      async (req) => blog.staffList(db, clock(), req.query),
    );

    app.get(
      "/admin/blog/posts/:id",
      {
        onRequest: admin.permit("blog.view"),
        schema: {
          tags,
          operationId: "getAdminBlogPost",
          summary: "A post with both languages' Markdown and HTML",
          params: BlogIdParamsSchema,
          response: { 200: AdminBlogPostSchema, ...err },
        },
      },
      async (req) => blog.staffGet(db, clock(), req.params.id),
    );

    app.post(
      "/admin/blog/posts",
      {
        onRequest: admin.permit("blog.create"),
        schema: {
          tags,
          operationId: "createBlogPost",
          summary:
            "Write a post in English, French or both: draft, scheduled (publish_at ahead) or published",
          body: BlogPostBodySchema,
          response: { 201: AdminBlogPostSchema, ...err },
        },
      },
      async (req, reply) => {
        const post = await admin_.createPost(deps, requireStaff(req), auditActor(req), req.body);
        return reply.status(201).send(post);
      },
    );

    app.put(
      "/admin/blog/posts/:id",
      {
        onRequest: admin.permit("blog.update"),
        schema: {
          tags,
          operationId: "updateBlogPost",
          summary: "Replace a post's fields and versions (a language left out is removed)",
          params: BlogIdParamsSchema,
          body: BlogPostBodySchema,
          response: { 200: AdminBlogPostSchema, ...err },
        },
      },
      async (req) => admin_.updatePost(deps, auditActor(req), req.params.id, req.body),
    );

    app.delete(
      "/admin/blog/posts/:id",
      {
        onRequest: admin.permit("blog.delete"),
        schema: {
          tags,
          operationId: "deleteBlogPost",
          summary: "Delete a post, its versions and its cover",
          params: BlogIdParamsSchema,
          response: { 204: z.null(), ...err },
        },
      },
      async (req, reply) => {
        await admin_.deletePost(deps, auditActor(req), req.params.id);
        return reply.status(204).send(null);
      },
    );

    app.put(
      "/admin/blog/posts/:id/cover",
      {
        onRequest: admin.permit("blog.update"),
        schema: {
          tags,
          operationId: "setBlogPostCover",
          summary:
            "Upload the cover (multipart field photo, optional field alt first): JPEG, PNG or WebP up to 5 MB, stored as a park photo is",
          params: BlogIdParamsSchema,
          response: { 200: AdminBlogPostSchema, 413: ErrorSchema, ...err },
        },
      },
      async (req) => {
        const { bytes, alt } = await readPhoto(req);
        return admin_.setCover(deps, auditActor(req), req.params.id, bytes, alt);
      },
    );

    app.delete(
      "/admin/blog/posts/:id/cover",
      {
        onRequest: admin.permit("blog.update"),
        schema: {
          tags,
          operationId: "removeBlogPostCover",
          summary: "Remove the post's cover",
          params: BlogIdParamsSchema,
          response: { 200: AdminBlogPostSchema, ...err },
        },
      },
      async (req) => admin_.removeCover(deps, auditActor(req), req.params.id),
    );

    app.post(
      "/admin/blog/preview",
      {
        onRequest: admin.permit("blog.view"),
        schema: {
          tags,
          operationId: "previewBlogPost",
          summary: "The sanitised HTML a Markdown text gives, without saving anything",
          body: BlogPreviewBodySchema,
          response: { 200: BlogPreviewSchema, ...err },
        },
      },
      async (req) => blog.preview(req.body.body_md),
    );
  };
}
