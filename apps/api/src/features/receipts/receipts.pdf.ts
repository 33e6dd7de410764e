/**
 * A receipt or credit note as a PDF tax invoice (A4), drawn on the server with pdfkit, in the
 * reader's language, amounts written as the product writes money (formatMoney) and times on the
 * receipt's own clock. The font is DejaVu Sans, shipped as TrueType files by the npm package
 * `dejavu-fonts-ttf` and embedded (subset) in each document: it has the naira sign (U+20A6), the
 * euro, French accents and ligatures, « », and the narrow spaces French numbers use, so nothing
 * depends on the fonts of the machine the API runs on.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dateTimeFormat, formatMoney, formatTaxRate, type Receipt } from "@parkwell/contract";
import PDFDocument from "pdfkit";
import { labelled, type Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import { fill, receiptWords } from "../../lib/texts";

const require = createRequire(import.meta.url);
let fonts: { body: Buffer; bold: Buffer } | null = null;
/** The two TrueType files, read once per process (pdfkit embeds only the glyphs a document uses). */
function fontFiles() {
  fonts ??= {
    body: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  };
  return fonts;
}

/** "31 December 2026 at 23:30 GMT+1": the month in words, the zone named. */
/**
 * An A4 document with the two fonts registered (as "body" and "bold") and its bytes collected:
 * the one PDF setup of receipts and of a company's statement. `done` resolves once `doc.end()`
 * has been called and every byte is out.
 */
export function openPdf(info: { Title: string; Author: string; lang: string }, margin: number) {
  const doc = new PDFDocument({
    size: "A4",
    margin,
    info: { Title: info.Title, Author: info.Author },
    lang: info.lang,
  });
  doc.registerFont("body", fontFiles().body);
  doc.registerFont("bold", fontFiles().bold);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

const WHEN: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};
/** "1 Dec 2026, 09:00": a line's period, on the same clock (the zone is named once, at the top). */
const PERIOD: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/**
 * A sentence with values, in `language`: the catalogue's pattern (the `server` namespace's
 * `receipts`) translated, then filled, so a value (a tax's name, a number) is never translated itself.
 */
export function say(en: string, language: Language, values: Record<string, string> = {}): string {
  return fill(translate(en, language), values);
}

const A4_WIDTH = 595.28;
const A4_HEIGHT = 841.89;
const MARGIN = 50;
const RIGHT = A4_WIDTH - MARGIN;
const QTY_X = 360;
const AMOUNT_X = 420;
const LINE_GAP = 4;

