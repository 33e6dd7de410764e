/** A company's e-mails (en/fr): the billing e-mail's verification link, and an invitation to join. */
import { linkMail } from "../../lib/link-mail";
import type { MailMessage } from "../../lib/mailer";
import { fillAll, mailTexts } from "../../lib/texts";

type Lang = "en" | "fr";

export function companyVerifyMail(
  lang: Lang,
  to: string,
  company: string,
  days: number,
  link: string,
): MailMessage {
  return linkMail(lang, to, fillAll(mailTexts(lang).companies.verify, { company, days }), link);
}

/** An invitation to join a company: who invites, to what, as what, and the link. */
export function companyInvitationMail(
  lang: Lang,
  to: string,
  facts: { inviter: string | null; company: string; role: "admin" | "member"; days: number },
  link: string,
): MailMessage {
  const texts = mailTexts(lang).companies;
  const values = {
    inviter: facts.inviter ?? facts.company,
    company: facts.company,
    role: texts.roles[facts.role],
    days: facts.days,
  };
  return linkMail(lang, to, fillAll(texts.invitation, values), link);
}
