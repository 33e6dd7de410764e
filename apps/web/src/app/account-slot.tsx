import { lazy, Suspense, useEffect } from "react";
import { socialRedirectPending } from "../features/accounts/social-pending";
import { useHydrated } from "../lib/hydrated";
import { useLoginDialogOpen } from "../lib/login-dialog";
import { syncProfile } from "../lib/profile-sync";
import { useSession } from "../lib/session";

const TermsNotice = lazy(async () => ({
  default: (await import("../features/accounts/terms-notice")).TermsNotice,
}));

const LoginDialog = lazy(async () => ({
  default: (await import("../features/accounts/login-dialog")).LoginDialog,
}));

/**
 * Account plumbing of the main layout: fetches the profile when a token has none cached, and
 * loads the login dialog's code the first time it opens (or when a social redirect returns).
 */
export function AccountSlot() {
  const open = useLoginDialogOpen();
  const { token } = useSession();
  useEffect(() => {
    void syncProfile();
  }, [token]);
  // A signed-in user whose accepted Terms are older than the current ones is asked once (decision 035).
  const terms = token ? (
    <Suspense fallback={null}>
      <TermsNotice />
    </Suspense>
  ) : null;
  // The way back from a redirect sign-in is in this tab's storage: read once hydrated (the server has none).
  const hydrated = useHydrated();
  if (!open && !(hydrated && socialRedirectPending())) return terms;
  return (
    <>
      {terms}
      <Suspense fallback={null}>
        <LoginDialog />
      </Suspense>
    </>
  );
}
