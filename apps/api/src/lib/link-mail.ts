/**
 * The app's short e-mails that carry a link (account links, invitations, a company's
 * verification): a greeting, a sentence, the link as a button-like anchor and in full, a closing
 * line, signed Parkwell; the same words as plain text and as HTML.
 */
import type { MailMessage } from "./mailer";

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe inside HTML and its attributes: the one escaping of every e-mail's HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

export interface LinkMailText {
  subject: string;
  greeting: string;
  intro: string;
  /** The link's words ("Verify the e-mail"). */
  action: string;
  outro: string;
}

/** The message to `to`: `link` under `t.action`, and an optional second link after it. */
export function linkMail(
  to: string,
  t: LinkMailText,
  link: string,
  second?: { text: string; link: string } | null,
): MailMessage {
  const text = [
    t.greeting,
    t.intro,
    `${t.action}: ${link}`,
    ...(second ? [`${second.text}: ${second.link}`] : []),
    t.outro,
    "Parkwell",
  ].join("\n\n");
  const anchor = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    `<p>${escapeHtml(t.greeting)}</p><p>${escapeHtml(t.intro)}</p>`,
    `<p>${anchor(link, t.action)}</p><p>${escapeHtml(link)}</p>`,
    second ? `<p>${anchor(second.link, second.text)}</p><p>${escapeHtml(second.link)}</p>` : "",
    `<p>${escapeHtml(t.outro)}</p><p>Parkwell</p>`,
  ].join("");
  return { to, subject: t.subject, text, html, link };
}
