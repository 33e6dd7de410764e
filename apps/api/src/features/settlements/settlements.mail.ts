/** A closed statement's e-mail to an operator's branch manager (en/fr): its totals and the link to it. */
import { renderMail, type LaidOutMail } from "../../lib/mail-layout";
import { moneyText } from "../../lib/money";
import { fillAll, mailTexts } from "../../lib/texts";
import { periodText } from "./settlements.domain";
import type { StatementRow } from "./settlements.repo";

/** Where a statement opens in the back office. */
export const statementLink = (publicUrl: string, id: number) => `${publicUrl}/admin/settlements/${id}`;

export function statementMail(
  lang: "en" | "fr",
  to: string,
  o: { firstName: string; statement: StatementRow; link: string },
): LaidOutMail {
  const s = o.statement;
  const period = periodText(
    { period: s.period, start: new Date(s.period_start), end: new Date(s.period_end), timeZone: s.time_zone },
    lang,
  );
  const t = fillAll(mailTexts(lang).settlementStatement, {
    name: o.firstName,
    operator: s.operator_name,
    period,
    currency: s.currency,
  });
  const money = (minor: number) => moneyText(minor, s.currency, s.decimals, lang);
  const rows = [
    { label: t.opening, value: money(s.opening_minor) },
    { label: t.sales, value: money(s.sales_minor) },
    { label: t.refunds, value: money(s.refunds_minor) },
    ...(s.collected_minor !== 0 ? [{ label: t.collected, value: money(-s.collected_minor) }] : []),
    { label: t.commission, value: money(-s.commission_minor) },
    ...(s.adjustments_minor !== 0 ? [{ label: t.adjustments, value: money(s.adjustments_minor) }] : []),
    ...(s.payouts_minor !== 0 ? [{ label: t.payouts, value: money(s.payouts_minor) }] : []),
    { label: t.closing, value: money(s.closing_minor) },
  ];
  return renderMail(to, {
    language: lang,
    subject: t.subject,
    greeting: t.hello,
    paragraphs: [t.intro],
    rows,
    notes: [t.note],
    action: { label: t.action, url: o.link },
  });
}
