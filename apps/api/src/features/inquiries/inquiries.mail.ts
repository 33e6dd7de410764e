/** The team's copy of each Contact Us message and demo request. */
import { renderMail, type LaidOutMail } from "../../lib/mail-layout";
import { fill, mailTexts } from "../../lib/texts";

/**
 * The team's copy of a Contact Us message or demo request (in English, the team's language):
 * every field the visitor gave, and the link to it in the back office.
 */
export function inquiryMail(
  to: string,
  inquiry: {
    kind: "contact" | "demo";
    reference: string;
    name: string;
    email: string;
    phone: string | null;
    topic: string | null;
    company: string | null;
    country_code: string | null;
    interest: string | null;
    spaces: number | null;
    message: string | null;
    language: string | null;
  },
  link: string,
): LaidOutMail {
  // The team reads its notices in English; the catalogue has both languages as for every mail.
  const t = mailTexts("en").inquiry;
  const what = t.kinds[inquiry.kind];
  const values = { what, reference: inquiry.reference, name: inquiry.name, company: inquiry.company ?? "" };
  const facts = (
    [
      "reference",
      "name",
      "email",
      "phone",
      "topic",
      "company",
      "country_code",
      "interest",
      "spaces",
      "language",
    ] as const
  ).map((field) => [t.labels[field], inquiry[field]] as const);
  const shown = facts.filter((f): f is readonly [string, string | number] => f[1] !== null && f[1] !== "");
  return renderMail(to, {
    language: "en",
    subject: fill(inquiry.company ? t.subjectCompany : t.subject, values),
    paragraphs: [t.intro[inquiry.kind]],
    rows: shown.map(([label, value]) => ({ label, value: String(value) })),
    notes: inquiry.message ? [fill(t.message, { message: inquiry.message })] : [],
    action: { label: t.action, url: link },
    // The team's own notice: not signed by Parkwell to Parkwell.
    signed: false,
  });
}
