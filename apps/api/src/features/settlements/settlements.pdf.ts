/**
 * A settlement statement as a PDF (A4), drawn with the receipts' PDF code (pdfkit and the DejaVu
 * fonts of features/receipts/receipts.pdf.ts, its words through the same catalogue): the operator,
 * the period on its clock, the figures from opening to closing balance, then every line (when, the
 * park and product, the receipt's number, gross, commission and share; an adjustment's note).
 */
import { dateTimeFormat, formatMoney } from "@parkwell/contract";
import type { Language } from "../../lib/language";
import { openPdf, say } from "../receipts/receipts.pdf";
import { periodText } from "./settlements.domain";
import type { LineRow, StatementRow } from "./settlements.repo";

const A4_WIDTH = 595.28;
const A4_HEIGHT = 841.89;
const MARGIN = 40;
const RIGHT = A4_WIDTH - MARGIN;
/** The columns of a line: date, park (product, reference), receipt, gross, rate, commission, share. */
const COLS = { date: MARGIN, park: 124, receipt: 250, gross: 335, rate: 397, commission: 427, share: 490 };

const WHEN: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};
/** The statement's close, with its year (the lines' year is the period's, in the title). */
const WHEN_YEAR: Intl.DateTimeFormatOptions = { ...WHEN, year: "numeric" };

/** The words of a line's kind and product, in the reader's language. */
const KIND_WORDS: Record<LineRow["kind"], string> = {
  sale: "Sale",
  refund: "Refund",
  drive_up: "Drive-up sale",
  adjustment: "Adjustment",
  payout: "Payout",
  payout_returned: "Payout returned",
  guarantee: "Space guarantee",
};
const PRODUCT_WORDS: Record<NonNullable<LineRow["product"]>, string> = {
  hourly: "Hourly booking",
  daily: "Daily booking",
  pass: "Monthly pass",
  event: "Event space",
  drive_up: "Drive-up",
};

export function statementPdf(
  s: StatementRow,
  lines: readonly LineRow[],
  language: Language,
): Promise<Buffer> {
  const locale = language === "fr" ? "fr" : "en";
  const money = (minor: number) => formatMoney(minor / 10 ** s.decimals, s.currency, locale);
  const when = (iso: string) => dateTimeFormat(WHEN, locale, s.time_zone).format(new Date(iso));
  const period = periodText(
    { period: s.period, start: new Date(s.period_start), end: new Date(s.period_end), timeZone: s.time_zone },
    language,
  );
  const title = say("Statement {{period}}", language, { period });
  const { doc, done } = openPdf(
    { Title: `${title} ${s.operator_name}`, Author: "Parkwell", lang: locale },
    MARGIN,
  );

  let y = MARGIN;
  const text = (
    t: string,
    x: number,
    width: number,
    opts: { bold?: boolean; size?: number; align?: "left" | "right" } = {},
  ) => {
    doc.font(opts.bold ? "bold" : "body").fontSize(opts.size ?? 8);
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

  y += text(title, MARGIN, RIGHT - MARGIN, { bold: true, size: 18 }) + 6;
  y += text(s.operator_name, MARGIN, RIGHT - MARGIN, { bold: true, size: 11 }) + 2;
  y +=
    text(
      say("Statement no. {{id}}, {{currency}}, closed {{closed}}", language, {
        id: String(s.id),
        currency: s.currency,
        closed: dateTimeFormat(WHEN_YEAR, locale, s.time_zone).format(new Date(s.closed_at)),
      }),
      MARGIN,
      RIGHT - MARGIN,
      { size: 9 },
    ) + 14;

  const totalLine = (label: string, minor: number, bold = false) => {
    room(16);
    text(label, MARGIN, COLS.commission - MARGIN - 8, { bold, align: "right", size: 9 });
    y += text(money(minor), COLS.commission, RIGHT - COLS.commission, { bold, align: "right", size: 9 }) + 3;
  };
  y += text(say("Balance", language), MARGIN, RIGHT - MARGIN, { bold: true, size: 11 }) + 4;
  totalLine(say("Opening balance", language), s.opening_minor);
  totalLine(say("Parking sold", language), s.sales_minor);
  totalLine(say("Refunds", language), s.refunds_minor);
  if (s.collected_minor !== 0) totalLine(say("Collected at your gates", language), -s.collected_minor);
  totalLine(say("Parkwell's commission", language), -s.commission_minor);
  totalLine(say("Adjustments", language), s.adjustments_minor);
  totalLine(say("Payouts", language), s.payouts_minor);
  totalLine(say("Closing balance", language), s.closing_minor, true);
  y += 14;

  const header = () => {
    text(say("When", language), COLS.date, COLS.park - COLS.date - 4, { bold: true });
    text(say("Park and product", language), COLS.park, COLS.receipt - COLS.park - 4, { bold: true });
    text(say("Receipt", language), COLS.receipt, COLS.gross - COLS.receipt - 4, { bold: true });
    text(say("Gross", language), COLS.gross, COLS.rate - COLS.gross - 4, { bold: true, align: "right" });
    text(say("Rate", language), COLS.rate, COLS.commission - COLS.rate - 4, { bold: true, align: "right" });
    text(say("Commission", language), COLS.commission, COLS.share - COLS.commission - 4, {
      bold: true,
      align: "right",
    });
    y += text(say("Share", language), COLS.share, RIGHT - COLS.share, { bold: true, align: "right" }) + 2;
    rule();
  };
  room(60);
  y += text(say("Lines", language), MARGIN, RIGHT - MARGIN, { bold: true, size: 11 }) + 4;
  if (lines.length === 0) y += text(say("No lines in this period", language), MARGIN, RIGHT - MARGIN) + 4;
  else header();
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  for (const l of lines) {
    if (room(30)) header();
    const what = [
      say(KIND_WORDS[l.kind], language),
      l.park_name,
      l.product ? say(PRODUCT_WORDS[l.product], language) : null,
      l.reference,
      l.note,
    ]
      .filter(Boolean)
      .join("\n");
    const heights = [
      text(when(l.occurred_at), COLS.date, COLS.park - COLS.date - 4),
      text(what, COLS.park, COLS.receipt - COLS.park - 4),
      text(l.receipt_number ?? "", COLS.receipt, COLS.gross - COLS.receipt - 4),
      text(l.gross_minor === 0 ? "" : money(l.gross_minor), COLS.gross, COLS.rate - COLS.gross - 4, {
        align: "right",
      }),
      text(
        l.commission_bps === null
          ? ""
          : `${percent.format(l.commission_bps / 100)}${locale === "fr" ? "\u00a0%" : "%"}`,
        COLS.rate,
        COLS.commission - COLS.rate - 4,
        { align: "right" },
      ),
      text(
        l.commission_minor === 0 ? "" : money(l.commission_minor),
        COLS.commission,
        COLS.share - COLS.commission - 4,
        {
          align: "right",
        },
      ),
      text(money(l.amount_minor), COLS.share, RIGHT - COLS.share, { align: "right" }),
    ];
    y += Math.max(...heights) + 3;
  }

  y += 14;
  room(24);
  text(say("Times on the {{zone}} clock.", language, { zone: s.time_zone }), MARGIN, RIGHT - MARGIN, {
    size: 7.5,
  });
  doc.end();
  return done;
}
