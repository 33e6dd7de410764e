/** The blog (features/blog, the back office's admin/blog). */

// The blog's English sentences (features/blog, admin/blog); the French is in the catalogue (packages/contract/locales/fr/server.json).
export const POST_NOT_FOUND = "Blog post not found";
export const ONE_LANGUAGE_NEEDED = "Write the post in English, French or both";
export const SCHEDULE_NEEDS_TIME = "A scheduled post needs its publish time";
export const SCHEDULE_IN_FUTURE = "A scheduled post's publish time must be in the future";
export const PUBLISH_NOT_FUTURE = "To publish later, schedule the post";
export const CATEGORY_UNKNOWN = "Choose a category that exists";
export const SLUG_TAKEN = "That slug is already used by another post in this language";
export const COVER_TYPE = "The cover must be a JPEG, PNG or WebP image";
