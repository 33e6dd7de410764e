/**
 * A monthly pass's renewal e-mails (docs/PRODUCT-RULES.md#monthly-passes), in the driver's
 * language and with dates on the park's clock: the reminder a few days before a renewal (its
 * price with fees and tax, and how to cancel), the notice of each grace day (what the wallet
 * lacks, when the pass lapses, a link to top up), the lapse, and the renewal done.
 */
import { dateTimeFormat } from "@parkwell/contract";
import type { PassMailTemplate } from "../../jobs/mail-job";
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
  reminder: {
    en: {
      subject: "Your Parkwell monthly pass {code} renews on {date}",
      intro:
        "Your monthly pass at {park} renews on {date}: {amount} (fees and tax included) will be taken from your wallet.",
      more: "Not renewing? Cancel the pass on its page before {date}: it stays valid until then and nothing more is charged.",
      action: "Manage my pass",
    },
    fr: {
      subject: "Votre carte mensuelle Parkwell {code} se renouvelle le {date}",
      intro:
        "Votre carte mensuelle à {park} se renouvelle le {date} : {amount} (frais et taxe compris) seront prélevés sur votre portefeuille.",
      more: "Vous ne souhaitez pas la renouveler ? Résiliez la carte sur sa page avant le {date} : elle reste valable jusque-là et rien de plus n'est prélevé.",
      action: "Gérer ma carte",
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
      subject: "Votre carte mensuelle Parkwell {code} n'a pas pu être renouvelée",
      intro:
        "Nous n'avons pas pu renouveler votre carte mensuelle à {park} : il manque {missing} dans votre portefeuille pour le renouvellement de {amount}.",
      more: "La carte reste valable jusqu'au {date}. Rechargez votre portefeuille d'ici là et elle est renouvelée aussitôt ; sinon, elle prend fin le {date}.",
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
      subject: "Votre carte mensuelle Parkwell {code} a pris fin",
      intro:
        "Votre carte mensuelle à {park} n'a pas pu être renouvelée et a pris fin le {date} : elle ne vous donne plus accès au parking.",
      more: "Vous pouvez acheter une nouvelle carte à tout moment.",
      action: "Ma carte",
    },
  },
  renewed: {
    en: {
      subject: "Your Parkwell monthly pass {code} is renewed",
      intro: "Your monthly pass at {park} is renewed until {date}: {amount} was paid from your wallet.",
      action: "My pass",
    },
    fr: {
      subject: "Votre carte mensuelle Parkwell {code} est renouvelée",
      intro:
        "Votre carte mensuelle à {park} est renouvelée jusqu'au {date} : {amount} ont été payés depuis votre portefeuille.",
      action: "Ma carte",
    },
  },
};

const LABELS: Record<Lang, { plan: string; plates: string }> = {
  en: { plan: "Plan", plates: "Plates" },
  fr: { plan: "Abonnement", plates: "Plaques" },
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
  /** The day the mail is about: the renewal, the lapse, or the new end of the paid term. */
  at: Date;
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
