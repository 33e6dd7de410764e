import { CONTACT_TOPICS, ContactRequestSchema } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../components/ui/form-field";
import { sendContact } from "./api";
import { FormStatus } from "./form-status";
import { PersonFields } from "./person-fields";
import { errorText, useInquiryForm } from "./use-inquiry-form";

const initial = { name: "", email: "", phone: "", topic: "booking", message: "" };

/** Contact Us (/help): stored on the server (POST /contact); support answers by e-mail. */
export function ContactForm() {
  const { t, i18n } = useTranslation("contact");
  const form = useInquiryForm({
    initial,
    schema: ContactRequestSchema,
    toPayload: (v) => ({ ...v, language: i18n.language === "fr" ? "fr" : "en" }),
    send: sendContact,
  });
  const err = (name: string) => errorText(t, form.errors[name]);
  if (form.status.kind === "sent") {
    return <FormStatus status={form.status} onAgain={form.reset} kind="contact" />;
  }
  return (
    <form
      className="form card"
      noValidate
      onSubmit={(e) => void form.onSubmit(e)}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">{t("contactTitle")}</h2>
      <p className="field__hint">{t("requiredNote")}</p>
      <PersonFields values={form.values} set={form.set} err={err} emailLabel={t("fields.email")} />
      <SelectField
        name="topic"
        label={t("fields.topic")}
        required
        value={form.values.topic}
        onChange={form.set("topic")}
        error={err("topic")}
        options={CONTACT_TOPICS.map((topic) => [topic, t(`topics.${topic}`)])}
      />
      <TextField
        name="message"
        label={t("fields.message")}
        multiline
        required
        value={form.values.message}
        onChange={form.set("message")}
        error={err("message")}
        maxLength={5000}
      />
      <FormStatus status={form.status} kind="contact" />
      <button type="submit" className="button button--accent" disabled={form.status.kind === "submitting"}>
        {form.status.kind === "submitting" ? t("sending") : t("send")}
      </button>
    </form>
  );
}
