import type { MailMessage } from "../../lib/mailer";

type Lang = "en" | "fr";
type Kind = "verify" | "reset";

const TEXTS: Record<Kind, Record<Lang, { subject: string; intro: string; action: string; outro: string }>> = {
  verify: {
    en: {
      subject: "Verify your Parkwell email address",
      intro: "Welcome to Parkwell! Please confirm your email address to finish creating your account.",
      action: "Verify my email",
      outro: "This link works once and expires in 24 hours. If you did not sign up, ignore this email.",
    },
    fr: {
      subject: "Vérifiez votre adresse e-mail Parkwell",
      intro:
        "Bienvenue sur Parkwell ! Confirmez votre adresse e-mail pour terminer la création de votre compte.",
      action: "Vérifier mon e-mail",
      outro:
        "Ce lien ne fonctionne qu'une fois et expire dans 24 heures. Si vous ne vous êtes pas inscrit, ignorez cet e-mail.",
    },
  },
  reset: {
    en: {
      subject: "Reset your Parkwell password",
      intro: "We received a request to reset the password of your Parkwell account.",
      action: "Choose a new password",
      outro:
        "This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.",
    },
    fr: {
      subject: "Réinitialisez votre mot de passe Parkwell",
      intro: "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Parkwell.",
      action: "Choisir un nouveau mot de passe",
      outro:
        "Ce lien ne fonctionne qu'une fois et expire dans 1 heure. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
    },
  },
};

const GREETING: Record<Lang, (name: string) => string> = {
  en: (n) => `Hello ${n},`,
  fr: (n) => `Bonjour ${n},`,
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The verification or reset message, in the user's language, with its one link. */
export function accountMail(
  kind: Kind,
  lang: Lang,
  to: string,
  firstName: string,
  link: string,
): MailMessage {
  const t = TEXTS[kind][lang];
  const greeting = GREETING[lang](firstName);
  const text = `${greeting}\n\n${t.intro}\n\n${t.action}: ${link}\n\n${t.outro}\n\nParkwell`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(link)}</p><p>${escapeHtml(t.outro)}</p><p>Parkwell</p>`;
  return { to, subject: t.subject, text, html, link };
}
