import { useTranslation } from "react-i18next";
import { PageHeader, Sections, type InfoSection } from "../../components/ui/info-content";
import { ContactForm } from "./contact-form";

interface Faq {
  q: string;
  a: string;
}

/** /help: answers to the common questions, then the Contact Us form. */
export function HelpPage() {
  const { t } = useTranslation("contact");
  const faqs = t("help.faqs", { returnObjects: true }) as Faq[];
  const channels = t("help.channels", { returnObjects: true }) as InfoSection[];
  return (
    <article className="info">
      <PageHeader title={t("help.title")} lead={t("help.lead")} />
      <div className="container two-columns">
        <section aria-labelledby="faq-title" className="prose">
          <h2 id="faq-title">{t("help.faqTitle")}</h2>
          {Array.isArray(faqs) &&
            faqs.map((f) => (
              <details key={f.q} className="faq">
                <summary>{f.q}</summary>
                <p>{f.a}</p>
              </details>
            ))}
          <Sections sections={Array.isArray(channels) ? channels : []} bare />
        </section>
        <ContactForm />
      </div>
    </article>
  );
}
