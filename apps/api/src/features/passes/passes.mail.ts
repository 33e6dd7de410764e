/**
 * A monthly pass's e-mails (docs/PRODUCT-RULES.md#monthly-passes), in the driver's language and
 * with dates on the park's clock: the purchase's confirmation (what was paid, from when and until
 * when), the reminder a few days before a renewal (its
 * price with fees and tax, and how to cancel), the notice of each grace day (what the wallet
 * lacks, when the pass lapses, a link to top up), the lapse, and the renewal done. A pass its
 * company pays says so (the company's words), and a renewal the company refused says why and how
 * the driver may pay it themselves.
 */
import { dateTimeFormat, formatCalendarDay } from "@parkwell/contract";
import type { Tx } from "../../db/tx";
import type { MailJob } from "../../jobs/mail-job";
import { queueReminder } from "../../jobs/push-job";
import type { Jobs } from "../../jobs/queue";
import type { PushMessage } from "../../lib/web-push";
import { renderMail, type LaidOutMail } from "../../lib/mail-layout";
import { moneyText } from "../../lib/money";
import { fill, mailTexts } from "../../lib/texts";

type Lang = "en" | "fr";

/**
 * A monthly pass's e-mails: its purchase, then before a renewal, each grace day (a short wallet's,
 * or the company's refusal), its lapse, and its success; and the part of a term given back for the
 * days its park closed (decision 060).
 */
export type PassMailTemplate =
  "bought" | "reminder" | "grace" | "company_refused" | "lapsed" | "renewed" | "closure_refund";

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /**
     * A pass's renewal mail, with the amounts as the renewal job computed them: `amountMinor` the
     * term's price with its fees and tax, `missingMinor` what the wallet lacks (grace), and `at` the
     * instant it is about (the renewal, the lapse, or the new end of the paid term).
     */
    pass: {
      template: PassMailTemplate;
      passId: string;
      period: number;
      amountMinor: number;
      missingMinor: number;
      at: string;
      /** The company that pays the pass (bought, reminder, renewed) or refused its renewal; absent: the wallet. */
      company?: string | null;
      /** Why the company refused the renewal: the API's sentence in English (company_refused). */
      reason?: string;
      /** The closed days given back ("2026-12-25", on the park's clock; closure_refund). */
      days?: string[];
      /** The refund's move, whose credit note the mail names (closure_refund). */
      ledgerKey?: string;
    };
  }
}

/** A pass mail's words (the catalogue's `mail` namespace, `passes`). */
interface Words {
  subject: string;
  intro: string;
  /** A second paragraph: how to cancel, how to keep the pass. */
  more?: string;
  action: string;
}

const LONG_DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" };

/** "1 December 2026" / "1 décembre 2026": a day on the park's calendar, with its month in words. */
export function passMailDate(at: Date, lang: Lang, timeZone: string): string {
  return dateTimeFormat(LONG_DATE, lang === "fr" ? "fr-FR" : "en-GB", timeZone).format(at);
}

export interface PassMailFacts {
  code: string;
  park: string;
  timeZone: string;
  planName: string;
  plates: string[];
  currency: string;
  decimals: number;
  amountMinor: number;
  missingMinor: number;
  /** The day the mail is about: the renewal, the lapse, or the (new) end of the paid term. */
  at: Date;
  /** The pass's first day (the purchase's confirmation). */
  startsAt: Date;
  publicUrl: string;
  /** The company that pays the pass, or refused its renewal; null: the wallet. */
  company?: string | null;
  /** Why the company refused (company_refused), in the mail's language. */
  reason?: string;
  /** The closed days given back (closure_refund), "2026-12-25" on the park's clock. */
  days?: readonly string[];
}

/** A pass message's words, filled, and the page it links to: the e-mail's and the push's. */
function passWords(template: PassMailTemplate, lang: Lang, p: PassMailFacts) {
  const money = (minor: number) => moneyText(minor, p.currency, p.decimals, lang);
  const date = passMailDate(p.at, lang, p.timeZone);
  const values = {
    code: p.code,
    park: p.park,
    date,
    start: passMailDate(p.startsAt, lang, p.timeZone),
    amount: money(p.amountMinor),
    missing: money(p.missingMinor),
    company: p.company ?? "",
    reason: p.reason ?? "",
    days: (p.days ?? []).map((d) => formatCalendarDay(d, lang)).join(", "),
  };
  const words = mailTexts(lang).passes;
  // A pass its company pays has the company's words for the mails that speak of paying.
  const companyWords: Partial<Record<PassMailTemplate, Words>> = words.company;
  const byCompany = p.company ? companyWords[template] : undefined;
  const t: Words = byCompany ?? words[template];
  const link =
    template === "grace" ? `${p.publicUrl}/wallet` : `${p.publicUrl}/passes/${encodeURIComponent(p.code)}`;
  return {
    subject: fill(t.subject, values),
    intro: fill(t.intro, values),
    more: t.more ? fill(t.more, values) : null,
    action: t.action,
    labels: words.labels,
    link,
  };
}

export function passMail(template: PassMailTemplate, lang: Lang, to: string, p: PassMailFacts): LaidOutMail {
  const w = passWords(template, lang, p);
  return renderMail(to, {
    language: lang,
    subject: w.subject,
    paragraphs: [w.intro, ...(w.more ? [w.more] : [])],
    rows: [
      { label: w.labels.plan, value: p.planName },
      { label: w.labels.plates, value: p.plates.join(", ") },
    ],
    action: { label: w.action, url: w.link },
  });
}

/** A pass's renewal reminder as a push notification (decision 066): the e-mail's subject and first lines. */
export function passReminderPush(lang: Lang, p: PassMailFacts): PushMessage {
  const w = passWords("reminder", lang, p);
  return { title: w.subject, body: w.intro, url: w.link, tag: `pass-renewal-${p.code}` };
}

/** Queues a pass's e-mail in the transaction of the change it is about (decision 021). */
export function queuePassMail(
  jobs: Jobs,
  tx: Tx,
  key: string,
  template: PassMailTemplate,
  pass: { id: string },
  fields: {
    period: number;
    amountMinor: number;
    missingMinor?: number;
    at: Date;
    company?: string | null;
    reason?: string;
    days?: string[];
    ledgerKey?: string;
  },
) {
  const job: MailJob<"pass"> = {
    key,
    type: "pass",
    template,
    passId: pass.id,
    period: fields.period,
    amountMinor: fields.amountMinor,
    missingMinor: fields.missingMinor ?? 0,
    at: fields.at.toISOString(),
    ...(fields.company ? { company: fields.company } : {}),
    ...(fields.reason ? { reason: fields.reason } : {}),
    ...(fields.days ? { days: fields.days } : {}),
    ...(fields.ledgerKey ? { ledgerKey: fields.ledgerKey } : {}),
  };
  // The renewal's reminder goes to the devices that chose it too; the other mails are e-mail only.
  return template === "reminder" ? queueReminder(jobs, tx, job) : jobs.send(tx, "mail", job);
}
