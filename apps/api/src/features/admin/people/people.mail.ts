/** The back office's e-mails: a staff invitation (en/fr). */
import type { InvitableRole } from "@parkwell/contract";
import { linkMail } from "../../../lib/link-mail";
import type { MailMessage } from "../../../lib/mailer";
import { fillAll, mailTexts } from "../../../lib/texts";

type Lang = "en" | "fr";

export function invitationMail(
  lang: Lang,
  to: string,
  facts: { inviter: string | null; operator: string | null; role: InvitableRole; days: number },
  link: string,
): MailMessage {
  const t = mailTexts(lang).staff;
  const { roles, team, ...text } = t;
  const values = {
    inviter: facts.inviter ?? team,
    company: facts.operator ?? "Parkwell",
    role: roles[facts.role],
    days: facts.days,
  };
  return linkMail(lang, to, fillAll(text, values), link);
}
