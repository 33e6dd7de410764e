import { ProfileUpdateSchema, type Profile } from "@parkwell/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { servedCountries } from "../../lib/country";
import { logout } from "../../lib/logout";
import { setCachedProfile, useSession } from "../../lib/session";
import { profileQuery, updateProfile } from "./api";
import { errorText, serverFields, zodFields } from "../../lib/form-errors";
import { Field, FormAlert } from "./field";
import { PasswordSection } from "./password-section";
import { VehiclesSection } from "./vehicles-section";
import "./accounts.css";

/** /profile (signed in only): edit the profile, manage saved vehicles, log out. */
export function ProfilePage() {
  const { t } = useTranslation(["account", "auth"]);
  const { signedIn } = useSession();
  const profile = useQuery({ ...profileQuery, enabled: signedIn });
  if (!signedIn) return <Navigate to="/" replace />;
  return (
    <div className="container page acc-profile">
      <div className="acc-profile__head">
        <h1>{t("profile.title")}</h1>
        <button type="button" className="button" onClick={() => void logout()}>
          {t("logout")}
        </button>
      </div>
      {profile.isPending ? <p role="status">{t("loading")}</p> : null}
      {profile.isError ? <FormAlert message={errorText(t, profile.error)} /> : null}
      {profile.data ? <ProfileForm key={profile.data.id} profile={profile.data} /> : null}
      <VehiclesSection />
      {profile.data?.auth_provider === "password" ? <PasswordSection /> : null}
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(["account", "auth"]);
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone ?? "",
    country_id: profile.country_id,
    photo_url: profile.photo_url ?? "",
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    setError(null);
    const body = { ...form, phone: form.phone || null, photo_url: form.photo_url.trim() || null };
    const parsed = ProfileUpdateSchema.safeParse(body);
    if (!parsed.success) {
      setFields(zodFields(parsed.error, t));
      return;
    }
    setFields({});
    setSaving(true);
    try {
      const updated = await updateProfile(body);
      setCachedProfile(updated);
      queryClient.setQueryData(profileQuery.queryKey, updated);
      setMessage(t("profile.saved"));
    } catch (err) {
      setFields(serverFields(t, err));
      setError(errorText(t, err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="acc-section" aria-labelledby="profile-details">
      <h2 id="profile-details">{t("profile.details")}</h2>
      <p className="acc-muted">
        {t("profile.email")}: <strong>{profile.email}</strong>
      </p>
      <form className="acc-form" noValidate onSubmit={(e) => void submit(e)}>
        <FormAlert message={message} tone="success" />
        <FormAlert message={error} />
        <div className="acc-grid">
          <Field
            label={t("fields.firstName")}
            autoComplete="given-name"
            value={form.first_name}
            onChange={(e) => setForm({ ...form, first_name: e.target.value })}
            error={fields.first_name}
          />
          <Field
            label={t("fields.lastName")}
            autoComplete="family-name"
            value={form.last_name}
            onChange={(e) => setForm({ ...form, last_name: e.target.value })}
            error={fields.last_name}
          />
          <Field
            label={t("fields.phone")}
            type="tel"
            autoComplete="tel"
            value={form.phone}
            onChange={(e) => setForm({ ...form, phone: e.target.value })}
            error={fields.phone}
          />
          <Field
            label={t("fields.photoUrl")}
            type="url"
            value={form.photo_url}
            onChange={(e) => setForm({ ...form, photo_url: e.target.value })}
            error={fields.photo_url}
          />
          <div className="acc-field">
            <label htmlFor="profile-country">{t("fields.country")}</label>
            <select
              id="profile-country"
              value={form.country_id}
              onChange={(e) => setForm({ ...form, country_id: Number(e.target.value) })}
            >
              {servedCountries().map((c) => (
                <option key={c.id} value={c.id}>
                  {t(`countries.${c.code}`, { defaultValue: c.name })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" className="button button--accent acc-submit" disabled={saving}>
          {saving ? t("loading") : t("profile.save")}
        </button>
      </form>
    </section>
  );
}
