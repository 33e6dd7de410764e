import { formatZonedDateTime } from "@parkwell/contract";
import { renderMail, type LaidOutMail } from "../../lib/mail-layout";
import { fill, mailTexts } from "../../lib/texts";

type Lang = "en" | "fr";

/**
 * The receipt of a settled top-up; amounts in major units with the currency code. Its time is on
 * `timeZone`'s clock (the currency's country, as on the top-up's receipt), its zone named.
 */
export function receiptMail(
  language: string,
  to: string,
  r: {
    amount: string;
    held: string | null;
    provider: string;
    reference: string;
    paidAt: Date;
    timeZone: string;
  },
  publicUrl: string,
): LaidOutMail {
  const lang: Lang = language === "fr" ? "fr" : "en";
  const t = mailTexts(lang).payments;
  const date = formatZonedDateTime(r.paidAt.toISOString(), lang, r.timeZone);
  const providers: Record<string, string> = t.providers;
  const rows = [
    { label: t.labels.amount, value: r.amount },
    { label: t.labels.provider, value: providers[r.provider] ?? r.provider },
    { label: t.labels.reference, value: r.reference },
    { label: t.labels.date, value: date },
  ];
  return renderMail(to, {
    language: lang,
    subject: fill(t.subject, { amount: r.amount }),
    paragraphs: [t.intro],
    rows,
    notes: r.held ? [fill(t.held, { held: r.held })] : [],
    action: { label: t.action, url: `${publicUrl}/wallet` },
  });
}
