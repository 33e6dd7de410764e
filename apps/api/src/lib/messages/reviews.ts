/** Drivers' reviews of parks (features/reviews, the back office's admin/reviews). */

// The English sentences reviews answer with (features/reviews, admin/reviews); the French is in the catalogue (packages/contract/locales/fr/server.json).
export const REVIEW_NOT_FOUND = "Review not found";
export const STAY_NOT_OVER = "You can review a car park once your stay is over";
export const BOOKING_CANCELLED = "A cancelled booking cannot be reviewed";
export const ALREADY_REVIEWED = "You have already reviewed this stay";
export const EDIT_TOO_LATE = "A review can be changed only within 7 days of writing it";
export const ALREADY_REPLIED = "This review already has a reply";
export const ALREADY_HIDDEN = "This review is already hidden";
export const MODERATION_IS_PARKWELL = "Only Parkwell's staff can hide reviews";
export const OWN_REVIEW_REPORT = "You cannot report your own review";
export const TOO_MANY_REPORTS = "You have reported many reviews. Please try again later.";
