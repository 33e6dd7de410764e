import { lazy, Suspense, useEffect } from "react";
import { socialRedirectPending } from "../features/accounts/social-pending";
import { useLoginDialogOpen } from "../lib/login-dialog";
import { syncProfile } from "../lib/profile-sync";
import { useSession } from "../lib/session";

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
  if (!open && !socialRedirectPending()) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  );
}
