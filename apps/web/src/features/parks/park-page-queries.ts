import { queryOptions } from "@tanstack/react-query";
import type { ReviewSort } from "@parkwell/contract";
import { api } from "../../lib/api";

/**
 * The park page's parts below its facts, one definition each for the components that read them and
 * the server render that fills them (park-loader.ts): its rating, a page of its reviews, its plans.
 */
export const REVIEWS_PAGE_SIZE = 10;

export const parkRatingQuery = (parkId: number) =>
  queryOptions({
    queryKey: ["parks", "rating", parkId],
    queryFn: ({ signal }) => api("/front/parks/{park}/rating", { params: { park: String(parkId) }, signal }),
  });

export const parkReviewsQuery = (parkId: number, sort: ReviewSort, page: number) =>
  queryOptions({
    queryKey: ["parks", "reviews", parkId, sort, page],
    queryFn: ({ signal }) =>
      api("/front/parks/{park}/reviews", {
        params: { park: String(parkId) },
        query: { sort, page, size: REVIEWS_PAGE_SIZE },
        signal,
      }),
  });

/** The park's monthly plans on sale. */
export const parkPlansQuery = (parkId: number) =>
  queryOptions({
    queryKey: ["plans", "park", parkId],
    queryFn: ({ signal }) => api("/plans", { query: { park_id: parkId, size: 20 }, signal }),
  });
