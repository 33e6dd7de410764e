import { useTranslation } from "react-i18next";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextField } from "../../components/ui/form-field";

type Person = { name: string; email: string; phone: string };

/** Name, e-mail and optional phone: the first fields of both the contact and the demo form. */
export function PersonFields<V extends Person>(props: {
  register: UseFormRegister<V>;
  errors: FieldErrors<V>;
  emailLabel: string;
}) {
  const { t } = useTranslation("contact");
  // The three fields exist in both forms; their names are the same in each.
  const register = props.register as unknown as UseFormRegister<Person>;
  const errors = props.errors as FieldErrors<Person>;
  return (
    <>
      <TextField
        label={t("fields.name")}
        autoComplete="name"
        required
        maxLength={120}
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        type="email"
        label={props.emailLabel}
        autoComplete="email"
        required
        maxLength={254}
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        type="tel"
        label={t("fields.phone")}
        hint={t("fields.optional")}
        autoComplete="tel"
        maxLength={32}
        error={errors.phone?.message}
        {...register("phone")}
      />
    </>
  );
}