export function receiptPdf(r: Receipt, language: Language): Promise<Buffer> {
  const locale = language === "fr" ? "fr" : "en";
  const money = (amount: number) => formatMoney(amount, r.currency, locale);
  const when = (iso: string, options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(options, locale, r.time_zone).format(new Date(iso));
  const creditNote = r.kind === "credit_note";
  const { doc, done } = openPdf(
    {
      Title: `${creditNote ? receiptWords(language).creditTitle : receiptWords(language).title} ${r.number}`,
      Author: r.seller.name,
      lang: locale,
    },
    MARGIN,
  );

  let y = MARGIN;
  /** Writes one text at (x, y), at most `width` wide; answers its height. */
  const text = (
    s: string,
    x: number,
    width: number,
    opts: { bold?: boolean; size?: number; align?: "left" | "right" } = {},
  ) => {
    doc.font(opts.bold ? "bold" : "body").fontSize(opts.size ?? 9.5);
    doc.text(s, x, y, { width, align: opts.align ?? "left", lineGap: 1 });
    return doc.heightOfString(s, { width, lineGap: 1 });
  };
  /** A new page when `needed` points do not fit above the bottom margin. */
  const room = (needed: number) => {
    if (y + needed <= A4_HEIGHT - MARGIN) return;
    doc.addPage();
    y = MARGIN;
  };

  // Title, number and date.
  text(creditNote ? receiptWords(language).creditTitle : receiptWords(language).title, MARGIN, 170, {
    bold: true,
    size: 22,
  });
  const right = (s: string, opts: { bold?: boolean } = {}) => {
    const h = text(s, 230, RIGHT - 230, { ...opts, align: "right" });
    y += h + 2;
  };
  right(labelled(receiptWords(language).number, r.number, language), { bold: true });
  right(labelled(say("Date", language), when(r.issued_at, WHEN), language));
  right(labelled(say("Time zone", language), r.time_zone, language));
  if (creditNote && r.reverses) right(say("Reverses receipt {{number}}", language, { number: r.reverses }));
  y = Math.max(y, MARGIN + 40) + 18;

  // Seller and buyer.
  const partyLines = (p: Receipt["seller"]) =>
    [
      p.company_name ? p.company_name : null,
      p.name,
      ...(p.address ? p.address.split(/\r?\n/).map((s) => s.trim()) : []),
      p.tax_id ? labelled(say("Tax ID", language), p.tax_id, language) : null,
      p.email,
    ].filter((s): s is string => !!s);
  const blockTop = y;
  const block = (title: string, lines: string[], x: number) => {
    y = blockTop;
    y += text(title, x, 230, { bold: true, size: 10.5 }) + LINE_GAP;
    for (const l of lines) y += text(l, x, 230) + 1;
    return y;
  };
  const sellerEnd = block(receiptWords(language).seller, partyLines(r.seller), MARGIN);
  const buyerEnd = block(say("Buyer", language), partyLines(r.buyer), 315);
  y = Math.max(sellerEnd, buyerEnd) + 14;
  y += text(labelled(receiptWords(language).reference, r.reference, language), MARGIN, RIGHT - MARGIN) + 14;

  // The lines; a Quantity column only when a line has one (a booking's lines have none).
  const quantities = r.lines.some((l) => l.quantity !== null);
  const header = () => {
    text(receiptWords(language).description, MARGIN, QTY_X - MARGIN - 10, { bold: true });
    if (quantities)
      text(say("Quantity", language), QTY_X, AMOUNT_X - QTY_X - 10, { bold: true, align: "right" });
    y += text(receiptWords(language).amount, AMOUNT_X, RIGHT - AMOUNT_X, { bold: true, align: "right" }) + 3;
    doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.7).stroke();
    y += 6;
  };
  header();
  for (const l of r.lines) {
    const title = l.subject ? labelled(l.label, l.subject, language) : l.label;
    const details = [
      l.from && l.to ? `${when(l.from, PERIOD)} – ${when(l.to, PERIOD)}` : null,
      l.detail,
    ].filter((s): s is string => !!s);
    room(20 + details.length * 13);
    if (y === MARGIN) header();
    if (l.quantity !== null) text(String(l.quantity), QTY_X, AMOUNT_X - QTY_X - 10, { align: "right" });
    if (l.amount !== null) text(money(l.amount), AMOUNT_X, RIGHT - AMOUNT_X, { align: "right" });
    y += text(title, MARGIN, QTY_X - MARGIN - 10) + 1;
    for (const d of details) y += text(d, MARGIN + 10, QTY_X - MARGIN - 20, { size: 8.5 }) + 1;
    y += LINE_GAP + 2;
  }

  // Totals.
  room(40 + r.taxes.length * 14);
  doc
    .moveTo(QTY_X - 60, y)
    .lineTo(RIGHT, y)
    .lineWidth(0.7)
    .stroke();
  y += 6;
  const total = (label: string, amount: number, bold = false) => {
    text(label, MARGIN, AMOUNT_X - MARGIN - 10, { bold, align: "right" });
    y += text(money(amount), AMOUNT_X, RIGHT - AMOUNT_X, { bold, align: "right" }) + LINE_GAP;
  };
  total(receiptWords(language).subtotal, r.subtotal);
  for (const t of r.taxes) {
    total(
      say("{{tax}} {{rate}} on {{base}}", language, {
        tax: t.name,
        rate: formatTaxRate(t.rate, locale),
        base: money(t.base),
      }),
      t.amount,
    );
  }
  total(say("Total", language), r.total, true);
  y += 16;
  room(30);
  text(
    say("Amounts in {{currency}}. Times on the {{zone}} clock.", language, {
      currency: r.currency,
      zone: r.time_zone,
    }),
    MARGIN,
    RIGHT - MARGIN,
    { size: 8 },
  );

  doc.end();
  return done;
}
