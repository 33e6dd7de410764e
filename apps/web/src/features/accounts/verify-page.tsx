import { EmailSchema } from "@parkwell/contract";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { readStorage, STORAGE_KEYS } from "../../lib/storage-keys";
import { resendVerification, storeSignIn, verifyEmail } from "./api";
import { errorText, translateMessage } from "../../lib/form-errors";
import { Field, FormAlert } from "./field";
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
  const [email, setEmail] = useState(readStorage(STORAGE_KEYS.email) ?? "");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = EmailSchema.safeParse(email);
    setFieldError(parsed.success ? undefined : translateMessage(t, parsed.error.issues[0]?.message ?? ""));
    if (!parsed.success) return;
    setSubmitting(true);
    setError(null);
    try {
      await resendVerification(parsed.data);
      setMessage(t("verify.resent"));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <form className="acc-form" noValidate onSubmit={(e) => void submit(e)}>
      <p>{t("verify.checkInbox")}</p>
      <FormAlert message={message} tone="success" />
      <FormAlert message={error} />
      <Field
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError}
      />
      <button type="submit" className="button button--accent acc-submit" disabled={submitting}>
        {submitting ? t("loading") : t("verify.resend")}
      </button>
      <p className="acc-switch">
        <Link to="/auth">{t("register.login")}</Link>
      </p>
    </form>
  );
}
