import { ChangePasswordSchema } from "@parkwell/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { changePassword } from "./api";
import { errorText, serverFields, zodFields } from "../../lib/form-errors";
import { Field, FormAlert } from "./field";

/** Change the password with the current one; the server ends every other session. */
export function PasswordSection() {
  const { t } = useTranslation(["account", "auth"]);
  const [form, setForm] = useState({ current_password: "", new_password: "" });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    setError(null);
    const parsed = ChangePasswordSchema.safeParse(form);
    if (!parsed.success) {
      setFields(zodFields(parsed.error, t));
      return;
    }
    setFields({});
    setSaving(true);
    try {
      await changePassword(form);
      setForm({ current_password: "", new_password: "" });
      setMessage(t("password.changed"));
    } catch (err) {
      setFields(serverFields(t, err));
      setError(errorText(t, err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="acc-section" aria-labelledby="password-title">
      <h2 id="password-title">{t("password.title")}</h2>
      <form className="acc-form" noValidate onSubmit={(e) => void submit(e)}>
        <FormAlert message={message} tone="success" />
        <FormAlert message={error} />
        <div className="acc-grid">
          <Field
            label={t("password.current")}
            type="password"
            autoComplete="current-password"
            value={form.current_password}
            onChange={(e) => setForm({ ...form, current_password: e.target.value })}
            error={fields.current_password}
          />
          <Field
            label={t("password.new")}
            type="password"
            autoComplete="new-password"
            value={form.new_password}
            onChange={(e) => setForm({ ...form, new_password: e.target.value })}
            error={fields.new_password}
          />
        </div>
        <button type="submit" className="button acc-submit" disabled={saving}>
          {saving ? t("loading") : t("password.submit")}
        </button>
      </form>
    </section>
  );
}
