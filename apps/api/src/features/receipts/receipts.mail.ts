/**
 * The link a purchase's e-mail gives its receipt: "Receipt NG-2026-000123: <PUBLIC_URL>/receipts/
 * NG-2026-000123" ("Reçu … : …", the `server` namespace's sentence, as the receipt's page) in the text, a link in the HTML, or "Credit note …" for a
 * refund. The receipt is found by the ledger move's key and numbered first (its country's pending
 * receipts), so the mail can name it; a purchase without a receipt (older data) gets no link.
 */
import type { Db } from "../../db/client";
import type { Language } from "../../lib/language";
import { withLink, type LaidOutMail, type MailLink } from "../../lib/mail-layout";
import { translate } from "../../lib/messages";
import { fill } from "../../lib/texts";
import * as repo from "./receipts.repo";
import { numberReceipts } from "./receipts.service";

export async function receiptLine(
  d: { db: Db; publicUrl: string },
  where: { ledgerKey: string } | { creditNoteOf: string },
  language: Language,
): Promise<MailLink | null> {
  let found = await repo.receiptForMail(d.db, where);
  if (found && found.number === null) {
    await numberReceipts(d.db, found.country_id);
    found = await repo.receiptForMail(d.db, where);
  }
  if (!found?.number) return null;
  const en =
    found.kind === "credit_note" ? "Credit note {{number}}: {{link}}" : "Receipt {{number}}: {{link}}";
  // The catalogue's sentence is "Receipt {{number}}: {{link}}"; the layout writes the "label: link".
  const label = fill(translate(en, language).replace(/\s*:\s*\{\{link\}\}$/, ""), { number: found.number });
  return { label, url: `${d.publicUrl}/receipts/${encodeURIComponent(found.number)}` };
}

/** `mail` with the receipt's link after its other links (as it is when `link` is null). */
export function withReceiptLine(mail: LaidOutMail | null, link: MailLink | null): LaidOutMail | null {
  return mail && link ? withLink(mail, link) : mail;
}
