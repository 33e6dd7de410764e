import { EmailSchema, PasswordSchema } from "@parkwell/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { TextField } from "../../components/ui/form-field";
import { ApiError } from "../../lib/api";
import { errorText } from "../../lib/form-errors";
import { STORAGE_KEYS, writeStorage } from "../../lib/storage-keys";
import { useSchemaForm } from "../../lib/use-schema-form";
import { login, storeSignIn } from "./api";
import { FormAlert } from "../../components/ui/form-alert";
import { SocialButtons } from "./social-buttons";

const LoginFormSchema = z.object({ email: EmailSchema, password: PasswordSchema });

/** E-mail and password, Remember me, Google and Apple, links to forgot-password and register. */
export function LoginForm({ onSuccess, onNavigate }: { onSuccess: () => void; onNavigate?: () => void }) {
  const { t } = useTranslation("auth");
  const form = useSchemaForm<{ email: string; password: string }, typeof LoginFormSchema>({
    schema: LoginFormSchema,
    defaultValues: { email: "", password: "" },
  });
  const [remember, setRemember] = useState(false);
  const [socialError, setSocialError] = useState<string | null>(null);
  const signIn = useMutation({
    // The e-mail is sent as the identifier.
    mutationFn: async ({ email, password }: z.output<typeof LoginFormSchema>) =>
      storeSignIn(await login(email, password)),
    onMutate: () => setSocialError(null),
    onSuccess,
    // An unverified account gets a way to ask for a new link, with the address kept (stored as 'email').
    onError: (err, { email }) => {
      if (unverified(err)) writeStorage(STORAGE_KEYS.email, email);
    },
  });
  const errors = form.formState.errors;
  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <form
      className="acc-form"
      noValidate
      onSubmit={form.handleSubmit((v) => signIn.mutate(v))}
      aria-busy={busy}
    >
      <FormAlert message={socialError ?? (signIn.isError ? errorText(t, signIn.error) : null)} />
      {signIn.isError && unverified(signIn.error) ? (
        <Link to="/verify" onClick={onNavigate}>
          {t("login.resendVerification")}
        </Link>
      ) : null}
      <TextField
        label={t("fields.email")}
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <TextField
        label={t("fields.password")}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
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
      <button type="submit" className="button button--accent acc-submit" disabled={busy}>
        {busy ? t("loading") : t("login.submit")}
      </button>
      <p className="acc-or">{t("login.or")}</p>
      <SocialButtons
        onError={(message) => {
          signIn.reset();
          setSocialError(message);
        }}
      />
      <p className="acc-switch">
        {t("login.noAccount")}{" "}
        <Link to="/auth/register" onClick={onNavigate}>
          {t("login.register")}
        </Link>
      </p>
    </form>
  );
}

const unverified = (err: unknown) => err instanceof ApiError && err.code === "email_not_verified";
