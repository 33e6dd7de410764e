import { normalizeReferralCode, type AuthConfig, type SocialLoginResponse } from "@parkwell/contract";
import type * as FirebaseAuth from "firebase/auth";
import type { Auth, AuthProvider, User } from "firebase/auth";
import { ApiError } from "../../lib/api";
import { deviceId } from "../../lib/device-id";
import { readStorage, STORAGE_KEYS, writeStorage } from "../../lib/storage-keys";
import { socialLogin, storeSignIn } from "./api";
import { SocialError } from "./social-error";

export type SocialProvider = "google" | "apple";

const REDIRECT_PENDING = "parkwell_social_redirect"; // also read by social-pending.ts
const FALLBACK_TO_REDIRECT = new Set([
  "auth/popup-blocked",
  "auth/popup-closed-by-user",
  "auth/cancelled-popup-request",
  "auth/operation-not-supported-in-this-environment",
  "auth/web-storage-unsupported",
]);

/** Firebase Auth is fetched only when social login is configured and used (~34 KB gz). */
async function firebase(config: AuthConfig["social"]) {
  const [{ initializeApp, getApps }, auth] = await Promise.all([
    import("firebase/app"),
    import("firebase/auth"),
  ]);
  const app =
    getApps()[0] ??
    initializeApp({
      apiKey: config.api_key ?? "",
      authDomain: config.auth_domain ?? "",
      projectId: config.project_id ?? "",
    });
  return { auth, instance: auth.getAuth(app) };
}

function providerFor(auth: typeof FirebaseAuth, p: SocialProvider): AuthProvider {
  if (p === "google") return new auth.GoogleAuthProvider();
  const apple = new auth.OAuthProvider("apple.com");
  apple.addScope("email");
  apple.addScope("name");
  return apple;
}

function mapFirebaseError(code: string, provider: SocialProvider): SocialError {
  if (code === "auth/account-exists-with-different-credential")
    return new SocialError("social.accountExists");
  if (code === "auth/user-disabled") return new SocialError("social.disabled");
  if (code === "auth/user-not-found") return new SocialError("social.noAccount");
  if (code === "auth/network-request-failed") return new SocialError("social.network");
  if (provider === "apple") {
    return new SocialError(
      code === "auth/operation-not-allowed" ? "social.appleDisabled" : "social.appleFailed",
    );
  }
  return new SocialError("social.googleFailed");
}

/** Exchanges the Firebase user for our own session and sets the social-login flags. */
async function exchange(user: User, provider: SocialProvider): Promise<SocialLoginResponse> {
  let res: SocialLoginResponse;
  try {
    res = await socialLogin({
      id_token: await user.getIdToken(),
      email: user.email,
      name: user.displayName,
      photo_url: user.photoURL,
      firebase_uid: user.uid,
      provider,
      // A new account keeps the driver's link it came by, as a registration does.
      referral_code: normalizeReferralCode(readStorage(STORAGE_KEYS.referralCode)),
      device_id: deviceId() ?? null,
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && /already exists/i.test(err.message)) {
      throw new SocialError("social.accountExists");
    }
    if (err instanceof ApiError && err.code === "social_email_unverified") {
      throw new SocialError("social.emailUnverified");
    }
    if (err instanceof ApiError && err.code === "account_disabled") throw new SocialError("social.disabled");
    if (err instanceof ApiError && err.status === 409) throw new SocialError("social.linking");
    if (err instanceof ApiError && err.status === 503) throw new SocialError("social.unavailable");
    if (err instanceof ApiError && err.status === 0) throw new SocialError("social.network");
    throw new SocialError("social.failed");
  }
  if (!res?.access_token) throw new SocialError("social.noAccessToken");
  storeSignIn(res);
  writeStorage(STORAGE_KEYS.socialLoginSuccess, "true");
  writeStorage(STORAGE_KEYS.socialLoginNewUser, String(res.is_new_user));
  if (res.is_new_user) writeStorage(STORAGE_KEYS.referralCode, null);
  return res;
}

/**
 * Popup first; if the popup is blocked, closed or cancelled, or storage is unsupported, a
 * full-page redirect. Resolves 'redirecting' when the page is about to leave.
 */
export async function socialSignIn(
  config: AuthConfig["social"],
  provider: SocialProvider,
): Promise<SocialLoginResponse | "redirecting"> {
  const { auth, instance } = await firebase(config);
  const p = providerFor(auth, provider);
  try {
    const cred = await auth.signInWithPopup(instance as Auth, p);
    return await exchange(cred.user, provider);
  } catch (err) {
    if (err instanceof SocialError) throw err;
    const code = (err as { code?: string }).code ?? "";
    if (!FALLBACK_TO_REDIRECT.has(code)) throw mapFirebaseError(code, provider);
    try {
      sessionStorage.setItem(REDIRECT_PENDING, provider);
      await auth.signInWithRedirect(instance, p);
      return "redirecting";
    } catch {
      throw new SocialError(code === "auth/popup-blocked" ? "social.allowPopups" : "social.failed");
    }
  }
}

/** After a redirect sign-in returns to the app: processes the result once. */
export async function completeRedirect(config: AuthConfig["social"]): Promise<boolean> {
  let provider: string | null;
  try {
    provider = sessionStorage.getItem(REDIRECT_PENDING);
    sessionStorage.removeItem(REDIRECT_PENDING);
  } catch {
    return false;
  }
  if (provider !== "google" && provider !== "apple") return false;
  const { auth, instance } = await firebase(config);
  try {
    const result = await auth.getRedirectResult(instance);
    if (!result) return false;
    await exchange(result.user, provider);
    return true;
  } catch (err) {
    if (err instanceof SocialError) throw err;
    throw new SocialError("social.redirectFailed");
  }
}
