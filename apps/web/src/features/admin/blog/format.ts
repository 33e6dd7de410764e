import type { AdminBlogPost } from "@parkwell/contract";
import { browserTimeZone, formatZonedDateTime } from "../../../lib/zoned-time";

/**
 * A publish time on the staff's browser's clock with its zone's name ("27 Nov 2026, 10:00 GMT+1"):
 * the blog is company-wide, no park's, so its times are the staff's own (decision 034).
 */
export function publishTime(iso: string, language: string): string {
  return formatZonedDateTime(iso, language, browserTimeZone());
}

/** The post's words in the staff's language, else the other one's (a post has at least one). */
export function versionIn(post: AdminBlogPost, language: string) {
  const mine = language.startsWith("fr") ? post.fr : post.en;
  return mine ?? post.en ?? post.fr;
}
