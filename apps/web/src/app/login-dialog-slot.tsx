import { lazy, Suspense } from "react";
import { socialRedirectPending } from "../features/accounts/social-pending";
import { useLoginDialogOpen } from "../lib/login-dialog";

const LoginDialog = lazy(async () => ({
  default: (await import("../features/accounts/login-dialog")).LoginDialog,
}));

/** The login dialog's code loads the first time it opens (or when a social redirect returns). */
export function LoginDialogSlot() {
  const open = useLoginDialogOpen();
  if (!open && !socialRedirectPending()) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  );
}
