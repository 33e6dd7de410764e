import { STORAGE_KEYS, readStorage, writeStorage } from "./storage-keys";

/**
 * This browser's device id: a random id kept in localStorage, made at its first use. The API keeps
 * only its hash, to refuse a referral registered on a device its inviter used
 * (docs/PRODUCT-RULES.md#referrals). Without storage (private mode) there is none.
 */
export function deviceId(): string | undefined {
  const stored = readStorage(STORAGE_KEYS.deviceId);
  if (stored) return stored;
  if (typeof crypto === "undefined" || typeof crypto.randomUUID !== "function") return undefined;
  const made = crypto.randomUUID();
  writeStorage(STORAGE_KEYS.deviceId, made);
  // Storage refused it: an id that would change at every page is no device's.
  return readStorage(STORAGE_KEYS.deviceId) ?? undefined;
}
