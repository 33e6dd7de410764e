import { EmailBodySchema, ResetPasswordSchema } from "@parkwell/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { TextField } from "../../components/ui/form-field";
import { errorText } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/use-schema-form";
import { forgotPassword, resetPassword } from "./api";
import { FormAlert } from "../../components/ui/form-alert";
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

function RequestForm() {
  const { t } = useTranslation("auth");
  const form = useSchemaForm<{ email: string }, typeof EmailBodySchema>({
    schema: EmailBodySchema,
    defaultValues: { email: "" },
  });
  const send = useMutation({ mutationFn: ({ email }: { email: string }) => forgotPassword(email) });
  return (
    <form className="acc-form" noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))}>
      <p>{t("forgot.lead")}</p>
      <FormAlert message={send.isSuccess ? t("forgot.sent") : null} tone="success" />
      <FormAlert message={send.isError ? errorText(t, send.error) : null} />
      <TextField
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register("email")}
      />
      <button type="submit" className="button button--accent acc-submit" disabled={send.isPending}>
        {send.isPending ? t("loading") : t("forgot.submit")}
      </button>
    </form>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation("auth");
  const form = useSchemaForm<{ password: string }, typeof ResetPasswordSchema>({
    schema: ResetPasswordSchema,
    defaultValues: { password: "" },
    toInput: (v) => ({ ...v, token }),
  });
  const save = useMutation({
    mutationFn: ({ password }: { password: string }) => resetPassword(token, password),
  });
  return (
    <form className="acc-form" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <FormAlert message={save.isSuccess ? t("reset.done") : null} tone="success" />
      <FormAlert message={save.isError ? errorText(t, save.error) : null} />
      {save.isSuccess ? null : (
        <>
          <TextField
            label={t("fields.newPassword")}
            type="password"
            autoComplete="new-password"
            hint={t("register.passwordHint")}
            error={form.formState.errors.password?.message}
            {...form.register("password")}
          />
          <button type="submit" className="button button--accent acc-submit" disabled={save.isPending}>
            {save.isPending ? t("loading") : t("reset.submit")}
          </button>
        </>
      )}
    </form>
  );
}
