import { EmailBodySchema } from "@parkwell/contract";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { readStorage, STORAGE_KEYS } from "../../lib/storage-keys";
import { resendVerification, storeSignIn, verifyEmail } from "./api";
import { TextField } from "../../components/ui/form-field";
import { errorText } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/use-schema-form";
import { FormAlert } from "../../components/ui/form-alert";
import "./accounts.css";

type State = "verifying" | "verified" | "alreadyVerified" | "failed" | "idle";

/**
 * /verify?token=...: verifies the e-mail, signs in and says so, with where to go next; a link
 * opened again for a verified address says it is verified already. Without a token, or with a
 * bad one, it offers a new link.
 */
export function VerifyPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const token = params.get("token");
  const [state, setState] = useState<State>(token ? "verifying" : "idle");
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // A token works once: StrictMode's second effect run must not spend it again.
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token)
      .then((res) => {
        storeSignIn(res);
        setState("verified");
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.code === "already_verified") {
          setState("alreadyVerified");
          return;
        }
        setError(errorText(t, err));
        setState("failed");
      });
  }, [token, t]);

  if (state === "verified" || state === "alreadyVerified") {
    const done = state === "verified";
    return (
      <section className="acc-card" aria-labelledby="verify-title">
        <h1 id="verify-title">{t(done ? "verify.doneTitle" : "verify.alreadyTitle")}</h1>
        <p role="status">{t(done ? "verify.doneText" : "verify.alreadyText")}</p>
        <p className="acc-actions">
          {/* A full load, so the header and every cache start from the new session. */}
          <a className="button button--accent" href="/parks-list">
            {t("verify.findParking")}
          </a>{" "}
          {done ? (
            <a className="button" href="/profile">
              {t("verify.profile")}
            </a>
          ) : (
            <Link className="button" to="/auth">
              {t("register.login")}
            </Link>
          )}
        </p>
      </section>
    );
  }

  return (
    <section className="acc-card" aria-labelledby="verify-title">
      <h1 id="verify-title">{t("verify.title")}</h1>
      {state === "verifying" ? <p role="status">{t("verify.verifying")}</p> : null}
      <FormAlert message={error} />
      {state !== "verifying" ? <ResendForm /> : null}
    </section>
  );
}

function ResendForm() {
  const { t } = useTranslation("auth");
  const form = useSchemaForm<{ email: string }, typeof EmailBodySchema>({
    schema: EmailBodySchema,
    defaultValues: { email: readStorage(STORAGE_KEYS.email) ?? "" },
  });
  const send = useMutation({ mutationFn: ({ email }: { email: string }) => resendVerification(email) });
  return (
    <form className="acc-form" noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))}>
      <p>{t("verify.checkInbox")}</p>
      <FormAlert message={send.isSuccess ? t("verify.resent") : null} tone="success" />
      <FormAlert message={send.isError ? errorText(t, send.error) : null} />
      <TextField
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register("email")}
      />
      <button type="submit" className="button button--accent acc-submit" disabled={send.isPending}>
        {send.isPending ? t("loading") : t("verify.resend")}
      </button>
      <p className="acc-switch">
        <Link to="/auth">{t("register.login")}</Link>
      </p>
    </form>
  );
}
