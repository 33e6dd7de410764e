import { api, ApiError, type RequestOptions } from "../../lib/api";
import { clearSession } from "../../lib/session";
import { reportForbidden } from "./forbidden";

/**
 * Every back-office request goes through this: a 403 shows the 403 page in place of the page
 * that asked, and a 401 (the session ended) signs out, which brings back the sign-in prompt.
 */
export async function adminApi<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await api<T>(`/admin${path}`, options);
  } catch (err) {
    handleAdminError(err);
    throw err;
  }
}

export function handleAdminError(err: unknown): void {
  if (!(err instanceof ApiError)) return;
  if (err.status === 403) reportForbidden();
  if (err.status === 401) clearSession();
}
