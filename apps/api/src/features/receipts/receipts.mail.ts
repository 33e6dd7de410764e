/**
 * The line a purchase's e-mail gives its receipt: "Receipt NG-2026-000123: <PUBLIC_URL>/receipts/
 * NG-2026-000123" ("Reçu … : …"), or "Credit note …" for a refund. The receipt is found by the
 * ledger move's key and numbered first (its country's pending receipts), so the mail can name it;
 * a purchase without a receipt (older data) gets no line.
 */
import type { Db } from "../../db/client";
import type { Language } from "../../lib/language";
import type { MailMessage } from "../../lib/mailer";
import { translate } from "../../lib/messages";
import * as repo from "./receipts.repo";
import { numberReceipts } from "./receipts.service";
import { escapeHtml } from "../../lib/link-mail";

export async function receiptLine(
  d: { db: Db; publicUrl: string },
  where: { ledgerKey: string } | { creditNoteOf: string },
  language: Language,
): Promise<string | null> {
  let found = await repo.receiptForMail(d.db, where);
  if (found && found.number === null) {
    await numberReceipts(d.db, found.country_id);
    found = await repo.receiptForMail(d.db, where);
  }
  if (!found?.number) return null;
  const en = found.kind === "credit_note" ? "Credit note {number}: {link}" : "Receipt {number}: {link}";
  const link = `${d.publicUrl}/receipts/${encodeURIComponent(found.number)}`;
  return translate(en, language).replace("{number}", found.number).replace("{link}", link);
}

const SIGNATURE_TEXT = "\n\nParkwell";
const SIGNATURE_HTML = "<p>Parkwell</p>";

/** `mail` with the receipt's line before its signature (as it is when `line` is null). */
export function withReceiptLine(mail: MailMessage | null, line: string | null): MailMessage | null {
  if (!mail || !line) return mail;
  const text = mail.text.endsWith(SIGNATURE_TEXT)
    ? `${mail.text.slice(0, -SIGNATURE_TEXT.length)}\n\n${line}${SIGNATURE_TEXT}`
    : `${mail.text}\n\n${line}`;
  const url = line.slice(line.lastIndexOf(" ") + 1);
  const label = line.slice(0, line.lastIndexOf(" ")).replace(/\s*:$/, "");
  const p = `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;
  const html = mail.html.endsWith(SIGNATURE_HTML)
    ? `${mail.html.slice(0, -SIGNATURE_HTML.length)}${p}${SIGNATURE_HTML}`
    : `${mail.html}${p}`;
  return { ...mail, text, html };
}
