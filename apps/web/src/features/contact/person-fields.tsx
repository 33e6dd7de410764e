import { useTranslation } from "react-i18next";
import { TextField } from "../../components/ui/form-field";

type PersonField = "name" | "email" | "phone";

/** Name, e-mail and optional phone: the first fields of both the contact and the demo form. */
export function PersonFields(props: {
  values: Record<PersonField, string>;
  set: (name: PersonField) => (value: string) => void;
  err: (name: PersonField) => string | undefined;
  emailLabel: string;
}) {
  const { t } = useTranslation("contact");
  const { values, set, err } = props;
  return (
    <>
      <TextField
        name="name"
        label={t("fields.name")}
        autoComplete="name"
        required
        value={values.name}
        onChange={set("name")}
        error={err("name")}
        maxLength={120}
      />
      <TextField
        name="email"
        type="email"
        label={props.emailLabel}
        autoComplete="email"
        required
        value={values.email}
        onChange={set("email")}
        error={err("email")}
        maxLength={254}
      />
      <TextField
        name="phone"
        type="tel"
        label={t("fields.phone")}
        hint={t("fields.optional")}
        autoComplete="tel"
        value={values.phone}
        onChange={set("phone")}
        error={err("phone")}
        maxLength={32}
      />
    </>
  );
}
