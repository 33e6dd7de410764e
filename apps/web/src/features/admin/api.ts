import type { Permission } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import {
  api as typedApi,
  apiDownload,
  ApiError,
  apiUpload,
  type Answer,
  type ApiPaths,
  type Method,
  type OptionsArg,
  type PathFor,
  type PathsUnder,
  type RequestBody,
  type RequestOptions,
  type UploadOptions,
} from "../../lib/api";
import { clearSession } from "../../lib/session";
import { reportForbidden } from "./forbidden";

/** The back office's routes, under /api/v1/admin, named without /admin as `adminApi()` is called. */
export type AdminPaths = PathsUnder<ApiPaths, "/admin">;
/** What a back-office route answers, and the body it takes, by the document. */
export type AdminAnswer<P extends keyof AdminPaths, M extends Method = "GET"> = Answer<AdminPaths, P, M>;
export type AdminBody<P extends keyof AdminPaths, M extends Method> = RequestBody<AdminPaths, P, M>;

/** A back-office request: its refusal handled (handleAdminError), then given back to the caller. */
async function asAdmin<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (err) {
    handleAdminError(err);
    throw err;
  }
}

// The client's functions with the types left to the back office's own signatures below: a path
// under /admin is the document's path with /admin in front, which TypeScript cannot follow.
const api = typedApi as (path: string, options?: unknown) => Promise<unknown>;
const untypedUpload = apiUpload as (
  path: string,
  options: unknown,
  onProgress: (ratio: number) => void,
) => Promise<unknown>;
const untypedDownload = apiDownload as (path: string, options: unknown) => ReturnType<typeof apiDownload>;

/**
 * Every back-office request goes through this: a 403 shows the 403 page in place of the page
 * that asked, and a 401 (the session ended) signs out, which brings back the sign-in prompt.
 */
export function adminApi<P extends PathFor<AdminPaths, M>, M extends Method = "GET">(
  path: P,
  ...[options]: OptionsArg<AdminPaths, P, M>
): Promise<Answer<AdminPaths, P, M>> {
  return asAdmin(api(`/admin${path}`, options) as Promise<Answer<AdminPaths, P, M>>);
}

/** A back-office upload with progress (the client's `apiUpload`), refusals handled as `adminApi`'s. */
export function adminUpload<P extends PathFor<AdminPaths, M>, M extends "POST" | "PUT" = "POST">(
  path: P,
  options: UploadOptions<AdminPaths, P, M>,
  onProgress: (ratio: number) => void,
): Promise<Answer<AdminPaths, P, M>> {
  return asAdmin(untypedUpload(`/admin${path}`, options, onProgress) as Promise<Answer<AdminPaths, P, M>>);
}

/** A back-office file (a CSV report; the client's `apiDownload`), refusals handled as `adminApi`'s. */
export function adminDownload<P extends PathFor<AdminPaths, M>, M extends Method = "GET">(
  path: P,
  options: RequestOptions<AdminPaths, P, M> & { accept: string },
) {
  return asAdmin(untypedDownload(`/admin${path}`, options));
}

export function handleAdminError(err: unknown): void {
  if (!(err instanceof ApiError)) return;
  if (err.status === 403) reportForbidden();
  if (err.status === 401) clearSession();
}

/** Which of the user's parks a picker offers: one country's (a service's parks), one operator's (a staff member's). */
export interface ParkChoiceFilter {
  country?: string | undefined;
  operator?: number | undefined;
}

/**
 * "The parks I may act on" for a permission (GET /admin/parks/choices): every back-office park
 * picker reads this one list. `status: "any"` adds the closed and deactivated parks (a report's
 * filter reads their past).
 */
export const parkChoicesQuery = (
  permission: Permission,
  status: "active" | "any" = "active",
  { country, operator }: ParkChoiceFilter = {},
) =>
  queryOptions({
    queryKey: ["admin", "park-choices", permission, status, country ?? null, operator ?? null],
    queryFn: ({ signal }) =>
      adminApi("/parks/choices", { query: { permission, status, country, operator }, signal }),
    staleTime: 5 * 60_000,
  });
