import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { TextField } from "../../components/ui/form-field";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { licenceExpiryQuery, saveLicenceExpiry } from "./api";
import { PaperStatuses } from "./papers";

/**
 * "Your driver's licence": its expiry date's status (valid, expires in N days, expired) and the
 * date typed by the driver when renewed elsewhere (PUT /vehicle-docs/licence-expiry). One date per
 * driver: a renewal through Parkwell replaces it, and the reverse.
 */
export function LicenceExpiry() {
  const { t } = useTranslation("vehicle-docs");
  const id = useId();
  const expiry = useQuery(licenceExpiryQuery());
  return (
    <section className="card" aria-labelledby={`${id}-own`}>
      <h2 id={`${id}-own`}>{t("ownLicence.title")}</h2>
      {expiry.isPending && <Spinner />}
      {expiry.isError && (
        <p role="alert" className="alert alert--error">
          {expiry.error instanceof ApiError ? expiry.error.message : t("loadError")}
        </p>
      )}
      {expiry.isSuccess &&
        (expiry.data.licence ? (
          <PaperStatuses expiries={[expiry.data.licence]} />
        ) : (
          <p className="field__hint">{t("ownLicence.none")}</p>
        ))}
      {expiry.isSuccess && <LicenceDateForm saved={expiry.data.licence?.expires_on ?? ""} />}
    </section>
  );
}

function LicenceDateForm({ saved }: { saved: string }) {
  const { t } = useTranslation("vehicle-docs");
  const client = useQueryClient();
  const [date, setDate] = useState(saved);
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: (expiresOn: string | null) => saveLicenceExpiry(expiresOn),
    onSuccess: (answer) => {
      client.setQueryData(licenceExpiryQuery().queryKey, answer);
      if (!answer.licence) setDate("");
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    setMissing(date === "");
    if (date !== "") save.mutate(date);
  };
  const fieldError = save.error instanceof ApiError ? save.error.fields?.expires_on : undefined;
  return (
    <details className="vd-expiries">
      <summary>{t("ownLicence.form")}</summary>
      <form noValidate onSubmit={submit} aria-label={t("ownLicence.form")}>
        <p className="field__hint">{t("ownLicence.hint")}</p>
        <TextField
          type="date"
          label={t("ownLicence.date")}
          value={date}
          error={fieldError}
          onChange={(e) => {
            setMissing(false);
            setDate(e.currentTarget.value);
          }}
        />
        <FormAlert
          message={
            missing
              ? t("ownLicence.missing")
              : save.error instanceof ApiError && !fieldError
                ? save.error.message
                : null
          }
        />
        <FormAlert
          tone="success"
          message={save.isSuccess ? t(save.data.licence ? "ownLicence.saved" : "ownLicence.cleared") : null}
        />
        <div className="vd-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? t("expiries.saving") : t("ownLicence.save")}
          </button>
          {saved && (
            <button
              type="button"
              className="button"
              disabled={save.isPending}
              onClick={() => save.mutate(null)}
            >
              {t("ownLicence.clear")}
            </button>
          )}
        </div>
      </form>
    </details>
  );
}
