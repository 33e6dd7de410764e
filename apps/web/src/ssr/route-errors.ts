import { isRouteErrorResponse, type HydrationState } from "react-router";

type RouteErrors = NonNullable<HydrationState["errors"]>;

/**
 * A server render's route errors as JSON: a thrown status (`data(null, { status: 404 })`) keeps its
 * status and text; any other error keeps only its message (never a stack in a page).
 */
export function serializeRouteErrors(errors: RouteErrors | null | undefined): RouteErrors | null {
  if (!errors) return null;
  const out: RouteErrors = {};
  for (const [id, error] of Object.entries(errors)) {
    out[id] = isRouteErrorResponse(error)
      ? { status: error.status, statusText: error.statusText, data: error.data as unknown, internal: false }
      : { message: error instanceof Error ? error.message : "Error", __type: "Error" };
  }
  return out;
}

/** The errors back as the router gives them to a route's error element (a status stays a status). */
export function restoreRouteErrors(errors: RouteErrors | null | undefined): RouteErrors | null {
  if (!errors) return null;
  const out: RouteErrors = {};
  for (const [id, error] of Object.entries(errors)) {
    const e = error as { __type?: string; message?: string };
    out[id] = e.__type === "Error" ? new Error(e.message) : error;
  }
  return out;
}
