import { EmailSchema, PasswordSchema } from "@parkwell/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { forgotPassword, resetPassword } from "./api";
import { errorText, translateMessage } from "../../lib/form-errors";
import { Field, FormAlert } from "./field";
import "./accounts.css";

/** /forgot-password: request a link; with ?mode=reset&token=..., choose the new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const token = params.get("token");
  const reset = params.get("mode") === "reset" && token;
  return (
    <section className="acc-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{reset ? t("reset.title") : t("forgot.title")}</h1>
      {reset ? <ResetForm token={token} /> : <RequestForm />}
      <p className="acc-switch">
        <Link to="/auth">{t("register.login")}</Link>
      </p>
    </section>
  );
}

function useSubmit<T>(run: (v: T) => Promise<string>) {
  const { t } = useTranslation("auth");
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const go = async (v: T) => {
    setSubmitting(true);
    setError(null);
    try {
      setMessage(await run(v));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setSubmitting(false);
    }
  };
  return { message, error, submitting, go };
}

function RequestForm() {
  const { t } = useTranslation("auth");
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const s = useSubmit(async (v: string) => (await forgotPassword(v), t("forgot.sent")));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = EmailSchema.safeParse(email);
    setFieldError(parsed.success ? undefined : translateMessage(t, parsed.error.issues[0]?.message ?? ""));
    if (parsed.success) void s.go(parsed.data);
  };
  return (
    <form className="acc-form" noValidate onSubmit={submit}>
      <p>{t("forgot.lead")}</p>
      <FormAlert message={s.message} tone="success" />
      <FormAlert message={s.error} />
      <Field
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError}
      />
      <button type="submit" className="button button--accent acc-submit" disabled={s.submitting}>
        {s.submitting ? t("loading") : t("forgot.submit")}
      </button>
    </form>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation("auth");
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const s = useSubmit(async (v: string) => (await resetPassword(token, v), t("reset.done")));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PasswordSchema.safeParse(password);
    setFieldError(parsed.success ? undefined : translateMessage(t, parsed.error.issues[0]?.message ?? ""));
    if (parsed.success) void s.go(parsed.data);
  };
  return (
    <form className="acc-form" noValidate onSubmit={submit}>
      <FormAlert message={s.message} tone="success" />
      <FormAlert message={s.error} />
      {s.message ? null : (
        <>
          <Field
            label={t("fields.newPassword")}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError}
            hint={t("register.passwordHint")}
          />
          <button type="submit" className="button button--accent acc-submit" disabled={s.submitting}>
            {s.submitting ? t("loading") : t("reset.submit")}
          </button>
        </>
      )}
    </form>
  );
}
