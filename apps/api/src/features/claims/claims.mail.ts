/**
 * The e-mail a driver gets when their claim is decided (decision 057), by a rule at once or by
 * staff: the decision, what came back with its credit note, the new booking of a rebooking, or why
 * it was declined; composed when its job runs, in the driver's language, every time on the park's
 * clock with the month.
 */
import { formatZonedDateTime, type ClaimReason } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { MailJob } from "../../jobs/mail-job";
import { renderMail, type LaidOutMail } from "../../lib/mail-layout";
import type { MailMessage } from "../../lib/mailer";
import { moneyText } from "../../lib/money";
import { fill, mailTexts } from "../../lib/texts";
import { receiptLine, withReceiptLine } from "../receipts/receipts.mail";
import type { ServedCountries } from "../reference/served-countries";
import { claimView } from "./claims.repo";
import { decidedByOf } from "./claims.domain";

type Lang = "en" | "fr";

export interface ClaimMailDeps {
  db: Db;
  countries: ServedCountries;
  publicUrl: string;
}

export async function composeClaimMail(
  d: ClaimMailDeps,
  job: Extract<MailJob, { type: "claim_decided" }>,
): Promise<MailMessage | null> {
  const v = await claimView(d.db, job.claimId);
  const decidedAt = v?.row.decidedAt;
  if (!v?.row.decision || !decidedAt) return null;
  const lang: Lang = v.language === "fr" ? "fr" : "en";
  const c = v.row;
  const currency = c.currency.trim();
  const mail = claimDecidedMail(lang, v.email, {
    code: c.code,
    firstName: v.firstName,
    reason: c.reason as ClaimReason,
    subject: v.bookingCode ?? v.passCode ?? "",
    park: v.parkName,
    timeZone: v.timeZone,
    filedAt: c.filedAt,
    decidedAt,
    decision:
      c.decision === "decline"
        ? "declined"
        : c.decision === "rebook"
          ? ({ rule: "ruleRebooked", attendant: "attendantRebooked", staff: "rebooked" } as const)[
              decidedByOf(c)
            ]
          : ({ rule: "rule", attendant: "attendant", staff: "refunded" } as const)[decidedByOf(c)],
    refund: moneyText(c.refundMinor, currency, await d.countries.currencyDecimals(currency), lang),
    rebooked: v.rebooked ? { code: v.rebooked.bookingCode, park: v.rebooked.parkName } : null,
    note: c.decisionReason,
    link: `${d.publicUrl}/claims/${c.id}`,
  });
  const receipt = c.refundLedgerKey ? await receiptLine(d, { ledgerKey: c.refundLedgerKey }, lang) : null;
  return withReceiptLine(mail, receipt);
}

export function claimDecidedMail(
  lang: Lang,
  to: string,
  o: {
    code: string;
    firstName: string;
    reason: ClaimReason;
    /** The booking's or the pass's code. */
    subject: string;
    park: string;
    timeZone: string;
    filedAt: Date;
    decidedAt: Date;
    /**
     * rule: refunded at once by the park's records; refunded: by staff; declined; rebooked (by
     * staff) or ruleRebooked (at once, the driver having asked for a space nearby); attendant and
     * attendantRebooked: the same, the park's attendant having confirmed the problem at the gate.
     */
    decision:
      "rule" | "refunded" | "declined" | "rebooked" | "ruleRebooked" | "attendant" | "attendantRebooked";
    refund: string;
    /** A rebooking's new booking: its code and park. */
    rebooked?: { code: string; park: string } | null;
    note: string | null;
    link: string;
  },
): LaidOutMail {
  const words = mailTexts(lang).claims;
  const at = (d: Date) => formatZonedDateTime(d.toISOString(), lang, o.timeZone);
  // Filled in one pass: a value (staff's words) is never read as a placeholder.
  const values = {
    code: o.code,
    name: o.firstName,
    subject: o.subject,
    park: o.park,
    refund: o.refund,
    note: o.note ?? "",
    newCode: o.rebooked?.code ?? "",
    newPark: o.rebooked?.park ?? "",
  };
  const t = words[o.decision];
  return renderMail(to, {
    language: lang,
    subject: fill(t.subject, values),
    greeting: fill(words.hello, values),
    paragraphs: [fill(t.intro, values), ...(o.note ? [fill(words.note, values)] : [])],
    rows: [
      { label: words.claim, value: o.code },
      { label: words.problem, value: words.reasons[o.reason] },
      { label: words.parking, value: `${o.subject} · ${o.park}` },
      { label: words.filed, value: at(o.filedAt) },
      { label: words.decided, value: at(o.decidedAt) },
      ...(o.rebooked ? [{ label: words.newBooking, value: `${o.rebooked.code} · ${o.rebooked.park}` }] : []),
    ],
    action: { label: words.action, url: o.link },
  });
}
