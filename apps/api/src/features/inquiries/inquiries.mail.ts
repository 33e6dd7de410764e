/** The team's copy of each Contact Us message, demo request and charger host's site. */
import { CHARGER_CONNECTOR_NAMES, type Inquiry } from "@parkwell/contract";
import { renderMail, type LaidOutMail } from "../../lib/mail-layout";
import { fill, mailTexts } from "../../lib/texts";

/**
 * The team's copy of a Contact Us message, demo request or charger host's site (in English, the
 * team's language): every field the visitor gave, and the link to it in the back office.
 */
export function inquiryMail(
  to: string,
  inquiry: Omit<Inquiry, "id" | "status" | "created_at" | "answered_at" | "answered_by">,
  link: string,
): LaidOutMail {
  // The team reads its notices in English; the catalogue has both languages as for every mail.
  const t = mailTexts("en").inquiry;
  const what = t.kinds[inquiry.kind];
  const values = { what, reference: inquiry.reference, name: inquiry.name, company: inquiry.company ?? "" };
  const host = inquiry.kind === "ev_host";
  const facts: (readonly [string, string | number | null])[] = [
    [t.labels.reference, inquiry.reference],
    [t.labels.name, inquiry.name],
    [t.labels.email, inquiry.email],
    [t.labels.phone, inquiry.phone],
    [t.labels.topic, inquiry.topic],
    [t.labels.company, inquiry.company],
    [t.labels.country_code, inquiry.country_code],
    [t.labels.city, inquiry.city],
    [t.labels.address, inquiry.address],
    [
      t.labels.site_kind,
      inquiry.site_kind
        ? (t.siteKinds[inquiry.site_kind as keyof typeof t.siteKinds] ?? inquiry.site_kind)
        : null,
    ],
    [t.labels.interest, inquiry.interest],
    [host ? t.labels.spaces_ev : t.labels.spaces, inquiry.spaces],
    [t.labels.has_chargers, inquiry.has_chargers === null ? null : inquiry.has_chargers ? t.yes : t.no],
    [
      t.labels.connectors,
      inquiry.connectors?.length
        ? inquiry.connectors
            .map((c) => CHARGER_CONNECTOR_NAMES[c as keyof typeof CHARGER_CONNECTOR_NAMES] ?? c)
            .join(", ")
        : null,
    ],
    [t.labels.power_kw, inquiry.power_kw === null ? null : fill(t.power, { kw: inquiry.power_kw })],
    [t.labels.language, inquiry.language],
  ];
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
