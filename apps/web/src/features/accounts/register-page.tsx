import { RegisterSchema } from "@parkwell/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSelectedCountry } from "../../lib/country";
import { STORAGE_KEYS, writeStorage } from "../../lib/storage-keys";
import { register } from "./api";
import { errorText, serverFields, zodFields } from "../../lib/form-errors";
import { Field, FormAlert } from "./field";
import "./accounts.css";

const EMPTY = { first_name: "", last_name: "", email: "", phone: "", password: "" };

/** /register: creates the account and mails a verification link; it does not log in. */
export function RegisterPage() {
  const { t, i18n } = useTranslation("auth");
  const country = useSelectedCountry();
  const [form, setForm] = useState(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = {
      ...form,
      phone: form.phone || null,
      country_id: country.id,
      language: (i18n.language === "fr" ? "fr" : "en") as "en" | "fr",
    };
    const parsed = RegisterSchema.safeParse(body);
    if (!parsed.success) {
      setFields(zodFields(parsed.error, t));
      return;
    }
    setFields({});
    setSubmitting(true);
    try {
      await register(body);
      writeStorage(STORAGE_KEYS.email, parsed.data.email);
      setDone(parsed.data.email);
    } catch (err) {
      setFields(serverFields(t, err));
      setError(errorText(t, err));
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <section className="acc-card" aria-labelledby="register-title">
        <h1 id="register-title">{t("register.doneTitle")}</h1>
        <p role="status">{t("register.done", { email: done })}</p>
        <Link className="button" to="/verify">
          {t("register.resendLink")}
        </Link>
      </section>
    );
  }
  return (
    <section className="acc-card" aria-labelledby="register-title">
      <h1 id="register-title">{t("register.title")}</h1>
      <form className="acc-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={submitting}>
        <FormAlert message={error} />
        <div className="acc-grid">
          <Field
            label={t("fields.firstName")}
            name="first_name"
            autoComplete="given-name"
            value={form.first_name}
            onChange={set("first_name")}
            error={fields.first_name}
          />
          <Field
            label={t("fields.lastName")}
            name="last_name"
            autoComplete="family-name"
            value={form.last_name}
            onChange={set("last_name")}
            error={fields.last_name}
          />
        </div>
        <Field
          label={t("fields.email")}
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          onChange={set("email")}
          error={fields.email}
        />
        <Field
          label={t("fields.phoneOptional")}
          type="tel"
          name="phone"
          autoComplete="tel"
          value={form.phone}
          onChange={set("phone")}
          error={fields.phone}
        />
        <Field
          label={t("fields.password")}
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set("password")}
          error={fields.password}
          hint={t("register.passwordHint")}
        />
        <button type="submit" className="button button--accent acc-submit" disabled={submitting}>
          {submitting ? t("loading") : t("register.submit")}
        </button>
        <p className="acc-switch">
          {t("register.haveAccount")} <Link to="/auth">{t("register.login")}</Link>
        </p>
      </form>
    </section>
  );
}
