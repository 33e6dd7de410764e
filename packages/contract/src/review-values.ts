/**
 * Reviews' bounds and sorts as plain values, without zod (as park-values.ts), so a park's page can
 * use them without downloading the schema library.
 */

/** The longest review text and reply, in characters (issue #47). */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_HIDE_REASON_MAX = 500;
export const REVIEW_REPORT_REASON_MAX = 500;
/** Days after writing a review during which its driver may still change it; delete is any time. */
export const REVIEW_EDIT_DAYS = 7;
export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
