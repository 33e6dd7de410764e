import { formatZonedDateTime } from "@parkwell/contract";
import { labelled } from "../../lib/language";
import type { MailMessage } from "../../lib/mailer";
import { escapeHtml } from "../../lib/link-mail";

type Lang = "en" | "fr";

const TEXTS: Record<
  Lang,
  { subject: string; intro: string; held: string; labels: string[]; action: string }
> = {
  en: {
    subject: "Your Parkwell wallet top-up of {amount} is received",
    intro: "Thank you: your top-up is paid and added to your Parkwell wallet.",
    held: "{held} of it would take your wallet over its maximum balance: it is held, and our support team will contact you.",
    labels: ["Amount", "Paid with", "Reference", "Date"],
    action: "My wallet",
  },
  fr: {
    subject: "Votre rechargement Parkwell de {amount} est reçu",
    intro: "Merci\u00a0: votre rechargement est payé et ajouté à votre portefeuille Parkwell.",
    held: "{held} dépasserait le solde maximal de votre portefeuille\u00a0: ce montant est réservé et notre équipe d'assistance vous contactera.",
    labels: ["Montant", "Payé avec", "Référence", "Date"],
    action: "Mon portefeuille",
  },
};

const PROVIDERS: Record<string, string> = {
  paystack: "Paystack",
  stripe: "Stripe",
  wave: "Wave",
  demo: "Demo",
};

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
): MailMessage {
  const lang: Lang = language === "fr" ? "fr" : "en";
  const t = TEXTS[lang];
  const date = formatZonedDateTime(r.paidAt.toISOString(), lang, r.timeZone);
  const values = [r.amount, PROVIDERS[r.provider] ?? r.provider, r.reference, date];
  const lines = [
    t.intro,
    ...t.labels.map((label, i) => labelled(label, values[i]!, lang)),
    ...(r.held ? [t.held.replace("{held}", r.held)] : []),
  ];
  const link = `${publicUrl}/wallet`;
  return {
    to,
    subject: t.subject.replace("{amount}", r.amount),
    text: `${lines.join("\n")}\n\n${t.action}: ${link}\n\nParkwell`,
    html: `${lines.map((x) => `<p>${escapeHtml(x)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>Parkwell</p>`,
    link,
  };
}
