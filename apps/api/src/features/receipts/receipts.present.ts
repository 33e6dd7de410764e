/** A receipt as the API answers it: amounts in major units, each line worded in the reader's language. */
import type { Receipt, ReceiptLineKind, ReceiptParty as PartyView, ReceiptSummary } from "@parkwell/contract";
import type { Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import { bpsToPercent, toMajor } from "../../lib/money";
import type { ReceiptParty } from "../../lib/receipt-records";
import type { ReceiptRow } from "./receipts.repo";

/** What each kind of line is called on a receipt, in English (lib/messages/receipts.ts has the French). */
export const LINE_LABELS: Record<ReceiptLineKind, string> = {
  parking: "Parking",
  service_fee: "Service fee",
  booking_fee: "Booking fee",
  discount: "Discount",
  item: "Item",
  delivery: "Delivery",
  pass: "Monthly pass",
  overstay: "Overstay",
  topup: "Wallet top-up",
  government_fee: "Government fee",
  insurance_premium: "Insurance premium",
};

/**
 * The lines whose detail is a fixed English name (a vehicle document's: decision 031), worded in
 * the reader's language like the label; every other detail is a name as the seller wrote it.
 */
const TRANSLATED_DETAIL: readonly ReceiptLineKind[] = ["government_fee", "insurance_premium"];

const party = (p: ReceiptParty): PartyView => ({
  name: p.name,
  company_name: p.companyName ?? null,
  address: p.address ?? null,
  tax_id: p.taxId ?? null,
  email: p.email ?? null,
});

/** The subject a list shows for a receipt: its first line's (a park, a plan, an item). */
const subjectOf = (r: ReceiptRow): string | null => r.lines.find((l) => l.subject)?.subject ?? null;

export function presentSummary(r: ReceiptRow & { number: string }): ReceiptSummary {
  return {
    number: r.number,
    kind: r.kind,
    issued_at: r.issuedAt.toISOString(),
    time_zone: r.timeZone,
    reference: r.reference,
    subject: subjectOf(r),
    currency: r.currency,
    decimals: r.decimals,
    total: toMajor(r.totalMinor, r.decimals),
    reverses: r.reversesNumber,
  };
}

export function presentReceipt(
  r: ReceiptRow & { number: string },
  creditNotes: string[],
  language: Language,
): Receipt {
  const major = (minor: number) => toMajor(minor, r.decimals);
  const subtotal = r.lines.reduce((sum, l) => sum + l.amountMinor, 0);
  const tax = r.taxes.reduce((sum, t) => sum + t.amountMinor, 0);
  return {
    ...presentSummary(r),
    seller: party(r.seller),
    buyer: party(r.buyer),
    lines: r.lines.map((l) => ({
      kind: l.kind,
      label: translate(LINE_LABELS[l.kind], language),
      subject: l.subject ?? null,
      from: l.from ?? null,
      to: l.to ?? null,
      quantity: l.quantity ?? null,
      detail: l.detail
        ? TRANSLATED_DETAIL.includes(l.kind)
          ? translate(l.detail, language)
          : l.detail
        : null,
      amount: major(l.amountMinor),
    })),
    taxes: r.taxes.map((t) => ({
      name: t.name,
      rate: bpsToPercent(t.rateBps),
      base: major(t.baseMinor),
      amount: major(t.amountMinor),
    })),
    subtotal: major(subtotal),
    tax_total: major(tax),
    credit_notes: creditNotes,
    // GET /receipts/{number}.pdf (receipts.routes.ts): the router tells it from /receipts/{number}.
    pdf_url: `/api/v1/receipts/${r.number}.pdf`,
  };
}
