/** The team's copy of each Contact Us message and demo request. */
import { escapeHtml } from "../../lib/link-mail";
import type { MailMessage } from "../../lib/mailer";

/**
 * The team's copy of a Contact Us message or demo request (in English, the team's language):
 * every field the visitor gave, and the link to it in the back office.
 */
export function inquiryMail(
  to: string,
  inquiry: {
    kind: "contact" | "demo";
    reference: string;
    name: string;
    email: string;
    phone: string | null;
    topic: string | null;
    company: string | null;
    country_code: string | null;
    interest: string | null;
    spaces: number | null;
    message: string | null;
    language: string | null;
  },
  link: string,
): MailMessage {
  const what = inquiry.kind === "contact" ? "Contact Us message" : "Demo request";
  const subject = `${what} ${inquiry.reference} from ${inquiry.name}${inquiry.company ? ` (${inquiry.company})` : ""}`;
  const facts: [string, string | number | null][] = [
    ["Reference", inquiry.reference],
    ["Name", inquiry.name],
    ["Email", inquiry.email],
    ["Phone", inquiry.phone],
    ["Topic", inquiry.topic],
    ["Company", inquiry.company],
    ["Country", inquiry.country_code],
    ["Interest", inquiry.interest],
    ["Spaces", inquiry.spaces],
    ["Language", inquiry.language],
  ];
  const shown = facts.filter((f): f is [string, string | number] => f[1] !== null && f[1] !== "");
  const text = [
    `A new ${what.toLowerCase()} was sent on Parkwell.`,
    shown.map(([k, v]) => `${k}: ${v}`).join("\n"),
    inquiry.message ? `Message:\n${inquiry.message}` : "",
    `Open it in the back office: ${link}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const html = [
    `<p>A new ${escapeHtml(what.toLowerCase())} was sent on Parkwell.</p>`,
    `<table>${shown.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(String(v))}</td></tr>`).join("")}</table>`,
    inquiry.message ? `<p style="white-space:pre-wrap">${escapeHtml(inquiry.message)}</p>` : "",
    `<p><a href="${escapeHtml(link)}">Open it in the back office</a></p>`,
  ].join("");
  return { to, subject, text, html, link };
}
