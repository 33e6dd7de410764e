/** A company's e-mails (en/fr): the billing e-mail's verification link. */
import type { MailMessage } from "../../lib/mailer";

type Lang = "en" | "fr";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function companyVerifyMail(
  lang: Lang,
  to: string,
  company: string,
  days: number,
  link: string,
): MailMessage {
  const t =
    lang === "fr"
      ? {
          subject: `Vérifiez l'adresse de facturation de ${company} sur Parkwell`,
          greeting: "Bonjour,",
          intro: `${company} vient d'ouvrir un compte professionnel Parkwell avec cette adresse de facturation.`,
          action: "Vérifier l'adresse",
          outro: `Ce lien est valable ${days} jours. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.`,
        }
      : {
          subject: `Verify ${company}'s billing e-mail on Parkwell`,
          greeting: "Hello,",
          intro: `${company} has just opened a Parkwell business account with this billing e-mail.`,
          action: "Verify the e-mail",
          outro: `This link works for ${days} days. If you did not ask for this, ignore this e-mail.`,
        };
  const text = [t.greeting, t.intro, `${t.action}: ${link}`, t.outro, "Parkwell"].join("\n\n");
  const html = [
    `<p>${escapeHtml(t.greeting)}</p><p>${escapeHtml(t.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(t.outro)}</p><p>Parkwell</p>`,
  ].join("");
  return { to, subject: t.subject, text, html, link };
}
