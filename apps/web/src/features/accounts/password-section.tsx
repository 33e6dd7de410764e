import { ChangePasswordSchema } from "@parkwell/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/ui/form-field";
import { errorText } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/use-schema-form";
import { changePassword } from "./api";
import { FormAlert } from "../../components/ui/form-alert";

const EMPTY = { current_password: "", new_password: "" };

/** Change the password with the current one; the server ends every other session. */
export function PasswordSection() {
  const { t } = useTranslation(["account", "auth"]);
  const form = useSchemaForm<typeof EMPTY, typeof ChangePasswordSchema>({
    schema: ChangePasswordSchema,
    defaultValues: EMPTY,
  });
  const save = useMutation({
    mutationFn: changePassword,
    onSuccess: () => form.reset(EMPTY),
    onError: (err) => void form.showServerErrors(err),
  });
  const errors = form.formState.errors;

  return (
    <section className="acc-section" aria-labelledby="password-title">
      <h2 id="password-title">{t("password.title")}</h2>
      <form className="acc-form" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
        <FormAlert message={save.isSuccess ? t("password.changed") : null} tone="success" />
        <FormAlert message={save.isError ? errorText(t, save.error) : null} />
        <div className="acc-grid">
          <TextField
            label={t("password.current")}
            type="password"
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...form.register("current_password")}
          />
          <TextField
            label={t("password.new")}
            type="password"
            autoComplete="new-password"
            error={errors.new_password?.message}
            {...form.register("new_password")}
          />
        </div>
        <button type="submit" className="button acc-submit" disabled={save.isPending}>
          {save.isPending ? t("loading") : t("password.submit")}
        </button>
      </form>
    </section>
  );
}
