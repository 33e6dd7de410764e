/**
 * A monthly pass's e-mails (docs/PRODUCT-RULES.md#monthly-passes), in the driver's language and
 * with dates on the park's clock: the purchase's confirmation (what was paid, from when and until
 * when), the reminder a few days before a renewal (its
 * price with fees and tax, and how to cancel), the notice of each grace day (what the wallet
 * lacks, when the pass lapses, a link to top up), the lapse, and the renewal done.
 */
import { dateTimeFormat } from "@parkwell/contract";
import type { Tx } from "../../db/tx";
import type { PassMailTemplate } from "../../jobs/mail-job";
import type { Jobs } from "../../jobs/queue";
import type { MailMessage } from "../../lib/mailer";
import { moneyText } from "../../lib/money";
import { escapeHtml } from "../../lib/link-mail";

type Lang = "en" | "fr";

interface Words {
  subject: string;
  intro: string;
  /** A second paragraph: how to cancel, how to keep the pass. */
  more?: string;
  action: string;
}

const TEXTS: Record<PassMailTemplate, Record<Lang, Words>> = {
  bought: {
    en: {
      subject: "Your Parkwell monthly pass {code} is confirmed",
      intro:
        "Your monthly pass at {park} is confirmed: {amount} (fees and tax included) was paid from your wallet. It is valid from {start} and paid until {date}.",
      more: "It then renews from your wallet each term; cancel it on its page at any time, and it ends at the end of the term paid.",
      action: "My pass",
    },
    fr: {
      subject: "Votre abonnement mensuel Parkwell {code} est confirmé",
      intro:
        "Votre abonnement mensuel à {park} est confirmé\u00a0: {amount} (frais et taxe compris) ont été payés depuis votre portefeuille. Il est valable à partir du {start} et payé jusqu'au {date}.",
      more: "Il se renouvelle ensuite depuis votre portefeuille à chaque période ; résiliez-le sur sa page à tout moment, il prend alors fin à la fin de la période payée.",
      action: "Mon abonnement",
    },
  },
  reminder: {
    en: {
      subject: "Your Parkwell monthly pass {code} renews on {date}",
      intro:
        "Your monthly pass at {park} renews on {date}: {amount} (fees and tax included) will be taken from your wallet.",
      more: "Not renewing? Cancel the pass on its page before {date}: it stays valid until then and nothing more is charged.",
      action: "Manage my pass",
    },
    fr: {
      subject: "Votre abonnement mensuel Parkwell {code} se renouvelle le {date}",
      intro:
        "Votre abonnement mensuel à {park} se renouvelle le {date}\u00a0: {amount} (frais et taxe compris) seront prélevés sur votre portefeuille.",
      more: "Vous ne souhaitez pas le renouveler ? Résiliez l'abonnement sur sa page avant le {date}\u00a0: il reste valable jusque-là et rien de plus n'est prélevé.",
      action: "Gérer mon abonnement",
    },
  },
  grace: {
    en: {
      subject: "Your Parkwell monthly pass {code} could not renew",
      intro:
        "We could not renew your monthly pass at {park}: your wallet is short of {missing} for the renewal of {amount}.",
      more: "The pass stays valid until {date}. Top up your wallet before then and it renews at once; otherwise it ends on {date}.",
      action: "Top up my wallet",
    },
    fr: {
      subject: "Votre abonnement mensuel Parkwell {code} n'a pas pu être renouvelé",
      intro:
        "Nous n'avons pas pu renouveler votre abonnement mensuel à {park}\u00a0: il manque {missing} dans votre portefeuille pour le renouvellement de {amount}.",
      more: "L'abonnement reste valable jusqu'au {date}. Rechargez votre portefeuille d'ici là et il est renouvelé aussitôt ; sinon, il prend fin le {date}.",
      action: "Recharger mon portefeuille",
    },
  },
  lapsed: {
    en: {
      subject: "Your Parkwell monthly pass {code} has ended",
      intro:
        "Your monthly pass at {park} could not be renewed and ended on {date}: it no longer lets you in.",
      more: "You can buy a new pass at any time.",
      action: "My pass",
    },
    fr: {
      subject: "Votre abonnement mensuel Parkwell {code} a pris fin",
      intro:
        "Votre abonnement mensuel à {park} n'a pas pu être renouvelé et a pris fin le {date}\u00a0: il ne vous donne plus accès au parking.",
      more: "Vous pouvez souscrire un nouvel abonnement à tout moment.",
      action: "Mon abonnement",
    },
  },
  renewed: {
    en: {
      subject: "Your Parkwell monthly pass {code} is renewed",
      intro: "Your monthly pass at {park} is renewed until {date}: {amount} was paid from your wallet.",
      action: "My pass",
    },
    fr: {
      subject: "Votre abonnement mensuel Parkwell {code} est renouvelé",
      intro:
        "Votre abonnement mensuel à {park} est renouvelé jusqu'au {date}\u00a0: {amount} ont été payés depuis votre portefeuille.",
      action: "Mon abonnement",
    },
  },
};

const LABELS: Record<Lang, { plan: string; plates: string }> = {
  en: { plan: "Plan", plates: "Plates" },
  fr: { plan: "Formule", plates: "Plaques" },
};

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
}

export function passMail(template: PassMailTemplate, lang: Lang, to: string, p: PassMailFacts): MailMessage {
  const money = (minor: number) => moneyText(minor, p.currency, p.decimals, lang);
  const date = passMailDate(p.at, lang, p.timeZone);
  const fill = (s: string) =>
    s
      .replaceAll("{code}", p.code)
      .replaceAll("{park}", p.park)
      .replaceAll("{date}", date)
      .replaceAll("{start}", passMailDate(p.startsAt, lang, p.timeZone))
      .replaceAll("{amount}", money(p.amountMinor))
      .replaceAll("{missing}", money(p.missingMinor));
  const t = TEXTS[template][lang];
  const l = LABELS[lang];
  const link =
    template === "grace" ? `${p.publicUrl}/wallet` : `${p.publicUrl}/passes/${encodeURIComponent(p.code)}`;
  const lines = [
    fill(t.intro),
    ...(t.more ? [fill(t.more)] : []),
    `${l.plan}: ${p.planName}`,
    `${l.plates}: ${p.plates.join(", ")}`,
  ];
  return {
    to,
    subject: fill(t.subject),
    text: `${lines.join("\n")}\n\n${t.action}: ${link}\n\nParkwell`,
    html: `${lines.map((x) => `<p>${escapeHtml(x)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>Parkwell</p>`,
    link,
  };
}

/** Queues a pass's e-mail in the transaction of the change it is about (decision 021). */
export function queuePassMail(
  jobs: Jobs,
  tx: Tx,
  key: string,
  template: PassMailTemplate,
  pass: { id: string },
  fields: { period: number; amountMinor: number; missingMinor?: number; at: Date },
) {
  return jobs.send(tx, "mail", {
    key,
    type: "pass",
    template,
    passId: pass.id,
    period: fields.period,
    amountMinor: fields.amountMinor,
    missingMinor: fields.missingMinor ?? 0,
    at: fields.at.toISOString(),
  });
}
