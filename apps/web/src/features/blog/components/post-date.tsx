import { formatCalendarDate } from "../../../lib/zoned-time";

/**
 * The day a post was published, its month in words in the reader's language ("September 12,
 * 2025" / "12 septembre 2025"). A post belongs to no place: its day is the publishing time's day
 * in UTC, the same for every reader, as the feed dates it.
 */
export function PostDate({ publishedAt, language }: { publishedAt: string; language: string }) {
  return <time dateTime={publishedAt}>{formatCalendarDate(publishedAt.slice(0, 10), language, "date")}</time>;
}
