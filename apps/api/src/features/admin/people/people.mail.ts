/** The back office's e-mails: a staff invitation (en/fr). */
import type { InvitableRole } from "@parkwell/contract";
import { linkMail } from "../../../lib/link-mail";
import type { MailMessage } from "../../../lib/mailer";

type Lang = "en" | "fr";

const ROLE_NAMES: Record<InvitableRole, Record<Lang, string>> = {
  admin: { en: "Parkwell admin", fr: "administrateur Parkwell" },
  branch_manager: { en: "branch manager", fr: "responsable d'agence" },
  employee: { en: "parking attendant", fr: "agent de parking" },
  pos_operator: { en: "gate cashier", fr: "caissier au portail" },
  delivery_boy: { en: "courier", fr: "coursier" },
};

export function invitationMail(
  lang: Lang,
  to: string,
  facts: { inviter: string | null; operator: string | null; role: InvitableRole; days: number },
  link: string,
): MailMessage {
  const role = ROLE_NAMES[facts.role][lang];
  const company = facts.operator ?? "Parkwell";
  const t =
    lang === "fr"
      ? {
          subject: `Invitation à rejoindre ${company} sur Parkwell`,
          greeting: "Bonjour,",
          intro: `${facts.inviter ?? "L'équipe Parkwell"} vous invite à rejoindre ${company} sur Parkwell en tant que ${role}.`,
          action: "Accepter l'invitation",
          outro: `Ce lien est valable ${facts.days} jours et ne fonctionne qu'une fois. Si vous ne vous attendiez pas à cette invitation, ignorez cet e-mail.`,
        }
      : {
          subject: `You are invited to join ${company} on Parkwell`,
          greeting: "Hello,",
          intro: `${facts.inviter ?? "The Parkwell team"} invites you to join ${company} on Parkwell as ${/^[aeiou]/i.test(role) ? "an" : "a"} ${role}.`,
          action: "Accept the invitation",
          outro: `This link works for ${facts.days} days and only once. If you did not expect this invitation, ignore this email.`,
        };
  return linkMail(to, t, link);
}
