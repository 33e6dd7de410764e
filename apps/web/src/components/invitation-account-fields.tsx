import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TextField } from "./ui/form-field";

/** What an invitation's form asks: the account's password, and for a new address its name too. */
export interface InvitationAccountValues extends FieldValues {
  password: string;
  first_name: string;
  last_name: string;
}

/**
 * The fields of an invitation link's form (a staff invitation, a company's): the invited address,
 * shown and not editable; for an address that has an account, its password; for a new one, a name
 * and a new password. The page around it says what is joined and holds the button.
 */
export function InvitationAccountFields<V extends InvitationAccountValues>({
  form,
  email,
  existing,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  email: string;
  existing: boolean;
}) {
  const { t } = useTranslation("auth");
  const errors = form.formState.errors;
  const field = (name: "password" | "first_name" | "last_name") => form.register(name as Path<V>);
  return (
    <>
      <TextField label={t("invitation.email")} type="email" value={email} readOnly autoComplete="username" />
      {existing ? (
        <p className="field__hint">{t("invitation.existing")}</p>
      ) : (
        <>
          <TextField
            label={t("invitation.firstName")}
            autoComplete="given-name"
            required
            error={errors.first_name?.message as string | undefined}
            {...field("first_name")}
          />
          <TextField
            label={t("invitation.lastName")}
            autoComplete="family-name"
            required
            error={errors.last_name?.message as string | undefined}
            {...field("last_name")}
          />
        </>
      )}
      <TextField
        label={t(existing ? "invitation.currentPassword" : "invitation.newPassword")}
        type="password"
        autoComplete={existing ? "current-password" : "new-password"}
        hint={existing ? undefined : t("register.passwordHint")}
        required
        error={errors.password?.message as string | undefined}
        {...field("password")}
      />
    </>
  );
}
