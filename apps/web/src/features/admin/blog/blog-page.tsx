import { Route, Routes } from "react-router";
import { AdminNotFoundPage } from "../status-pages";
import { BlogPostEditor } from "./post-editor";
import { BlogPostsPage } from "./posts-page";
import "../parks/parks.css";
import "./blog.css";

/** /admin/blog: the posts, and one post's editor (/admin/blog/new, /admin/blog/{id}). */
export function AdminBlogPage() {
  return (
    <Routes>
      <Route index element={<BlogPostsPage />} />
      <Route path="new" element={<BlogPostEditor />} />
      <Route path=":id" element={<BlogPostEditor />} />
      <Route path="*" element={<AdminNotFoundPage />} />
    </Routes>
  );
}
