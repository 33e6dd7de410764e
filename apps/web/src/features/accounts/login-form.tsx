import { EmailSchema, PasswordSchema } from "@parkwell/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { ApiError } from "../../lib/api";
import { STORAGE_KEYS, writeStorage } from "../../lib/storage-keys";
import { login, storeSignIn } from "./api";
import { errorText, zodFields } from "../../lib/form-errors";
import { Field, FormAlert } from "./field";
import { SocialButtons } from "./social-buttons";

const LoginFormSchema = z.object({ email: EmailSchema, password: PasswordSchema });

/** E-mail and password, Remember me, Google and Apple, links to forgot-password and register. */
export function LoginForm({ onSuccess, onNavigate }: { onSuccess: () => void; onNavigate?: () => void }) {
  const { t } = useTranslation("auth");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [unverified, setUnverified] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = LoginFormSchema.safeParse({ email, password });
    if (!parsed.success) {
      setFields(zodFields(parsed.error, t));
      return;
    }
    setFields({});
    setSubmitting(true);
    try {
      // The e-mail is sent as the identifier.
      storeSignIn(await login(parsed.data.email, parsed.data.password));
      onSuccess();
    } catch (err) {
      setError(errorText(t, err));
      // An unverified account gets a way to ask for a new link, with the address kept (stored as 'email').
      const needsVerify = err instanceof ApiError && err.code === "email_not_verified";
      if (needsVerify) writeStorage(STORAGE_KEYS.email, parsed.data.email);
      setUnverified(needsVerify);
      setSubmitting(false);
    }
  };

  return (
    <form className="acc-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={submitting}>
      <FormAlert message={error} />
      {unverified ? (
        <Link to="/verify" onClick={onNavigate}>
          {t("login.resendVerification")}
        </Link>
      ) : null}
      <Field
        label={t("fields.email")}
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fields.email}
      />
      <Field
        label={t("fields.password")}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fields.password}
      />
      <div className="acc-row">
        <label className="acc-check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t("login.remember")}
        </label>
        <Link to="/auth/forgot-password" onClick={onNavigate}>
          {t("login.forgot")}
        </Link>
      </div>
      <button type="submit" className="button button--accent acc-submit" disabled={submitting}>
        {submitting ? t("loading") : t("login.submit")}
      </button>
      <p className="acc-or">{t("login.or")}</p>
      <SocialButtons onError={setError} />
      <p className="acc-switch">
        {t("login.noAccount")}{" "}
        <Link to="/auth/register" onClick={onNavigate}>
          {t("login.register")}
        </Link>
      </p>
    </form>
  );
}
