import type { AuthResponse } from "@parkwell/contract";
import { ApiError } from "./api";
import { setCachedProfile, setToken } from "./session";
import { STORAGE_KEYS, writeStorage } from "./storage-keys";

/** A login response without access_token fails with 'Invalid response from server'. */
export const INVALID_RESPONSE = "Invalid response from server";

/**
 * Stores what a successful sign-in returns (a login, a verified e-mail, an accepted invitation)
 * under the keys of docs/PRODUCT-RULES.md#storage-keys.
 */
export function storeSignIn(res: Partial<AuthResponse> | undefined): void {
  if (!res?.access_token) throw new ApiError(0, "invalid_response", INVALID_RESPONSE);
  setToken(res.access_token);
  if (res.user) {
    writeStorage(STORAGE_KEYS.user, JSON.stringify(res.user));
    setCachedProfile(res.user);
  }
}
