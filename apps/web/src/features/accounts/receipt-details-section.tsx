import { ProfileUpdateSchema, type Profile } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { TextAreaField, TextField } from "../../components/ui/form-field";
import { useSchemaForm } from "../../lib/use-schema-form";
import { useSaveProfile } from "./use-save-profile";

interface ReceiptDetailsValues {
  company_name: string;
  company_address: string;
  company_tax_id: string;
}

/**
 * "Receipt details": the company printed as the buyer on the driver's receipts (PATCH the
 * profile's company_name, company_address, company_tax_id; an empty field clears it). Receipts
 * issued from then on show them; the ones issued before keep what they said.
 */
export function ReceiptDetailsSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation(["account", "auth"]);
  const form = useSchemaForm<ReceiptDetailsValues, typeof ProfileUpdateSchema>({
    schema: ProfileUpdateSchema,
    defaultValues: {
      company_name: profile.company_name ?? "",
      company_address: profile.company_address ?? "",
      company_tax_id: profile.company_tax_id ?? "",
    },
  });
  const save = useSaveProfile((err) => void form.showServerErrors(err));
  const errors = form.formState.errors;

  return (
    <section className="acc-section" aria-labelledby="receipt-details-title">
      <h2 id="receipt-details-title">{t("receiptDetails.title")}</h2>
      <p className="acc-muted">{t("receiptDetails.intro")}</p>
      <form
        className="acc-form"
        noValidate
        aria-labelledby="receipt-details-title"
        onSubmit={form.handleSubmit((body) => save.mutate(body))}
      >
        <FormAlert message={save.isSuccess ? t("receiptDetails.saved") : null} tone="success" />
        <FormAlert message={save.isError ? form.serverAlert(save.error) : null} />
        <div className="acc-grid acc-grid--pair">
          <TextField
            label={t("receiptDetails.companyName")}
            autoComplete="organization"
            maxLength={200}
            error={errors.company_name?.message}
            {...form.register("company_name")}
          />
          <TextField
            label={t("receiptDetails.taxId")}
            maxLength={50}
            error={errors.company_tax_id?.message}
            {...form.register("company_tax_id")}
          />
          <TextAreaField
            label={t("receiptDetails.companyAddress")}
            rows={3}
            wide
            autoComplete="street-address"
            error={errors.company_address?.message}
            {...form.register("company_address")}
          />
        </div>
        <button type="submit" className="button acc-submit" disabled={save.isPending}>
          {save.isPending ? t("loading") : t("receiptDetails.save")}
        </button>
      </form>
    </section>
  );
}
