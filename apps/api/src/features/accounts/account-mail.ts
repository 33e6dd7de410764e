import { linkMail } from "../../lib/link-mail";
import type { MailMessage } from "../../lib/mailer";

type Lang = "en" | "fr";
/** verify and reset carry a one-time link; taken tells an owner that someone registered with the address. */
type Kind = "verify" | "reset" | "taken";

interface Texts {
  subject: string;
  intro: string;
  action: string;
  outro: string;
  /** Says what the second link (a password reset) is for; only the taken mail has one. */
  second?: string;
}

const TEXTS: Record<Kind, Record<Lang, Texts>> = {
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
  taken: {
    en: {
      subject: "Someone tried to create a Parkwell account with your email",
      intro:
        "Someone just tried to create a new Parkwell account with this email address. You already have an account, so nothing was created and your account is unchanged.",
      action: "Sign in",
      second: "Forgot your password? Choose a new one",
      outro: "If this was not you, you can ignore this email.",
    },
    fr: {
      subject: "Quelqu'un a essayé de créer un compte Parkwell avec votre e-mail",
      intro:
        "Quelqu'un vient d'essayer de créer un compte Parkwell avec cette adresse e-mail. Vous avez déjà un compte\u00a0: rien n'a été créé et votre compte reste inchangé.",
      action: "Se connecter",
      second: "Mot de passe oublié ? Choisissez-en un nouveau",
      outro: "Si ce n'était pas vous, ignorez cet e-mail.",
    },
  },
};

const GREETING: Record<Lang, (name: string) => string> = {
  en: (n) => `Hello ${n},`,
  fr: (n) => `Bonjour ${n},`,
};

/** An account message in the user's language: its main link, and for `taken` a reset link too. */
export function accountMail(
  kind: Kind,
  lang: Lang,
  to: string,
  firstName: string,
  link: string,
  secondLink?: string,
): MailMessage {
  const t = TEXTS[kind][lang];
  const greeting = GREETING[lang](firstName);
  const second = t.second && secondLink ? { text: t.second, link: secondLink } : null;
  return linkMail(to, { ...t, greeting }, link, second);
}
