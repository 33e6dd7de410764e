import type { ParkChoiceList, Permission } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, apiDownload, ApiError, apiUpload, type RequestOptions } from "../../lib/api";
import { clearSession } from "../../lib/session";
import { reportForbidden } from "./forbidden";

/** A back-office request: its refusal handled (handleAdminError), then given back to the caller. */
async function asAdmin<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (err) {
    handleAdminError(err);
    throw err;
  }
}

/**
 * Every back-office request goes through this: a 403 shows the 403 page in place of the page
 * that asked, and a 401 (the session ended) signs out, which brings back the sign-in prompt.
 */
export function adminApi<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return asAdmin(api<T>(`/admin${path}`, options));
}

/** A back-office upload with progress (the client's `apiUpload`), refusals handled as `adminApi`'s. */
export function adminUpload<T>(
  path: string,
  form: FormData,
  onProgress: (ratio: number) => void,
): Promise<T> {
  return asAdmin(apiUpload<T>(`/admin${path}`, form, onProgress));
}

/** A back-office file (a CSV report; the client's `apiDownload`), refusals handled as `adminApi`'s. */
export function adminDownload(path: string, options: RequestOptions & { accept: string }) {
  return asAdmin(apiDownload(`/admin${path}`, options));
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
      adminApi<ParkChoiceList>("/parks/choices", {
        query: { permission, status, country, operator },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
