/** Whether a Google/Apple redirect sign-in is on its way back (checked without loading Firebase). */
export function socialRedirectPending(): boolean {
  try {
    return sessionStorage.getItem("parkwell_social_redirect") !== null;
  } catch {
    return false;
  }
}
