const KEY = "parkwell_social_redirect";

/** Whether a Google/Apple redirect sign-in is on its way back (checked without loading Firebase). */
export function socialRedirectPending(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

export function clearSocialRedirect(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage disabled: nothing was pending.
  }
}
