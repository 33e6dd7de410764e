import type { BlogPostBody } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { adminApi, adminUpload } from "../api";
import { listParams } from "../ui/use-url-filters";

/** The back office's blog (decision 034): posts, their cover, the preview and the categories. */
export const blogPostsQuery = (f: Record<string, string>, page: number, size: number) =>
  queryOptions({
    queryKey: ["admin", "blog", "posts", f, page, size],
    queryFn: ({ signal }) => adminApi("/blog/posts", { query: listParams(f, page, size), signal }),
  });

export const blogPostQuery = (id: number) =>
  queryOptions({
    queryKey: ["admin", "blog", "post", id],
    queryFn: ({ signal }) => adminApi("/blog/posts/{id}", { params: { id }, signal }),
  });

/** The categories a post may be filed under (the public list: they are the same for staff). */
export const blogCategoriesQuery = (lang: string) =>
  queryOptions({
    queryKey: ["blog", "categories", lang],
    queryFn: ({ signal }) => api("/blog/categories", { query: { lang }, signal }),
  });

export const createPost = (body: BlogPostBody) => adminApi("/blog/posts", { method: "POST", body });
export const updatePost = (id: number, body: BlogPostBody) =>
  adminApi("/blog/posts/{id}", { params: { id }, method: "PUT", body });
export const deletePost = (id: number) => adminApi("/blog/posts/{id}", { params: { id }, method: "DELETE" });
export const previewPost = (body_md: string) =>
  adminApi("/blog/preview", { method: "POST", body: { body_md } });

/** The cover as a park photo is sent: multipart, `alt` before `photo`, with the upload's progress. */
export function uploadCover(id: number, file: File, alt: string, onProgress: (ratio: number) => void) {
  const form = new FormData();
  form.append("alt", alt);
  form.append("photo", file, file.name);
  return adminUpload("/blog/posts/{id}/cover", { params: { id }, method: "PUT", form }, onProgress);
}
export const removeCover = (id: number) =>
  adminApi("/blog/posts/{id}/cover", { params: { id }, method: "DELETE" });
