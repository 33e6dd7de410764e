import { DEMO_INTERESTS, DemoRequestSchema } from "@parkwell/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SelectField, TextAreaField, TextField } from "../../components/ui/form-field";
import { getSelectedCountry, servedCountries } from "../../lib/country";
import { useSchemaForm } from "../../lib/use-schema-form";
import { sendDemoRequest } from "./api";
import { FormSent } from "./form-status";
import { FormAlert } from "../../components/ui/form-alert";
import { PersonFields } from "./person-fields";
import { countryLabel } from "../../lib/format";

interface Values {
  name: string;
  email: string;
  phone: string;
  company: string;
  country_code: string;
  interest: string;
  spaces: string;
  message: string;
}

/** Book a Demo (/book-demo): stored on the server (POST /demo-requests). */
export function DemoForm() {
  const { t, i18n } = useTranslation(["contact", "common"]);
  const form = useSchemaForm<Values, typeof DemoRequestSchema>({
    schema: DemoRequestSchema,
    defaultValues: {
      name: "",
      email: "",
      phone: "",
      company: "",
      country_code: getSelectedCountry().code,
      interest: "business_accounts",
      spaces: "",
      message: "",
    },
    toInput: (v) => ({
      ...v,
      spaces: v.spaces.trim() ? Number(v.spaces) : undefined,
      language: i18n.language === "fr" ? "fr" : "en",
    }),
  });
  const send = useMutation({ mutationFn: sendDemoRequest });
  const errors = form.formState.errors;
  if (send.isSuccess) {
    return (
      <FormSent
        receipt={send.data}
        kind="demo"
        onAgain={() => {
          form.reset();
          send.reset();
        }}
      />
    );
  }
  return (
    <form
      className="form card"
      noValidate
      onSubmit={form.handleSubmit((body) =>
        send.mutate(body, { onError: (err) => void form.showServerErrors(err) }),
      )}
      aria-labelledby="demo-form-title"
    >
      <h2 id="demo-form-title">{t("demoTitle")}</h2>
      <p className="field__hint">{t("requiredNote")}</p>
      <PersonFields register={form.register} errors={errors} emailLabel={t("fields.workEmail")} />
      <TextField
        label={t("fields.company")}
        autoComplete="organization"
        required
        maxLength={160}
        error={errors.company?.message}
        {...form.register("company")}
      />
      <SelectField
        label={t("fields.country")}
        required
        error={errors.country_code?.message}
        options={servedCountries().map((c) => [c.code, countryLabel(t, c)] as const)}
        {...form.register("country_code")}
      />
      <SelectField
        label={t("fields.interest")}
        required
        error={errors.interest?.message}
        options={DEMO_INTERESTS.map((i) => [i, t(`interests.${i}`)] as const)}
        {...form.register("interest")}
      />
      <TextField
        type="number"
        label={t("fields.spaces")}
        hint={t("fields.spacesHint")}
        error={errors.spaces?.message}
        {...form.register("spaces")}
      />
      <TextAreaField
        label={t("fields.demoMessage")}
        hint={t("fields.optional")}
        maxLength={5000}
        error={errors.message?.message}
        {...form.register("message")}
      />
      <FormAlert message={form.serverAlert(send.error)} />
      <button type="submit" className="button button--accent" disabled={send.isPending}>
        {send.isPending ? t("sending") : t("requestDemo")}
      </button>
    </form>
  );
}
