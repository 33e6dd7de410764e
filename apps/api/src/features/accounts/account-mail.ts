import { linkMail } from "../../lib/link-mail";
import type { MailMessage } from "../../lib/mailer";
import { fill, mailTexts } from "../../lib/texts";

type Lang = "en" | "fr";
/** verify and reset carry a one-time link; taken tells an owner that someone registered with the address. */
type Kind = "verify" | "reset" | "taken";

/** An account message in the user's language: its main link, and for `taken` a reset link too. */
export function accountMail(
  kind: Kind,
  lang: Lang,
  to: string,
  firstName: string,
  link: string,
  secondLink?: string,
): MailMessage {
  const texts = mailTexts(lang).accounts;
  const t: { subject: string; intro: string; action: string; outro: string; second?: string } = texts[kind];
  const greeting = fill(texts.greeting, { name: firstName });
  const second = t.second && secondLink ? { text: t.second, link: secondLink } : null;
  return linkMail(lang, to, { ...t, greeting }, link, second);
}
