/**
 * The one layout of every Parkwell e-mail. A mail is described as content (a greeting,
 * paragraphs, key/value rows, an action, further links, a footnote), never as markup: this module
 * renders that content to both parts of the message, the HTML (one inline-styled template, since
 * mail clients drop style sheets) and the plain text, so the two always say the same. All HTML
 * escaping happens here; a feature's mail file holds words and facts only (mail-layout.test.ts
 * fails on markup written anywhere else).
 */
import { labelled, type Language } from "./language";
import type { MailMessage } from "./mailer";

export interface MailLink {
  /** The link's words ("Booking details"); the text part writes "label: url". */
  label: string;
  url: string;
}

export interface MailRow {
  label: string;
  value: string;
}

/** What an e-mail says, in the order it says it; every string is plain text, never markup. */
export interface MailContent {
  language: Language;
  subject: string;
  /** The line an inbox shows beside the subject; hidden in the body. */
  preheader?: string;
  heading?: string;
  greeting?: string;
  /** Each a paragraph; a line break inside one is kept. */
  paragraphs: readonly string[];
  /** Facts as label and value (a car park, a total); a table in HTML, "label: value" lines in text. */
  rows?: readonly MailRow[];
  /** Paragraphs that comment on the rows (money held back, a visitor's message). */
  notes?: readonly string[];
  /** The mail's one call to action: a button in HTML, with its address in full under it. */
  action?: MailLink;
  /** Further links after the action (a receipt, a password reset). */
  links?: readonly MailLink[];
  /** Closing paragraphs in small print (how long a link works, what to do if it was not you). */
  footnote?: readonly string[];
  /** Signed "Parkwell" at the end; false for the team's own notices. */
  signed?: boolean;
}

/** A rendered message that keeps its content, so a link can be added to it later (a receipt's). */
export type LaidOutMail = MailMessage & { content: MailContent };

const signature = "Parkwell";

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe inside HTML and its attributes. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Escaped text whose line breaks stay line breaks. */
const escapedLines = (s: string) => escapeHtml(s).replace(/\r?\n/g, "<br>");

/** The message to `to` with `content` in both parts; its `link` is the action's address. */
export function renderMail(to: string, content: MailContent): LaidOutMail {
  return {
    to,
    subject: content.subject,
    text: renderText(content),
    html: renderHtml(content),
    ...(content.action ? { link: content.action.url } : {}),
    content,
  };
}

/** `mail` again with `link` added after its other links. */
export function withLink(mail: LaidOutMail, link: MailLink): LaidOutMail {
  const again = renderMail(mail.to, { ...mail.content, links: [...(mail.content.links ?? []), link] });
  return { ...mail, ...again };
}

/** The plain-text part: the content's blocks, a blank line between two. */
export function renderText(c: MailContent): string {
  const link = (l: MailLink) => labelled(l.label, l.url, c.language);
  const blocks = [
    c.heading,
    c.greeting,
    ...c.paragraphs,
    c.rows?.length ? c.rows.map((r) => labelled(r.label, r.value, c.language)).join("\n") : undefined,
    ...(c.notes ?? []),
    c.action ? link(c.action) : undefined,
    ...(c.links ?? []).map(link),
    ...(c.footnote ?? []),
    c.signed === false ? undefined : signature,
  ];
  return blocks.filter((b): b is string => !!b).join("\n\n");
}

const font = "font-family:Arial,Helvetica,sans-serif;";
const styles = {
  page: "margin:0;padding:0;background-color:#f3f4f6;",
  card: "max-width:600px;background-color:#ffffff;border-radius:8px;",
  body: `padding:32px 28px;${font}font-size:16px;line-height:1.5;color:#1f2937;`,
  heading: `margin:0 0 16px;${font}font-size:22px;line-height:1.3;color:#111827;`,
  paragraph: "margin:0 0 16px;",
  rows: "border-collapse:collapse;margin:0 0 16px;width:100%;",
  rowLabel: "padding:6px 12px 6px 0;text-align:left;vertical-align:top;font-weight:bold;white-space:nowrap;",
  rowValue: "padding:6px 0;vertical-align:top;",
  rowLine: "border-top:1px solid #e5e7eb;",
  action: "margin:24px 0 8px;",
  button:
    "display:inline-block;padding:12px 20px;background-color:#0b5cad;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;",
  address: "font-size:13px;color:#4b5563;word-break:break-all;",
  footnote: "margin:0 0 12px;font-size:13px;color:#4b5563;",
  preheader: "display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;",
} as const;

const paragraph = (text: string, style: string = styles.paragraph) =>
  `<p style="${style}">${escapedLines(text)}</p>`;

/** A link, then its address in full for a reader whose client does not follow it. */
const linkBlock = (l: MailLink) =>
  `<p style="${styles.paragraph}"><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a><br>` +
  `<span style="${styles.address}">${escapeHtml(l.url)}</span></p>`;

function rowsTable(rows: readonly MailRow[]): string {
  const tr = (r: MailRow, i: number) =>
    `<tr><th scope="row" style="${styles.rowLabel}${i ? styles.rowLine : ""}">${escapeHtml(r.label)}</th>` +
    `<td style="${styles.rowValue}${i ? styles.rowLine : ""}">${escapedLines(r.value)}</td></tr>`;
  return `<table style="${styles.rows}">${rows.map(tr).join("")}</table>`;
}

/**
 * The HTML part: one centred card, the text in escaped paragraphs, tables only for layout
 * (role="presentation") or for the rows (a table a screen reader reads with its row headers).
 */
export function renderHtml(c: MailContent): string {
  const parts = [
    c.heading ? `<h1 style="${styles.heading}">${escapeHtml(c.heading)}</h1>` : "",
    c.greeting ? paragraph(c.greeting) : "",
    ...c.paragraphs.map((p) => paragraph(p)),
    c.rows?.length ? rowsTable(c.rows) : "",
    ...(c.notes ?? []).map((p) => paragraph(p)),
    c.action
      ? `<p style="${styles.action}"><a href="${escapeHtml(c.action.url)}" style="${styles.button}">${escapeHtml(c.action.label)}</a></p>` +
        `<p style="${styles.paragraph}${styles.address}">${escapeHtml(c.action.url)}</p>`
      : "",
    ...(c.links ?? []).map(linkBlock),
    ...(c.footnote ?? []).map((p) => paragraph(p, styles.footnote)),
    c.signed === false ? "" : paragraph(signature),
  ];
  const layout = 'role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"';
  return [
    "<!DOCTYPE html>",
    `<html lang="${c.language}" dir="ltr">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="color-scheme" content="light"><title>${escapeHtml(c.subject)}</title></head>`,
    `<body style="${styles.page}">`,
    c.preheader ? `<div style="${styles.preheader}">${escapeHtml(c.preheader)}</div>` : "",
    `<table ${layout} style="${styles.page}"><tr><td align="center" style="padding:24px 12px;">`,
    `<table ${layout} style="${styles.card}"><tr><td style="${styles.body}">`,
    parts.filter(Boolean).join("\n"),
    "</td></tr></table>",
    "</td></tr></table>",
    "</body></html>",
  ]
    .filter(Boolean)
    .join("\n");
}
