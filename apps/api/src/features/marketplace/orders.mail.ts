/**
 * An order's e-mails (placed, out for delivery, delivered, cancelled, rejected, returned), composed
 * when the mail job runs, in the driver's language, from the order as it is then. A pickup's
 * "delivered" mail says it was collected (stageWord); an order a company paid says the company
 * paid it and got its refunds.
 */
import { stageWord } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { MailJob } from "../../jobs/mail-job";
import { renderMail, type LaidOutMail } from "../../lib/mail-layout";
import type { MailMessage } from "../../lib/mailer";
import { moneyText } from "../../lib/money";
import { fill, mailTexts } from "../../lib/texts";
import { receiptLine, withReceiptLine } from "../receipts/receipts.mail";
import type { ServedCountries } from "../reference/served-countries";
import { orderLinesOf, orderWithDriver, payerCompanyName } from "./orders.repo";

type Lang = "en" | "fr";

/** What a mail says: its template's words, or a pickup's collection for its "delivered". */
/** The marketplace order stages a driver is written to about. */
export type OrderMailTemplate =
  "placed" | "out_for_delivery" | "delivered" | "canceled" | "rejected" | "returned";
export type OrderMailWords = OrderMailTemplate | "collected";

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /** An order reached a stage; `refundMinor` is what that move gave back to the wallet. */
    order: { template: OrderMailTemplate; orderId: string; refundMinor: number };
  }
}

export interface OrderMailDeps {
  db: Db;
  countries: ServedCountries;
  publicUrl: string;
}

/** The message of an order mail job; null when the order or its driver is gone. */
export async function composeOrderMail(
  d: OrderMailDeps,
  job: Extract<MailJob, { type: "order" }>,
): Promise<MailMessage | null> {
  const found = await orderWithDriver(d.db, job.orderId);
  if (!found) return null;
  const lines = await orderLinesOf(d.db, job.orderId);
  const lang: Lang = found.language === "fr" ? "fr" : "en";
  const words: OrderMailWords =
    job.template === "delivered" && stageWord("delivered", found.order.orderType) === "collected"
      ? "collected"
      : job.template;
  // Placing is the order's first move (`order:<id>:1`); a refund's stage names its credit note.
  const where =
    job.template === "placed"
      ? { ledgerKey: `order:${job.orderId}:1` }
      : job.refundMinor > 0
        ? { creditNoteOf: `order:${job.orderId}:` }
        : null;
  const receipt = where ? await receiptLine(d, where, lang) : null;
  const mail = orderMail(words, lang, found.email, {
    code: found.order.orderCode,
    currency: found.order.currency,
    decimals: d.countries.decimalsOf(found.order.currency),
    totalMinor: found.order.totalMinor,
    refundMinor: job.refundMinor,
    lines: lines.map((l) => ({ name: l.name[lang], quantity: l.quantity })),
    publicUrl: d.publicUrl,
    company: await payerCompanyName(d.db, job.orderId),
  });
  return withReceiptLine(mail, receipt);
}

export function orderMail(
  template: OrderMailWords,
  lang: Lang,
  to: string,
  o: {
    code: string;
    currency: string;
    decimals: number;
    totalMinor: number;
    refundMinor: number;
    lines: { name: string; quantity: number }[];
    publicUrl: string;
    /** The company that paid the order; null or absent: the driver's wallet. */
    company?: string | null;
  },
): LaidOutMail {
  const money = (minor: number) => moneyText(minor, o.currency, o.decimals, lang);
  // Filled in one pass: a value (a company's name) is never read as a placeholder.
  const values = {
    code: o.code,
    total: money(o.totalMinor),
    refund: money(o.refundMinor),
    company: o.company ?? "",
  };
  const words = mailTexts(lang).orders;
  const t = words[template];
  // The intros that name the money's way, for an order a company paid ({{company}}: its name).
  const companyIntros: Partial<Record<OrderMailWords, string>> = words.companyIntros;
  const intro = (o.company && companyIntros[template]) || t.intro;
  const l = words.labels;
  const link = `${o.publicUrl}/orders/${encodeURIComponent(o.code)}`;
  return renderMail(to, {
    language: lang,
    subject: fill(t.subject, values),
    paragraphs: [fill(intro, values)],
    rows: [
      { label: l.items, value: o.lines.map((x) => `${x.quantity} × ${x.name}`).join(", ") },
      { label: l.total, value: money(o.totalMinor) },
    ],
    action: { label: l.details, url: link },
  });
}
