/**
 * A company's monthly statement as a PDF (A4), drawn with the receipts' PDF code (pdfkit and the
 * DejaVu fonts of features/receipts/receipts.pdf.ts, its sentences through the same catalogue):
 * the company, its account's opening balance, the month's money in and out and its closing
 * balance, every purchase receipt and credit note of the month with its member and cost
 * centre, the totals per tax rate and per currency, then the month's top-ups apart.
 */
import { dateTimeFormat, formatMoney, formatTaxRate } from "@parkwell/contract";
import { labelled, type Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import { receiptWords } from "../../lib/texts";
import { openPdf, say } from "../receipts/receipts.pdf";
import type { CurrencyTotal, Statement, StatementLine } from "./company-statement.domain";

const A4_WIDTH = 595.28;
const A4_HEIGHT = 841.89;
const MARGIN = 40;
const RIGHT = A4_WIDTH - MARGIN;
/** The columns of a receipt row: date, number, member (cost centre), reference, total. */
const COLS = { date: MARGIN, number: 122, member: 215, reference: 370, total: 460 };

/** "November 2026" in the reader's language. */
export function monthTitle(month: string, language: Language): string {
  return dateTimeFormat({ year: "numeric", month: "long" }, language === "fr" ? "fr" : "en", "UTC").format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

export function statementPdf(s: Statement, language: Language): Promise<Buffer> {
  const locale = language === "fr" ? "fr" : "en";
  const money = (minor: number, currency: string, decimals: number) =>
    formatMoney(minor / 10 ** decimals, currency, locale);
  const day = (at: Date) =>
    dateTimeFormat(
      { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
      locale,
      s.timeZone,
    ).format(at);
  const title = say("Statement {{month}}", language, { month: monthTitle(s.month, language) });
  const { doc, done } = openPdf(
    { Title: `${title} ${s.company.name}`, Author: "Parkwell", lang: locale },
    MARGIN,
  );

  let y = MARGIN;
  const text = (
    t: string,
    x: number,
    width: number,
    opts: { bold?: boolean; size?: number; align?: "left" | "right" } = {},
  ) => {
    doc.font(opts.bold ? "bold" : "body").fontSize(opts.size ?? 8.5);
    doc.text(t, x, y, { width, align: opts.align ?? "left", lineGap: 1 });
    return doc.heightOfString(t, { width, lineGap: 1 });
  };
  const room = (needed: number) => {
    if (y + needed <= A4_HEIGHT - MARGIN) return false;
    doc.addPage();
    y = MARGIN;
    return true;
  };
  const rule = () => {
    doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.6).stroke();
    y += 5;
  };

  y += text(title, MARGIN, RIGHT - MARGIN, { bold: true, size: 18 }) + 8;
  const company = [
    s.company.name,
    ...s.company.address
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
    s.company.taxId ? labelled(say("Tax ID", language), s.company.taxId, language) : null,
    s.company.email,
  ].filter((l): l is string => !!l);
  for (const [i, l] of company.entries()) y += text(l, MARGIN, 300, { bold: i === 0, size: 9.5 }) + 1;
  y += 14;

  const header = () => {
    text(say("Date", language), COLS.date, COLS.number - COLS.date - 4, { bold: true });
    text(receiptWords(language).number, COLS.number, COLS.member - COLS.number - 4, { bold: true });
    text(say("Member (cost centre)", language), COLS.member, COLS.reference - COLS.member - 4, {
      bold: true,
    });
    text(receiptWords(language).reference, COLS.reference, COLS.total - COLS.reference - 4, { bold: true });
    y += text(say("Total", language), COLS.total, RIGHT - COLS.total, { bold: true, align: "right" }) + 2;
    rule();
  };
  const rows = (lines: readonly StatementLine[]) => {
    header();
    for (const l of lines) {
      if (room(24)) header();
      const member = l.costCentre ? `${l.memberName} (${l.costCentre})` : l.memberName;
      const number =
        l.kind === "credit_note" ? `${l.number} (${receiptWords(language).creditTitle})` : l.number;
      const heights = [
        text(day(l.issuedAt), COLS.date, COLS.number - COLS.date - 4),
        text(number, COLS.number, COLS.member - COLS.number - 4),
        text(member, COLS.member, COLS.reference - COLS.member - 4),
        text(l.reference, COLS.reference, COLS.total - COLS.reference - 4),
        text(money(l.totalMinor, l.currency, l.decimals), COLS.total, RIGHT - COLS.total, { align: "right" }),
      ];
      y += Math.max(...heights) + 3;
    }
  };
  const totalLine = (label: string, amount: string, bold = false) => {
    room(16);
    text(label, MARGIN, COLS.total - MARGIN - 8, { bold, align: "right" });
    y += text(amount, COLS.total, RIGHT - COLS.total, { bold, align: "right" }) + 3;
  };
  const totals = (list: readonly CurrencyTotal[], label: string) => {
    for (const t of list)
      totalLine(
        say(label, language, { currency: t.currency }),
        money(t.totalMinor, t.currency, t.decimals),
        true,
      );
  };

  // The account over the month: opening + money in - money out = closing, from the ledger.
  y += text(say("Balance", language), MARGIN, RIGHT - MARGIN, { bold: true, size: 11 }) + 4;
  for (const b of s.balances) {
    const m = (minor: number) => money(minor, b.currency, b.decimals);
    totalLine(say("Opening balance {{currency}}", language, { currency: b.currency }), m(b.openingMinor));
    totalLine(say("Money in", language), m(b.inMinor));
    totalLine(say("Money out", language), m(-b.outMinor));
    totalLine(
      say("Closing balance {{currency}}", language, { currency: b.currency }),
      m(b.closingMinor),
      true,
    );
  }
  y += 14;

  y += text(say("Purchases", language), MARGIN, RIGHT - MARGIN, { bold: true, size: 11 }) + 4;
  if (s.purchases.length === 0)
    y += text(say("No purchases this month", language), MARGIN, RIGHT - MARGIN) + 4;
  else rows(s.purchases);
  y += 6;
  for (const t of s.taxes) {
    totalLine(
      say("{{tax}} {{rate}} on {{base}}", language, {
        tax: translate(t.name, language),
        rate: formatTaxRate(t.rateBps / 100, locale),
        base: money(t.baseMinor, t.currency, t.decimals),
      }),
      money(t.amountMinor, t.currency, t.decimals),
    );
  }
  totals(s.totals, "Total {{currency}}");

  y += 14;
  room(60);
  y += text(say("Top-ups", language), MARGIN, RIGHT - MARGIN, { bold: true, size: 11 }) + 4;
  if (s.topUps.length === 0) y += text(say("No top-ups this month", language), MARGIN, RIGHT - MARGIN) + 4;
  else rows(s.topUps);
  totals(s.topUpTotals, "Top-ups {{currency}}");

  if (s.credits.length > 0) {
    // Money in without a document: what the space guarantee paid of a rebooked booking's price.
    y += 14;
    room(60);
    y += text(say("Space guarantee credits", language), MARGIN, RIGHT - MARGIN, { bold: true, size: 11 }) + 4;
    rows(s.credits);
    totals(s.creditTotals, "Space guarantee credits {{currency}}");
  }

  y += 14;
  room(24);
  text(say("Times on the {{zone}} clock.", language, { zone: s.timeZone }), MARGIN, RIGHT - MARGIN, {
    size: 7.5,
  });
  doc.end();
  return done;
}
