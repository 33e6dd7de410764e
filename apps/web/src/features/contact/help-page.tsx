import type { Country } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/ui/info-content";
import { Spinner } from "../../components/ui/spinner";
import { usePageText } from "../../lib/pages";
import { useSelectedCountry } from "../../lib/country";
import { countryLabel } from "../../lib/format";
import { countriesQuery } from "../../lib/queries";
import { ContactForm } from "./contact-form";

interface Faq {
  q: string;
  a: string;
}

/**
 * /help: answers to the common questions (the FAQs page the company edits, decision 035: a
 * section's title is the question, its body the answer), the support team's contacts, then the
 * Contact Us form.
 */
export function HelpPage() {
  const { t } = useTranslation("contact");
  const { content } = usePageText("faq", () => {
    const faqs = t("help.faqs", { returnObjects: true }) as Faq[];
    return {
      title: t("help.title"),
      lead: t("help.lead"),
      sections: Array.isArray(faqs) ? faqs.map((f) => ({ title: f.q, body: f.a })) : [],
    };
  });
  if (!content) return <Spinner />;
  const faqs = content.sections.map((s) => ({ q: s.title, a: s.body ?? "", items: s.items ?? [] }));
  return (
    <article className="info">
      <PageHeader title={content.title} lead={content.lead} />
      <div className="container two-columns">
        <section aria-labelledby="faq-title" className="prose">
          <h2 id="faq-title">{t("help.faqTitle")}</h2>
          {faqs.map((f) => (
            <details key={f.q} className="faq">
              <summary>{f.q}</summary>
              {f.a.split("\n\n").map((p) => (
                <p key={p}>{p}</p>
              ))}
              {f.items.length > 0 && (
                <ul className="bullets">
                  {f.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </details>
          ))}
          <SupportContacts />
        </section>
        <ContactForm />
      </div>
    </article>
  );
}

const hasContact = (c: Country) => Boolean(c.support_email || c.support_phone);

/**
 * "Other ways to reach us": each served country's support e-mail and phone, as its row in the
 * database has them (GET /countries), the selected country's first. No country with a contact
 * (or the list not loaded): no heading at all, never an empty one.
 */
function SupportContacts() {
  const { t } = useTranslation(["contact", "common"]);
  const selected = useSelectedCountry();
  const countries = useQuery(countriesQuery());
  const reachable = (countries.data ?? []).filter(hasContact);
  if (reachable.length === 0) return null;
  const mine = reachable.find((c) => c.code === selected.code);
  const others = reachable.filter((c) => c !== mine);
  return (
    <section aria-labelledby="reach-title" data-testid="support-contacts">
      <h2 id="reach-title">{t("help.reach.title")}</h2>
      <p>{t("help.reach.body")}</p>
      {mine && (
        <>
          <h3>{t("help.reach.yourCountry", { country: countryLabel(t, mine) })}</h3>
          <ContactLines country={mine} />
        </>
      )}
      {others.length > 0 && (
        <>
          <h3>{t(mine ? "help.reach.otherCountries" : "help.reach.allCountries")}</h3>
          <ul className="support-contacts">
            {others.map((c) => (
              <li key={c.code}>
                <strong>{countryLabel(t, c)}</strong>
                <ContactLines country={c} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** A country's e-mail and phone, each a link that opens the mail or phone app. */
function ContactLines({ country }: { country: Country }) {
  const { t } = useTranslation("contact");
  return (
    <dl className="support-contacts__lines" data-testid={`support-${country.code}`}>
      {country.support_email && (
        <div>
          <dt>{t("help.reach.email")}</dt>
          <dd>
            <a href={`mailto:${country.support_email}`}>{country.support_email}</a>
          </dd>
        </div>
      )}
      {country.support_phone && (
        <div>
          <dt>{t("help.reach.phone")}</dt>
          <dd>
            <a href={`tel:${country.support_phone.replace(/[^+\d]/g, "")}`}>{country.support_phone}</a>
          </dd>
        </div>
      )}
    </dl>
  );
}
