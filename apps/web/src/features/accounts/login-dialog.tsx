import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { closeLoginDialog, openLoginDialog, useLoginDialogOpen } from "../../lib/login-dialog";
import { readStorage, STORAGE_KEYS } from "../../lib/storage-keys";
import { authConfigQuery, profileQuery } from "./api";
import { FormAlert } from "../../components/ui/form-alert";
import { LoginForm } from "./login-form";
import { SocialError } from "./social-error";
import { clearSocialRedirect, socialRedirectPending } from "./social-pending";
import "./accounts.css";

/**
 * The login dialog any page opens with openLoginDialog(). A native modal <dialog>: focus stays
 * inside, Escape closes. Also finishes a Google/Apple redirect sign-in when the page returns.
 */
export function LoginDialog() {
  const { t } = useTranslation("auth");
  const open = useLoginDialogOpen();
  const ref = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  // On opening, a finished social login (marker 'true') loads the profile and goes to /.
  useEffect(() => {
    if (!open || readStorage(STORAGE_KEYS.socialLoginSuccess) !== "true" || !readStorage(STORAGE_KEYS.token))
      return;
    void queryClient.fetchQuery(profileQuery).finally(() => window.location.assign("/"));
  }, [open, queryClient]);

  useEffect(() => {
    if (!socialRedirectPending()) return;
    void (async () => {
      try {
        const config = await queryClient.fetchQuery(authConfigQuery);
        // Social login switched off meanwhile: say so, without loading Firebase.
        if (!config.social.enabled) {
          clearSocialRedirect();
          throw new SocialError("social.unavailable");
        }
        const { completeRedirect } = await import("./social");
        if (await completeRedirect(config.social)) {
          await queryClient.fetchQuery(profileQuery);
          window.location.assign("/");
        }
      } catch (err) {
        setError(t(err instanceof SocialError ? err.key : "social.redirectFailed"));
        openLoginDialog();
      }
    })();
  }, [queryClient, t]);

  return (
    <dialog ref={ref} className="acc-dialog" aria-labelledby="login-dialog-title" onClose={closeLoginDialog}>
      <div className="acc-dialog__head">
        <h2 id="login-dialog-title">{t("login.title")}</h2>
        <button
          type="button"
          className="acc-dialog__close"
          onClick={closeLoginDialog}
          aria-label={t("close")}
        >
          ×
        </button>
      </div>
      <FormAlert message={error} />
      {open ? (
        <LoginForm
          onNavigate={closeLoginDialog}
          onSuccess={() => {
            closeLoginDialog();
            window.location.reload();
          }}
        />
      ) : null}
    </dialog>
  );
}
