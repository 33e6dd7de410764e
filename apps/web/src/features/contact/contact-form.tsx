import { CONTACT_TOPICS, ContactRequestSchema } from "@parkwell/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SelectField, TextAreaField } from "../../components/ui/form-field";
import { useSchemaForm } from "../../lib/use-schema-form";
import { sendContact } from "./api";
import { FormSent } from "./form-status";
import { FormAlert } from "../../components/ui/form-alert";
import { PersonFields } from "./person-fields";

const initial = { name: "", email: "", phone: "", topic: "booking", message: "" };

/** Contact Us (/help): stored on the server (POST /contact); support answers by e-mail. */
export function ContactForm() {
  const { t, i18n } = useTranslation("contact");
  const form = useSchemaForm<typeof initial, typeof ContactRequestSchema>({
    schema: ContactRequestSchema,
    defaultValues: initial,
    toInput: (v) => ({ ...v, language: i18n.language === "fr" ? "fr" : "en" }),
  });
  const send = useMutation({ mutationFn: sendContact });
  const errors = form.formState.errors;
  if (send.isSuccess) {
    return (
      <FormSent
        receipt={send.data}
        kind="contact"
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
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">{t("contactTitle")}</h2>
      <p className="field__hint">{t("requiredNote")}</p>
      <PersonFields register={form.register} errors={errors} emailLabel={t("fields.email")} />
      <SelectField
        label={t("fields.topic")}
        required
        error={errors.topic?.message}
        options={CONTACT_TOPICS.map((topic) => [topic, t(`topics.${topic}`)] as const)}
        {...form.register("topic")}
      />
      <TextAreaField
        label={t("fields.message")}
        required
        maxLength={5000}
        error={errors.message?.message}
        {...form.register("message")}
      />
      <FormAlert message={form.serverAlert(send.error)} />
      <button type="submit" className="button button--accent" disabled={send.isPending}>
        {send.isPending ? t("sending") : t("send")}
      </button>
    </form>
  );
}
