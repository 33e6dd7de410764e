import { ProfileUpdateSchema, type Profile } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { servedCountries } from "../../lib/country";
import { logout } from "../../lib/logout";
import { useSession } from "../../lib/session";
import { profileQuery } from "./api";
import { SelectField, TextField } from "../../components/ui/form-field";
import { errorText } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/use-schema-form";
import { FormAlert } from "../../components/ui/form-alert";
import { PasswordSection } from "./password-section";
import { PushSection } from "./push-section";
import { ReceiptDetailsSection } from "./receipt-details-section";
import { useSaveProfile } from "./use-save-profile";
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
      {profile.data ? (
        <ReceiptDetailsSection key={`receipts-${profile.data.id}`} profile={profile.data} />
      ) : null}
      <PushSection />
      <VehiclesSection />
      {profile.data?.auth_provider === "password" ? <PasswordSection /> : null}
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(["account", "auth"]);
  // The side panel's switch changes it (signed in), so the cached profile is the freshest.
  const cached = useSession().profile?.language;
  const language = cached === "fr" || cached === "en" ? cached : profile.language;
  const form = useSchemaForm<ProfileValues, typeof ProfileUpdateSchema>({
    schema: ProfileUpdateSchema,
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone: profile.phone ?? "",
      country_id: String(profile.country_id),
      photo_url: profile.photo_url ?? "",
      booking_reminders: profile.booking_reminders,
    },
    toInput: (v) => ({
      ...v,
      phone: v.phone || null,
      country_id: Number(v.country_id),
      photo_url: v.photo_url.trim() || null,
    }),
  });
  const save = useSaveProfile((err) => void form.showServerErrors(err));
  const errors = form.formState.errors;

  return (
    <section className="acc-section" aria-labelledby="profile-details">
      <h2 id="profile-details">{t("profile.details")}</h2>
      <p className="acc-muted">
        {t("profile.email")} <strong>{profile.email}</strong>
      </p>
      <p className="acc-muted">
        {t("profile.language")} <strong lang={language}>{t(`common:panel.languages.${language}`)}</strong>
        <br />
        {t("profile.languageHint")}
      </p>
      <form className="acc-form" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
        <FormAlert message={save.isSuccess ? t("profile.saved") : null} tone="success" />
        <FormAlert message={save.isError ? errorText(t, save.error) : null} />
        <div className="acc-grid">
          <TextField
            label={t("fields.firstName")}
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...form.register("first_name")}
          />
          <TextField
            label={t("fields.lastName")}
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...form.register("last_name")}
          />
          <TextField
            label={t("fields.phone")}
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register("phone")}
          />
          <TextField
            label={t("fields.photoUrl")}
            type="url"
            error={errors.photo_url?.message}
            {...form.register("photo_url")}
          />
          <SelectField
            label={t("fields.country")}
            error={errors.country_id?.message}
            options={servedCountries().map(
              (c) => [c.id, t(`countries.${c.code}`, { defaultValue: c.name })] as const,
            )}
            {...form.register("country_id")}
          />
        </div>
        <div className="acc-reminders">
          <label className="acc-check">
            <input
              type="checkbox"
              aria-describedby="profile-reminders-hint"
              {...form.register("booking_reminders")}
            />
            {t("profile.reminders")}
          </label>
          <p id="profile-reminders-hint" className="field__hint">
            {t("profile.remindersHint")}
          </p>
        </div>
        <button type="submit" className="button button--accent acc-submit" disabled={save.isPending}>
          {save.isPending ? t("loading") : t("profile.save")}
        </button>
      </form>
    </section>
  );
}

interface ProfileValues {
  first_name: string;
  last_name: string;
  phone: string;
  country_id: string;
  photo_url: string;
  booking_reminders: boolean;
}
