import { normalizeReferralCode, REFERRAL_PARAM, RegisterSchema } from "@parkwell/contract";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { TermsCheckbox } from "../../components/terms-checkbox";
import { TextField } from "../../components/ui/form-field";
import { useSelectedCountry } from "../../lib/country";
import { deviceId } from "../../lib/device-id";
import { errorText } from "../../lib/form-errors";
import { readStorage, STORAGE_KEYS, writeStorage } from "../../lib/storage-keys";
import { useSchemaForm } from "../../lib/use-schema-form";
import { register } from "./api";
import { FormAlert } from "../../components/ui/form-alert";
import "./accounts.css";

const EMPTY = { first_name: "", last_name: "", email: "", phone: "", password: "", accept_terms: false };

/**
 * The referral code the visitor came with: the link's `?ref=` (kept in localStorage, so it survives
 * a detour to sign-in or another page before registering), else the one kept from an earlier visit.
 */
function useReferralCode(): string | null {
  const [params] = useSearchParams();
  const fromLink = normalizeReferralCode(params.get(REFERRAL_PARAM));
  // Kept once per link opened: a registration made with it forgets it, and the page stays on the link.
  useEffect(() => {
    if (fromLink) writeStorage(STORAGE_KEYS.referralCode, fromLink);
  }, [fromLink]);
  return fromLink ?? normalizeReferralCode(readStorage(STORAGE_KEYS.referralCode));
}

/** /register: creates the account and mails a verification link; it does not log in. */
export function RegisterPage() {
  const { t, i18n } = useTranslation("auth");
  const country = useSelectedCountry();
  const referralCode = useReferralCode();
  const form = useSchemaForm<typeof EMPTY, typeof RegisterSchema>({
    schema: RegisterSchema,
    defaultValues: EMPTY,
    toInput: (v) => ({
      ...v,
      phone: v.phone || null,
      country_id: country.id,
      language: i18n.language === "fr" ? "fr" : "en",
      referral_code: referralCode,
      device_id: deviceId() ?? null,
    }),
  });
  const create = useMutation({
    mutationFn: async (body: Parameters<typeof register>[0]) => {
      await register(body);
      writeStorage(STORAGE_KEYS.email, body.email);
      // The invitation is the new account's now.
      writeStorage(STORAGE_KEYS.referralCode, null);
      return body.email;
    },
    onError: (err) => void form.showServerErrors(err),
  });
  const errors = form.formState.errors;

  if (create.isSuccess) {
    return (
      <section className="acc-card" aria-labelledby="register-title">
        <h1 id="register-title">{t("register.doneTitle")}</h1>
        <p role="status">{t("register.done", { email: create.data })}</p>
        <Link className="button" to="/verify">
          {t("register.resendLink")}
        </Link>
      </section>
    );
  }
  return (
    <section className="acc-card" aria-labelledby="register-title">
      <h1 id="register-title">{t("register.title")}</h1>
      {referralCode && (
        <p className="acc-note" data-testid="referral-note">
          {t("register.invited", { code: referralCode })}
        </p>
      )}
      <form
        className="acc-form"
        noValidate
        onSubmit={form.handleSubmit((body) => create.mutate(body))}
        aria-busy={create.isPending}
      >
        <FormAlert message={create.isError ? errorText(t, create.error) : null} />
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
        </div>
        <TextField
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label={t("fields.phoneOptional")}
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register("phone")}
        />
        <TextField
          label={t("fields.password")}
          type="password"
          autoComplete="new-password"
          hint={t("register.passwordHint")}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <TermsCheckbox registration={form.register("accept_terms")} error={errors.accept_terms?.message} />
        <button type="submit" className="button button--accent acc-submit" disabled={create.isPending}>
          {create.isPending ? t("loading") : t("register.submit")}
        </button>
        <p className="acc-switch">
          {t("register.haveAccount")} <Link to="/auth">{t("register.login")}</Link>
        </p>
      </form>
    </section>
  );
}
