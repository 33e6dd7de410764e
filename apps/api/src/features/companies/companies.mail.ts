/** A company's e-mails (en/fr): the billing e-mail's verification link, and an invitation to join. */
import { linkMail } from "../../lib/link-mail";
import type { MailMessage } from "../../lib/mailer";

type Lang = "en" | "fr";

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
  return linkMail(to, t, link);
}

const ROLE_NAMES: Record<"admin" | "member", Record<Lang, string>> = {
  admin: { en: "an admin", fr: "administrateur" },
  member: { en: "a member", fr: "membre" },
};

/** An invitation to join a company: who invites, to what, as what, and the link. */
export function companyInvitationMail(
  lang: Lang,
  to: string,
  facts: { inviter: string | null; company: string; role: "admin" | "member"; days: number },
  link: string,
): MailMessage {
  const role = ROLE_NAMES[facts.role][lang];
  const t =
    lang === "fr"
      ? {
          subject: `Invitation à rejoindre ${facts.company} sur Parkwell`,
          greeting: "Bonjour,",
          intro: `${facts.inviter ?? facts.company} vous invite à rejoindre le compte professionnel de ${facts.company} sur Parkwell en tant que ${role}\u00a0: vous pourrez payer votre stationnement avec l'entreprise.`,
          action: "Rejoindre l'entreprise",
          outro: `Ce lien est valable ${facts.days} jours et ne fonctionne qu'une fois. Si vous ne vous attendiez pas à cette invitation, ignorez cet e-mail.`,
        }
      : {
          subject: `You are invited to join ${facts.company} on Parkwell`,
          greeting: "Hello,",
          intro: `${facts.inviter ?? facts.company} invites you to join ${facts.company}'s business account on Parkwell as ${role}: you will be able to pay for your parking with the company.`,
          action: "Join the company",
          outro: `This link works for ${facts.days} days and only once. If you did not expect this invitation, ignore this e-mail.`,
        };
  return linkMail(to, t, link);
}
