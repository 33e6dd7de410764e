/**
 * The app's short e-mails that carry a link (account links, invitations, a company's
 * verification): a greeting, a sentence, the link as a button with its address in full, an
 * optional second link, a closing line, signed Parkwell; laid out by mail-layout.ts.
 */
import type { Language } from "./language";
import { renderMail, type LaidOutMail } from "./mail-layout";

export interface LinkMailText {
  subject: string;
  greeting: string;
  intro: string;
  /** The link's words ("Verify the e-mail"). */
  action: string;
  outro: string;
}

/** The message to `to` in `language`: `link` under `t.action`, and an optional second link after it. */
export function linkMail(
  language: Language,
  to: string,
  t: LinkMailText,
  link: string,
  second?: { text: string; link: string } | null,
): LaidOutMail {
  return renderMail(to, {
    language,
    subject: t.subject,
    greeting: t.greeting,
    paragraphs: [t.intro],
    action: { label: t.action, url: link },
    links: second ? [{ label: second.text, url: second.link }] : [],
    footnote: [t.outro],
  });
}
