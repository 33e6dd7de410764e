import { COUNTRY_CODES, DEMO_INTERESTS, DemoRequestSchema } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../components/ui/form-field";
import { getSelectedCountry } from "../../lib/country";
import { sendDemoRequest } from "./api";
import { FormStatus } from "./form-status";
import { PersonFields } from "./person-fields";
import { errorText, useInquiryForm } from "./use-inquiry-form";

/** Book a Demo (/book-demo): stored on the server (POST /demo-requests). */
export function DemoForm() {
  const { t, i18n } = useTranslation(["contact", "common"]);
  const form = useInquiryForm({
    initial: {
      name: "",
      email: "",
      phone: "",
      company: "",
      country_code: getSelectedCountry().code as string,
      interest: "business_accounts",
      spaces: "",
      message: "",
    },
    schema: DemoRequestSchema,
    toPayload: (v) => ({
      ...v,
      spaces: v.spaces.trim() ? Number(v.spaces) : undefined,
      language: i18n.language === "fr" ? "fr" : "en",
    }),
    send: sendDemoRequest,
  });
  const err = (name: string) => errorText(t, form.errors[name]);
  if (form.status.kind === "sent") {
    return <FormStatus status={form.status} onAgain={form.reset} kind="demo" />;
  }
  return (
    <form
      className="form card"
      noValidate
      onSubmit={(e) => void form.onSubmit(e)}
      aria-labelledby="demo-form-title"
    >
      <h2 id="demo-form-title">{t("demoTitle")}</h2>
      <p className="field__hint">{t("requiredNote")}</p>
      <PersonFields values={form.values} set={form.set} err={err} emailLabel={t("fields.workEmail")} />
      <TextField
        name="company"
        label={t("fields.company")}
        autoComplete="organization"
        required
        value={form.values.company}
        onChange={form.set("company")}
        error={err("company")}
        maxLength={160}
      />
      <SelectField
        name="country_code"
        label={t("fields.country")}
        required
        value={form.values.country_code}
        onChange={form.set("country_code")}
        error={err("country_code")}
        options={COUNTRY_CODES.map((code) => [code, t(`common:country.names.${code}`)])}
      />
      <SelectField
        name="interest"
        label={t("fields.interest")}
        required
        value={form.values.interest}
        onChange={form.set("interest")}
        error={err("interest")}
        options={DEMO_INTERESTS.map((i) => [i, t(`interests.${i}`)])}
      />
      <TextField
        name="spaces"
        type="number"
        label={t("fields.spaces")}
        hint={t("fields.spacesHint")}
        value={form.values.spaces}
        onChange={form.set("spaces")}
        error={err("spaces")}
      />
      <TextField
        name="message"
        label={t("fields.demoMessage")}
        hint={t("fields.optional")}
        multiline
        value={form.values.message}
        onChange={form.set("message")}
        error={err("message")}
        maxLength={5000}
      />
      <FormStatus status={form.status} kind="demo" />
      <button type="submit" className="button button--accent" disabled={form.status.kind === "submitting"}>
        {form.status.kind === "submitting" ? t("sending") : t("requestDemo")}
      </button>
    </form>
  );
}
